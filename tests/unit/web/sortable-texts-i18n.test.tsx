import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defaultAnnouncements, defaultScreenReaderInstructions, type Active, type Announcements, type DndContextProps, type Over } from '@dnd-kit/core';
import linguiApi from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { Router } from 'wouter';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TipOptionOutput } from '@server/domains/tips/tip-options.schemas';
import TodoPage from '@web/features/demo/todo/todo-page';
import type { Todo, TodoFolder, TodoLabel } from '@web/features/demo/todo/todo-types';
import ManageTipsPage from '@web/features/tips/manage-tips-page';
import { i18n } from '@web/lib/i18n/i18n';
import { sessionTrpc, trpc } from '@web/lib/trpc';

// dnd-kit renders its screen-reader instructions and live region only after mounting in a browser; what a screen reader
// would hear is what each page hands to DndContext (or dnd-kit's English defaults when it hands nothing).
const dndContexts = vi.hoisted(() => [] as DndContextProps[]);
vi.mock('@dnd-kit/core', async (original) => {
  const actual = await original<typeof import('@dnd-kit/core')>();
  return {
    ...actual,
    DndContext: (props: DndContextProps) => {
      dndContexts.push(props);
      return <actual.DndContext {...props} />;
    },
  };
});

const marker = (text: string) => `⟦${text}⟧`;
const sourceFolders = ['web/src/components', 'web/src/lib', 'web/src/features/demo/todo', 'web/src/features/demo/shared', 'web/src/features/tips'];
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

