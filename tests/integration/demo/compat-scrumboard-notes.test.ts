import { describe, expect, it } from 'vitest';
import type { Board, BoardList, Card } from '@server/domains/demo/scrumboard/scrumboard.schemas';
import type { Note, NoteLabel } from '@server/domains/demo/notes/notes.schemas';
import { templateGuid, useTemplateClient } from './compat-client';

/** Replays of the template's scrumboard (board/boards/card actions, BoardModel, CardModel, ListModel) and notes stores. */
const client = useTemplateClient();
const base = '/api/scrumboard-app';

/** new BoardModel(): the template's defaults, with its sample members and labels. */
const boardModel = () => ({
  name: 'Untitled Board',
  uri: 'untitled-board',
  id: templateGuid(),
  settings: { color: '', subscribed: true, cardCoverImages: true },
  lists: [],
  cards: [],
  members: [{ id: '56027c1930450d8bf7b10758', name: 'Alice Freeman', avatar: 'assets/images/avatars/alice.jpg' }],
  labels: [{ id: '26022e4129ad3a5sc28b36cd', name: 'High Priority', class: 'bg-red text-white' }],
});
/** new CardModel({ name }): note `due: ''` and the fields the server does not keep. */
const cardModel = (name: string) => ({
  id: templateGuid(),
  name,
  description: '',
  idAttachmentCover: '',
  idMembers: [],
  idLabels: [],
  attachments: [],
  subscribed: true,
  checklists: [],
  checkItems: 0,
  checkItemsChecked: 0,
  comments: [],
  activities: [],
  due: '',
});

describe('template client: scrumboard', () => {
  it('newBoard(), getBoard({ boardId, boardUri }), newList, newCard, updateCard, reorder, rename, settings, removals', async () => {
    const created = await client.post<{ id: string; name: string; uri: string }>(`${base}/board/new`, { board: boardModel() });
    expect(created).toMatchObject({ name: 'Untitled Board' });
    expect((await client.get<Array<{ id: string }>>(`${base}/boards`)).map((board) => board.id)).toContain(created.id);

    const lists = await client.post<BoardList[]>(`${base}/list/new`, { boardId: created.id, data: { id: templateGuid(), name: 'To do', idCards: [] } });
    const list = lists.at(-1)!;
    const second = (await client.post<BoardList[]>(`${base}/list/new`, { boardId: created.id, data: { id: templateGuid(), name: 'Done', idCards: [] } })).at(-1)!;
    const withCard = await client.post<Board>(`${base}/card/new`, { boardId: created.id, listId: list.id, data: cardModel('Replay card') });
    const card = withCard.cards.find((item) => item.name === 'Replay card')!;
    expect(card.due).toBeNull();

    const board = await client.get<Board>(`${base}/board`, { boardId: created.id, boardUri: created.uri });
    expect(board.lists.find((item) => item.id === list.id)!.idCards).toEqual([card.id]);

    // BoardCardForm: the date field gives YYYY-MM-DD; a comment from CommentModel carries a date-only time.
    const comment = { id: templateGuid(), type: 'comment', idMember: '56027c1930450d8bf7b10758', message: 'Looks good', time: '2026-11-24' };
    const edited = { ...card, description: 'Edited', due: '2026-12-01', activities: [comment], checkItems: 0 };
    const updated = await client.post<Card>(`${base}/card/update`, { boardId: created.id, card: edited });
    expect(updated).toMatchObject({ description: 'Edited', due: '2026-12-01', activities: [comment] });
    const cleared = await client.post<Card>(`${base}/card/update`, { boardId: created.id, card: { ...edited, due: null } });
    expect(cleared.due).toBeNull();

    // reorderCard: the lists with the card moved across.
    const moved = [{ ...list, idCards: [] }, { ...second, idCards: [card.id] }];
    await client.post(`${base}/card/order`, { boardId: created.id, lists: moved });
    await client.post(`${base}/list/order`, { boardId: created.id, lists: [...moved].reverse() });
    const reordered = await client.get<Board>(`${base}/board`, { boardId: created.id, boardUri: created.uri });
    expect(reordered.lists.map((item) => item.id)).toEqual([second.id, list.id]);
    expect(reordered.lists[0]!.idCards).toEqual([card.id]);

    expect(await client.post(`${base}/list/rename`, { boardId: created.id, listId: list.id, listTitle: 'Later' })).toBe('Later');
    expect(await client.post(`${base}/board/rename`, { boardId: created.id, boardTitle: 'Replayed board' })).toBe('Replayed board');
    const settings = await client.post(`${base}/board/settings/update`, { boardId: created.id, settings: { color: 'fuse-dark', subscribed: false, cardCoverImages: true } });
    expect(settings).toEqual({ color: 'fuse-dark', subscribed: false, cardCoverImages: true });
    expect(await client.post(`${base}/card/remove`, { boardId: created.id, cardId: card.id })).toBe(card.id);
    expect(await client.post(`${base}/list/remove`, { boardId: created.id, listId: list.id })).toBe(true);
    expect(await client.post(`${base}/board/delete`, { boardId: created.id })).toBe(true);
    const gone = await client.raw('GET', `${base}/board`, undefined, { boardId: created.id, boardUri: created.uri });
    expect(gone.statusCode).toBe(404);
  });

  it('copyBoard posts the whole board (lists and cards included) under a new id', async () => {
    const [summary] = await client.get<Array<{ id: string; uri: string }>>(`${base}/boards`);
    const board = await client.get<Board>(`${base}/board`, { boardId: summary!.id, boardUri: summary!.uri });
    const copy = { ...board, id: templateGuid(), name: `${board.name} (Copied)`, uri: `${board.uri}-copied` };
    const created = await client.post<{ id: string }>(`${base}/board/new`, { board: copy });
    const stored = await client.get<Board>(`${base}/board`, { boardId: created.id });
    expect(stored.cards).toHaveLength(board.cards.length);
    expect(stored.lists.map((list) => list.name)).toEqual(board.lists.map((list) => list.name));
  });
});

describe('template client: notes app', () => {
  it('createNote posts a NoteModel (its own GUID, time null) and the new note comes first', async () => {
    const note = { id: templateGuid(), title: 'Replay note', description: 'From the template', archive: false, image: '', time: null, reminder: null, checklist: [], labels: [] };
    const created = await client.post<Note>('/api/notes-app/create-note', { note });
    expect(created).toMatchObject({ title: 'Replay note', reminder: null, time: expect.any(String) });
    expect((await client.get<Note[]>('/api/notes-app/notes'))[0]).toEqual(created);
  });

  it('updateNote, updateLabels({ labels: Object.values(labels) }) and removeNote', async () => {
    const [note] = await client.get<Note[]>('/api/notes-app/notes');
    const updated = await client.post<Note>('/api/notes-app/update-note', { note: { ...note, archive: true, reminder: new Date('2026-12-24T09:00:00Z').toJSON() } });
    expect(updated).toMatchObject({ archive: true, reminder: '2026-12-24T09:00:00.000Z' });
    const labels = await client.get<NoteLabel[]>('/api/notes-app/labels');
    const keyed = Object.fromEntries(labels.map((label) => [label.id, label]));
    const saved = await client.post<NoteLabel[]>('/api/notes-app/update-labels', { labels: Object.values(keyed) });
    expect(saved).toHaveLength(labels.length);
    await client.post('/api/notes-app/remove-note', { noteId: note!.id });
    expect((await client.get<Note[]>('/api/notes-app/notes')).map((item) => item.id)).not.toContain(note!.id);
  });
});
