import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scrumboardCollections } from '@server/domains/demo/scrumboard/scrumboard.service';
import type { Board } from '@server/domains/demo/scrumboard/scrumboard.schemas';
import { scrumboardSeeder } from '../../../seed/demo/scrumboard';
import { createDemoTestApp, expectGuarded, type DemoTestApp } from './part1-setup';

let t: DemoTestApp;
const boards = () => scrumboardCollections.boards(t.app.services.db);
const first = async () => (await boards().list())[0]!;
const base = '/api/scrumboard-app';
const notExist = { message: 'Requested board do not exist.' };

beforeAll(async () => {
  t = await createDemoTestApp(scrumboardSeeder);
});
afterAll(() => t.close());
beforeEach(() => t.reseed());

describe('scrumboard REST', () => {
  it('GET /boards returns id, name and uri of each board', async () => {
    const res = await t.get(`${base}/boards`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await boards().list()).map((board) => ({ id: board.id, name: board.name, uri: board.uri })));
    expect(await boards().count()).toBe(2);
    const sample = await first();
    expect(sample.lists.length).toBeGreaterThan(0);
    expect(sample.cards.some((card) => card.checklists.length && card.attachments.length && card.activities.length)).toBe(true);
  });

  it('GET /board returns the board; 404 with the spec text when unknown', async () => {
    const board = await first();
    const res = await t.get(`${base}/board?boardId=${board.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(board);
    const missing = await t.get(`${base}/board?boardId=nope`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notExist);
    expect((await t.get(`${base}/board`)).statusCode).toBe(400);
  });

  it('POST /board/new creates a board and answers id, name and uri', async () => {
    const res = await t.post(`${base}/board/new`, { board: { name: 'Tour Planning', lists: [], cards: [] } });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { id: string; name: string; uri: string };
    expect(answer).toEqual({ id: expect.any(String), name: 'Tour Planning', uri: 'tour-planning' });
    expect(await boards().get(answer.id)).toMatchObject({ name: 'Tour Planning', uri: 'tour-planning', lists: [], cards: [], settings: { subscribed: true, cardCoverImages: true } });
    const taken = await t.post(`${base}/board/new`, { board: { id: answer.id } });
    expect(taken.statusCode).toBe(409);
    const bad = await t.post(`${base}/board/new`, { board: { name: '', owner: 'me' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'board.name': 'Min character length is 1' });
    expect(await boards().count()).toBe(3);
  });

  it('POST /board/rename answers the title and saves it', async () => {
    const board = await first();
    const res = await t.post(`${base}/board/rename`, { boardId: board.id, boardTitle: 'Renamed board' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toBe('Renamed board');
    expect((await boards().get(board.id))!.name).toBe('Renamed board');
    expect((await t.post(`${base}/board/rename`, { boardId: 'nope', boardTitle: 'x' })).json()).toEqual(notExist);
    expect((await t.post(`${base}/board/rename`, { boardId: board.id, boardTitle: '' })).statusCode).toBe(400);
  });

  it('POST /board/settings/update answers the settings and saves them', async () => {
    const board = await first();
    const settings = { color: 'red', subscribed: false, cardCoverImages: false };
    const res = await t.post(`${base}/board/settings/update`, { boardId: board.id, settings });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(settings);
    expect((await boards().get(board.id))!.settings).toEqual(settings);
    expect((await t.post(`${base}/board/settings/update`, { boardId: 'nope', settings })).statusCode).toBe(404);
    expect((await t.post(`${base}/board/settings/update`, { boardId: board.id, settings: { color: 'blue' } })).statusCode).toBe(400);
    expect((await boards().get(board.id))!.settings).toEqual(settings);
  });

  it('POST /board/delete answers true and removes the board', async () => {
    const board = await first();
    const res = await t.post(`${base}/board/delete`, { boardId: board.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect(await boards().has(board.id)).toBe(false);
    const again = await t.post(`${base}/board/delete`, { boardId: board.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(notExist);
    expect((await t.post(`${base}/board/delete`, { id: board.id })).statusCode).toBe(400);
  });

  it('POST /card/new adds the card to the list and answers the board', async () => {
    const board = await first();
    const list = board.lists[0]!;
    const res = await t.post(`${base}/card/new`, { boardId: board.id, listId: list.id, data: { name: 'Write set list', idLabels: [board.labels[0]!.id] } });
    expect(res.statusCode).toBe(200);
    const saved = (await boards().get(board.id))!;
    expect(res.json()).toEqual(saved);
    const card = saved.cards[saved.cards.length - 1]!;
    expect(card).toMatchObject({ name: 'Write set list', idLabels: [board.labels[0]!.id], description: '', due: null });
    expect(saved.lists[0]!.idCards).toEqual([...list.idCards, card.id]);
    expect((await t.post(`${base}/card/new`, { boardId: board.id, listId: 'nope', data: { name: 'x' } })).json()).toEqual({ message: 'List not found' });
    expect((await t.post(`${base}/card/new`, { boardId: board.id, listId: list.id, data: { name: 'x', idMembers: ['ghost'] } })).json()).toEqual({ message: 'Member not found' });
    expect((await t.post(`${base}/card/new`, { boardId: board.id, listId: list.id, data: {} })).statusCode).toBe(400);
    expect((await boards().get(board.id))!.cards.length).toBe(saved.cards.length);
  });

  it('POST /list/new adds an empty list and answers the lists', async () => {
    const board = await first();
    const res = await t.post(`${base}/list/new`, { boardId: board.id, data: { name: 'Ideas' } });
    expect(res.statusCode).toBe(200);
    const lists = (await boards().get(board.id))!.lists;
    expect(res.json()).toEqual(lists);
    expect(lists[lists.length - 1]).toMatchObject({ name: 'Ideas', idCards: [] });
    expect((await t.post(`${base}/list/new`, { boardId: 'nope', data: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.post(`${base}/list/new`, { boardId: board.id, data: { title: 'x' } })).statusCode).toBe(400);
    expect((await boards().get(board.id))!.lists.length).toBe(lists.length);
  });

  it('POST /list/rename answers the title and saves it', async () => {
    const board = await first();
    const list = board.lists[1]!;
    const res = await t.post(`${base}/list/rename`, { boardId: board.id, listId: list.id, listTitle: 'Waiting' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('Waiting');
    expect((await boards().get(board.id))!.lists[1]!.name).toBe('Waiting');
    expect((await t.post(`${base}/list/rename`, { boardId: board.id, listId: 'nope', listTitle: 'x' })).statusCode).toBe(404);
    expect((await t.post(`${base}/list/rename`, { boardId: board.id, listId: list.id })).statusCode).toBe(400);
  });

  it('POST /list/remove answers true and removes the list with its cards', async () => {
    const board = await first();
    const list = board.lists[0]!;
    const res = await t.post(`${base}/list/remove`, { boardId: board.id, listId: list.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    const saved = (await boards().get(board.id))!;
    expect(saved.lists.map((item) => item.id)).not.toContain(list.id);
    expect(saved.cards.filter((card) => list.idCards.includes(card.id))).toEqual([]);
    expect((await t.post(`${base}/list/remove`, { boardId: board.id, listId: list.id })).statusCode).toBe(404);
    expect((await t.post(`${base}/list/remove`, { boardId: board.id })).statusCode).toBe(400);
  });

  it('POST /card/update answers the card and saves it', async () => {
    const board = await first();
    const card = { ...board.cards[0]!, name: 'Updated card', subscribed: !board.cards[0]!.subscribed, due: '2030-05-01' };
    const res = await t.post(`${base}/card/update`, { boardId: board.id, card });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(card);
    expect((await boards().get(board.id))!.cards[0]).toEqual(card);
    expect((await t.post(`${base}/card/update`, { boardId: board.id, card: { ...card, id: 'nope' } })).json()).toEqual({ message: 'Card not found' });
    expect((await t.post(`${base}/card/update`, { boardId: board.id, card: { ...card, due: 'tomorrow' } })).statusCode).toBe(400);
    expect((await boards().get(board.id))!.cards[0]).toEqual(card);
  });

  it('POST /card/remove answers the card id and removes it from the board and its list', async () => {
    const board = await first();
    const cardId = board.lists[0]!.idCards[0]!;
    const res = await t.post(`${base}/card/remove`, { boardId: board.id, cardId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(cardId);
    const saved = (await boards().get(board.id))!;
    expect(saved.cards.some((card) => card.id === cardId)).toBe(false);
    expect(saved.lists[0]!.idCards).not.toContain(cardId);
    expect((await t.post(`${base}/card/remove`, { boardId: board.id, cardId })).statusCode).toBe(404);
    expect((await t.post(`${base}/card/remove`, { boardId: board.id, cardId: 5 })).statusCode).toBe(400);
  });

  it('POST /card/order moves a card across lists and persists it', async () => {
    const board = await first();
    const [from, to] = board.lists;
    const moved = from!.idCards[0]!;
    const lists = board.lists.map((list) =>
      list.id === from!.id ? { ...list, idCards: list.idCards.slice(1) } : list.id === to!.id ? { ...list, idCards: [moved, ...list.idCards] } : list,
    );
    const res = await t.post(`${base}/card/order`, { boardId: board.id, lists });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(lists);
    expect((await boards().get(board.id))!.lists).toEqual(lists);
    const lost = lists.map((list) => ({ ...list, idCards: [] as string[] }));
    const bad = await t.post(`${base}/card/order`, { boardId: board.id, lists: lost });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The order must hold every list and every card of the board exactly once');
    expect((await boards().get(board.id))!.lists).toEqual(lists);
  });

  it('POST /list/order reorders the lists and persists it', async () => {
    const board = await first();
    const lists = [...board.lists].reverse();
    const res = await t.post(`${base}/list/order`, { boardId: board.id, lists });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(lists);
    expect((await boards().get(board.id))!.lists.map((list) => list.id)).toEqual(lists.map((list) => list.id));
    expect((await t.post(`${base}/list/order`, { boardId: 'nope', lists })).json()).toEqual(notExist);
    expect((await t.post(`${base}/list/order`, { boardId: board.id, lists: lists.slice(1) })).statusCode).toBe(400);
    expect((await t.post(`${base}/list/order`, { boardId: board.id })).statusCode).toBe(400);
  });

  it('every scrumboard path answers 401 without a token and 403 for a viewer', async () => {
    const board: Board = await first();
    const list = board.lists[0]!;
    for (const endpoint of [
      { method: 'GET' as const, url: `${base}/boards` },
      { method: 'GET' as const, url: `${base}/board?boardId=${board.id}` },
      { method: 'POST' as const, url: `${base}/board/new`, payload: { board: {} } },
      { method: 'POST' as const, url: `${base}/board/rename`, payload: { boardId: board.id, boardTitle: 'x' } },
      { method: 'POST' as const, url: `${base}/board/settings/update`, payload: { boardId: board.id, settings: board.settings } },
      { method: 'POST' as const, url: `${base}/board/delete`, payload: { boardId: board.id } },
      { method: 'POST' as const, url: `${base}/card/new`, payload: { boardId: board.id, listId: list.id, data: { name: 'x' } } },
      { method: 'POST' as const, url: `${base}/list/new`, payload: { boardId: board.id, data: { name: 'x' } } },
      { method: 'POST' as const, url: `${base}/list/rename`, payload: { boardId: board.id, listId: list.id, listTitle: 'x' } },
      { method: 'POST' as const, url: `${base}/list/remove`, payload: { boardId: board.id, listId: list.id } },
      { method: 'POST' as const, url: `${base}/card/update`, payload: { boardId: board.id, card: board.cards[0] } },
      { method: 'POST' as const, url: `${base}/card/remove`, payload: { boardId: board.id, cardId: board.cards[0]!.id } },
      { method: 'POST' as const, url: `${base}/card/order`, payload: { boardId: board.id, lists: board.lists } },
      { method: 'POST' as const, url: `${base}/list/order`, payload: { boardId: board.id, lists: board.lists } },
    ]) {
      await expectGuarded(t, endpoint);
    }
    expect(await boards().get(board.id)).toEqual(board);
    expect(await boards().count()).toBe(2);
  });
});