/** Every message of both pages and of the shared code they use, wrapped in ⟦ ⟧: text that bypasses the catalogs shows no markers. */
async function markedCatalog(): Promise<Messages> {
  const linguiConfig = getConfig({ cwd: process.cwd() });
  const messages: Messages = {};
  for (const file of sourceFolders.flatMap(sourceFiles)) {
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

/** Sample data (titles stay as written in any language); the ids are unlike the titles, so an announcement that reads out an id is caught. */
const todos: Todo[] = [
  { id: 'td-4f1a', title: 'Water the plants', notes: '', startDate: null, dueDate: null, completed: false, starred: false, important: false, deleted: false, labels: [] },
  { id: 'td-9c2e', title: 'Call the venue', notes: '', startDate: null, dueDate: null, completed: false, starred: false, important: false, deleted: false, labels: [] },
  { id: 'td-77b0', title: 'Book the studio', notes: '', startDate: null, dueDate: null, completed: false, starred: false, important: false, deleted: false, labels: [] },
];
const folders: TodoFolder[] = [{ id: 0, handle: 'all', title: 'All', icon: 'list' }];
const labels: TodoLabel[] = [];
const tipOptions: TipOptionOutput[] = [
  { id: 'opt-3d8e', title: 'Coffee', amountCents: 500, iconUrl: null, position: 0 },
  { id: 'opt-b51c', title: 'Vinyl', amountCents: 2500, iconUrl: null, position: 1 },
];

function render(node: ReactNode, path: string): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getQueryKey(trpc.demo.todo.todos, { folderHandle: 'all' }, 'query'), todos);
  queryClient.setQueryData(getQueryKey(trpc.demo.todo.folders, undefined, 'query'), folders);
  queryClient.setQueryData(getQueryKey(trpc.demo.todo.filters, undefined, 'query'), []);
  queryClient.setQueryData(getQueryKey(trpc.demo.todo.labels, undefined, 'query'), labels);
  queryClient.setQueryData(getQueryKey(trpc.tipOptions.mine, undefined, 'query'), tipOptions);
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

interface Item {
  id: string;
  title: string;
}

/** A page's list as a screen reader meets it: the markup, the instructions, and what it announces during a drag of `items[0]` over `items[1]`. */
function renderList(page: 'todo' | 'tips') {
  dndContexts.length = 0;
  const html = page === 'todo' ? render(<TodoPage />, '/apps/todo') : render(<ManageTipsPage />, '/manage-tips');
  expect(dndContexts).toHaveLength(1);
  const accessibility = dndContexts[0]!.accessibility;
  const announcements: Announcements = accessibility?.announcements ?? defaultAnnouncements;
  const instructions = (accessibility?.screenReaderInstructions ?? defaultScreenReaderInstructions).draggable;
  const items: Item[] = page === 'todo' ? todos : tipOptions;
  const [first, second] = items as [Item, Item];
  const active = { id: first.id } as Active;
  const over = { id: second.id } as Over;
  // An announcement may be nothing at all (dnd-kit then says nothing): read as '', it names no item and fails.
  const heard: Record<string, string> = {
    pickedUp: announcements.onDragStart({ active }) ?? '',
    movedOver: announcements.onDragOver({ active, over }) ?? '',
    leftTheList: announcements.onDragOver({ active, over: null }) ?? '',
    dropped: announcements.onDragEnd({ active, over }) ?? '',
    droppedOutside: announcements.onDragEnd({ active, over: null }) ?? '',
    cancelled: announcements.onDragCancel({ active, over }) ?? '',
  };
  return { html, instructions, heard, items };
}

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const roleDescriptions = (html: string) => [...html.matchAll(/\saria-roledescription="([^"]*)"/g)].map((match) => decode(match[1]!));

/** Letters of `text` outside the ⟦ ⟧ markers once the given data is taken out: words that would stay English. */
function outsideCatalogs(text: string, data: readonly string[]): string {
  let rest = text;
  // A message may carry another as an argument (⟦Select ⟦all ⟦tasks⟧⟧⟧): take out the innermost until none is left.
  while (/⟦[^⟦⟧]*⟧/.test(rest)) rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '');
  for (const value of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(value).join('');
  return /\p{L}/u.test(rest) ? rest.trim() : '';
}

/** What a person reads on the page (text, names given to assistive technology) that is neither a catalog message nor the given data. */
function pageTextOutsideCatalogs(html: string, data: readonly string[]): string[] {
  const read = [
    ...[...html.matchAll(/\s(?:aria-label|aria-roledescription|placeholder|title|alt)="([^"]*)"/g)].map((match) => match[1]!),
    ...[...html.replace(/<svg[\s\S]*?<\/svg>/g, '').matchAll(/>([^<]+)</g)].map((match) => match[1]!),
  ].map(decode);
  return read.map((text) => outsideCatalogs(text, data)).filter(Boolean);
}

describe.each(['todo', 'tips'] as const)('drag and drop of the %s list in the reader’s language (issue 34)', (page) => {
  let catalog: Messages;
  beforeAll(async () => {
    catalog = await markedCatalog();
  });
  beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('the instructions, the announcements and the handles’ role all come from the catalogs; announcements name items, never ids', () => {
    i18n.loadAndActivate({ locale: 'de', messages: catalog });
    const { html, instructions, heard, items } = renderList(page);
    const titles = items.map((item) => item.title);
    expect(outsideCatalogs(instructions, [])).toBe('');
    for (const [moment, text] of Object.entries(heard)) {
      expect({ moment, english: outsideCatalogs(text, titles) }).toEqual({ moment, english: '' });
      expect({ moment, namesTheItem: text.includes(items[0]!.title) }).toEqual({ moment, namesTheItem: true });
      for (const item of items) expect(text).not.toContain(item.id);
    }
    const roles = roleDescriptions(html);
    expect(roles).toHaveLength(items.length);
    for (const role of roles) expect(role).toBe(marker('Draggable item'));
    expect(pageTextOutsideCatalogs(html, [...titles, 'All'])).toEqual([]);
  });

  it('English: the item’s name and its place in the list', () => {
    const { html, instructions, heard, items } = renderList(page);
    const [first] = items as [Item];
    const count = items.length;
    expect(instructions).toBe('To pick up an item, press Space. While dragging, move it with the arrow keys. Press Space again to drop it in its new place, or Escape to cancel.');
    expect(heard).toEqual({
      pickedUp: `Picked up ${first.title}. It is in position 1 of ${count}.`,
      movedOver: `${first.title} was moved to position 2 of ${count}.`,
      leftTheList: `${first.title} is no longer over the list.`,
      dropped: `${first.title} was dropped in position 2 of ${count}.`,
      droppedOutside: `${first.title} was dropped back in position 1 of ${count}.`,
      cancelled: `Dragging was cancelled. ${first.title} is back in position 1 of ${count}.`,
    });
    expect(roleDescriptions(html)).toEqual(items.map(() => 'Draggable item'));
  });
});
