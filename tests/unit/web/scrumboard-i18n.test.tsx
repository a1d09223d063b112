import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DndContext } from '@dnd-kit/core';
import linguiApi from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { Route, Router } from 'wouter';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '@web/components/datetime-local';
import { BoardColumn, type ListActions } from '@web/features/demo/scrumboard/board-column';
import BoardPage from '@web/features/demo/scrumboard/board-page';
import type { Board } from '@web/features/demo/scrumboard/board-types';
import BoardsPage from '@web/features/demo/scrumboard/boards-page';
import { CardDialog } from '@web/features/demo/scrumboard/card-dialog';
import { SettingsDialog } from '@web/features/demo/scrumboard/settings-dialog';
import { i18n } from '@web/lib/i18n/i18n';
import { sessionTrpc, trpc } from '@web/lib/trpc';

// Rendered to static markup there is no DOM to portal into: the dialogs render in place, and a list's actions menu
// renders open (its trigger and items as plain elements), so their texts are part of the page under test.
vi.mock('@radix-ui/react-dialog', async (original) => ({ ...(await original<typeof import('@radix-ui/react-dialog')>()), Portal: ({ children }: { children: ReactNode }) => children }));
vi.mock('@radix-ui/react-dropdown-menu', () => ({
  Root: ({ children }: { children: ReactNode }) => children,
  Portal: ({ children }: { children: ReactNode }) => children,
  Trigger: ({ children, className, ...props }: { children: ReactNode; className?: string; 'aria-label'?: string }) => (
    <button type="button" className={className} aria-label={props['aria-label']}>
      {children}
    </button>
  ),
  Content: ({ children }: { children: ReactNode }) => <div role="menu">{children}</div>,
  Item: ({ children }: { children: ReactNode }) => <div role="menuitem">{children}</div>,
}));

const marker = (text: string) => `⟦${text}⟧`;

/** Every message of the Scrumboard and of the shared components it uses, wrapped in ⟦ ⟧: text that bypasses the catalogs shows no markers. */
async function markedCatalog(): Promise<Messages> {
  const linguiConfig = getConfig({ cwd: process.cwd() });
  const messages: Messages = {};
  const files = ['web/src/features/demo/scrumboard', 'web/src/components'].flatMap((folder) => readdirSync(folder).filter((name) => /\.tsx?$/.test(name)).map((name) => join(folder, name)));
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes('@lingui/')) continue;
    await linguiApi.extractor.extract(
      file,
      code,
      (message) => {
        const source = message.message ?? message.id;
        messages[generateMessageId(source, message.context)] = compileMessage(marker(source));
      },
      { linguiConfig },
    );
  }
  return messages;
}

const due = '2026-12-03';
const commented = '2026-11-28T14:05:00Z';
/** The sample data of the board (names, titles, comments stay as written, in any language). */
const board: Board = {
  id: 'board-spring',
  name: 'Spring launch',
  uri: 'spring-launch',
  settings: { color: 'teal', subscribed: false, cardCoverImages: true },
  members: [{ id: 'member-ada', name: 'Ada Lovelace', avatar: '/avatars/ada.png' }],
  labels: [{ id: 'label-urgent', name: 'Urgent', class: 'bg-red-600 text-white' }],
  lists: [
    { id: 'list-ideas', name: 'Ideas', idCards: ['card-teaser'] },
    { id: 'list-doing', name: 'Doing', idCards: [] },
  ],
  cards: [
    {
      id: 'card-teaser',
      name: 'Write the teaser',
      description: 'A short teaser for the socials',
      idAttachmentCover: 'attachment-poster',
      idMembers: ['member-ada'],
      idLabels: ['label-urgent'],
      attachments: [
        { id: 'attachment-poster', name: 'Poster', src: '/uploads/poster.png', time: commented, type: 'image' },
        { id: 'attachment-kit', name: 'Press kit', url: 'https://example.com/kit', time: commented, type: 'link' },
      ],
      subscribed: true,
      checklists: [{ id: 'checklist-prep', name: 'Preparation', checkItems: [{ id: 'item-studio', name: 'Book the studio', checked: true }, { id: 'item-mic', name: 'Test the microphone', checked: false }] }],
      activities: [
        { id: 'activity-ada', type: 'comment', idMember: 'member-ada', message: 'Looks good', time: commented },
        { id: 'activity-gone', type: 'comment', idMember: 'member-who-left', message: 'Ship it', time: commented },
      ],
      due,
    },
  ],
};
const sampleData = [board.name, ...board.lists.map((list) => list.name), 'Write the teaser', 'A short teaser for the socials', 'Ada Lovelace', 'Urgent', 'Poster', 'Press kit', 'Preparation', 'Book the studio', 'Test the microphone', 'Looks good', 'Ship it'];

function render(node: ReactNode, path = '/apps/scrumboard'): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getQueryKey(trpc.demo.scrumboard.boards, undefined, 'query'), [{ id: board.id, name: board.name, uri: board.uri }]);
  queryClient.setQueryData(getQueryKey(trpc.demo.scrumboard.board, { boardId: board.id }, 'query'), board);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <trpc.Provider client={sessionTrpc} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Router ssrPath={path} ssrSearch="">
            {node}
          </Router>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>,
  );
}

const noActions: ListActions = { onRename: () => undefined, onRemove: () => undefined, onAddCard: () => undefined, onOpenCard: () => undefined, addingCard: false };
const ignore = () => undefined;

/** Every screen of the Scrumboard: the board list, an empty board list, a board, its lists and cards, a card, the settings. */
function renderScreens() {
  return {
    boards: render(<BoardsPage />),
    board: render(
      <Route path="/apps/scrumboard/boards/:boardId/:uri">
        <BoardPage />
      </Route>,
      `/apps/scrumboard/boards/${board.id}/${board.uri}`,
    ),
    lists: render(
      <DndContext>
        <ol>
          {board.lists.map((list) => (
            <BoardColumn key={list.id} list={list} board={board} cards={board.cards.filter((card) => list.idCards.includes(card.id))} actions={noActions} />
          ))}
        </ol>
      </DndContext>,
    ),
    card: render(<CardDialog board={board} card={board.cards[0]!} onClose={ignore} onChange={ignore} onRemove={ignore} removing={false} />),
    settings: render(<SettingsDialog board={board} open onOpenChange={ignore} onSave={ignore} saving={false} />),
  };
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** What a person reads (text, names given to assistive technology, placeholders, tooltips) that is neither a message from the catalogs nor the given data. */
function textOutsideCatalogs(html: string, data: readonly string[]): string[] {
  const read = [
    ...[...html.matchAll(/\s(?:aria-label|aria-roledescription|placeholder|title|alt)="([^"]*)"/g)].map((match) => match[1]!),
    ...[...html.replace(/<svg[\s\S]*?<\/svg>/g, '').matchAll(/>([^<]+)</g)].map((match) => match[1]!),
  ].map(decode);
  return read.filter((text) => {
    let rest = text.replace(/⟦[^⟦⟧]*⟧/g, '');
    for (const value of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(value).join('');
    return /\p{L}/u.test(rest);
  });
}

describe('Scrumboard in the reader’s language (issue 34)', () => {
  let catalog: Messages;
  beforeAll(async () => {
    catalog = await markedCatalog();
  });
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('every text a person reads comes from the catalogs; the sample data stays as written; dates are the locale’s', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: catalog });
    const screens = renderScreens();
    const dates = [formatDate(due), formatDateTime(commented)];
    expect(dates[0]).toContain('ديسمبر');
    // The link field's placeholder shows the form of an address, the same in every language.
    const sameEverywhere = ['https://…'];
    for (const [screen, html] of Object.entries(screens)) expect({ screen, english: textOutsideCatalogs(html, [...sampleData, ...dates, ...sameEverywhere]) }).toEqual({ screen, english: [] });
    const all = Object.values(screens).join('');
    for (const message of ['Your boards', 'Add new board', 'Back to boards', 'Board settings', 'Delete board', 'Add a list', 'Remove list', 'Add a card', 'Draggable card', 'Subscribed', 'Delete card', 'Unsubscribe', 'Due date', 'Checklist progress', 'Remove cover', 'Attach link', 'Comments and activity', 'A teammate', 'Save settings', 'Teal', 'Show card cover images'])
      expect(all).toContain(marker(message));
    expect(all).toContain(`aria-label="${marker('Cards in Ideas')}"`);
    expect(all).toContain(formatDate(due));
    expect(all).toContain(formatDateTime(commented));
    expect(all).not.toContain('Dec 3, 2026');
    for (const list of board.lists) expect(all).toContain(`value="${list.name}"`);
    for (const value of ['Spring launch', 'Write the teaser', 'Urgent', 'Ada Lovelace', 'Preparation', 'Book the studio', 'Press kit', 'Looks good', 'Ship it']) expect(all).toContain(`>${value}<`);
  });

  it('English keeps the source texts the browser tests look for', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const { boards, board: page, lists, card, settings } = renderScreens();
    expect(boards).toContain('New board');
    expect(boards).toContain('Add new board');
    expect(boards).toContain('>Spring launch<');
    expect(page).toContain('aria-label="Board settings"');
    expect(page).toContain('aria-label="Delete board"');
    expect(page).toContain('title="Rename board"');
    expect(lists).toContain('aria-label="List name"');
    expect(lists).toContain('aria-label="Cards in Ideas"');
    expect(lists).toContain('aria-roledescription="Draggable list"');
    expect(lists).toContain('Dec 3, 2026');
    expect(card).toContain('aria-label="Card name"');
    expect(card).toContain('>Unsubscribe<');
    expect(card).toContain('aria-label="Remove checklist Preparation"');
    expect(card).toContain('A teammate');
    expect(settings).toContain('>Board settings<');
    expect(settings).toContain('aria-label="Teal"');
  });

  it('Arabic mirrors the board: logical sides only, the back arrow points the reading way', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: catalog });
    const { board: page, lists, card } = renderScreens();
    for (const html of [page, lists, card]) expect(html.match(/class="[^"]*"/g)?.join(' ') ?? '').not.toMatch(/(?:^|[\s"])(?:-?m[lr]-|p[lr]-|text-(?:left|right)\b|rounded-[lr]\b|border-[lr]\b)/);
    expect(page).toMatch(/<a [^>]*aria-label="⟦Back to boards⟧"[^>]*><svg [^>]*class="[^"]*rtl:-scale-x-100/);
  });
});
