import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { fieldError } from '@server/platform/errors';
import { newId } from '@server/lib/ids';
import { collection } from '../demo.store';
import type { Board, BoardList, BoardSettings, BoardSummary, Card, NewBoardInput, NewCardInput, NewListInput } from './scrumboard.schemas';

export const scrumboardCollections = {
  boards: (db: Db) => collection<Board>(db, 'scrumboard.boards'),
};

export const scrumboardMessages = {
  boardNotFound: 'Requested board do not exist.',
  boardIdTaken: 'A board with this id already exists',
  listNotFound: 'List not found',
  cardNotFound: 'Card not found',
  idTaken: 'This id is already used on the board',
  memberNotFound: 'Member not found',
  labelNotFound: 'Label not found',
  attachmentNotFound: 'The cover attachment is not one of the card’s attachments',
  orderMismatch: 'The order must hold every list and every card of the board exactly once',
  inconsistentBoard: 'Every card must sit in exactly one list of the board',
} as const;

const notFound = (message: string) => new DomainError({ code: 'NOT_FOUND', message });
const badRequest = (field: string, message: string) => fieldError('BAD_REQUEST', message, { [field]: message });

const summary = (board: Board): BoardSummary => ({ id: board.id, name: board.name, uri: board.uri });

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'board';
}

async function loadBoard(db: Db, boardId: string): Promise<Board> {
  const board = await scrumboardCollections.boards(db).get(boardId);
  if (!board) throw notFound(scrumboardMessages.boardNotFound);
  return board;
}

async function saveBoard(db: Db, board: Board): Promise<Board> {
  return scrumboardCollections.boards(db).put(board);
}

function findList(board: Board, listId: string): BoardList {
  const list = board.lists.find((item) => item.id === listId);
  if (!list) throw notFound(scrumboardMessages.listNotFound);
  return list;
}

/** A card may only name the board's members and labels, and its own attachment as cover. */
function checkCardRefs(board: Board, card: Card): void {
  const members = new Set(board.members.map((member) => member.id));
  const labels = new Set(board.labels.map((label) => label.id));
  if (card.idMembers.some((memberId) => !members.has(memberId))) throw notFound(scrumboardMessages.memberNotFound);
  if (card.idLabels.some((labelId) => !labels.has(labelId))) throw notFound(scrumboardMessages.labelNotFound);
  if (card.idAttachmentCover && !card.attachments.some((attachment) => attachment.id === card.idAttachmentCover)) {
    throw badRequest('idAttachmentCover', scrumboardMessages.attachmentNotFound);
  }
}

function checkBoard(board: Board): void {
  const cardIds = board.cards.map((card) => card.id);
  const placed = board.lists.flatMap((list) => list.idCards);
  const listIds = board.lists.map((list) => list.id);
  const unique = (values: string[]) => new Set(values).size === values.length;
  if (!unique(listIds) || !unique(cardIds) || !unique(placed) || placed.length !== cardIds.length || placed.some((cardId) => !cardIds.includes(cardId))) {
    throw badRequest('board', scrumboardMessages.inconsistentBoard);
  }
  for (const card of board.cards) checkCardRefs(board, card);
}

export async function listBoards(db: Db): Promise<BoardSummary[]> {
  return (await scrumboardCollections.boards(db).list()).map(summary);
}

export async function getBoard(db: Db, boardId: string): Promise<Board> {
  return loadBoard(db, boardId);
}

/**
 * Every change below reads the board and writes it back changed: one transaction each, so two changes at once
 * each see the other's result (none is lost).
 */
function changeBoard<T>(db: Db, change: () => Promise<T>): Promise<T> {
  return db.transaction(async () => change());
}

export async function newBoard(db: Db, input: NewBoardInput): Promise<BoardSummary> {
  const boards = scrumboardCollections.boards(db);
  return changeBoard(db, async () => {
    if (input.id && (await boards.has(input.id))) throw fieldError('CONFLICT', scrumboardMessages.boardIdTaken, { id: scrumboardMessages.boardIdTaken });
    const board: Board = { ...input, id: input.id ?? newId(), uri: input.uri?.trim() ? slugify(input.uri) : slugify(input.name) };
    checkBoard(board);
    await boards.put(board);
    return summary(board);
  });
}

export async function renameBoard(db: Db, boardId: string, boardTitle: string): Promise<string> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, boardId);
    await saveBoard(db, { ...board, name: boardTitle });
    return boardTitle;
  });
}

export async function updateSettings(db: Db, boardId: string, settings: BoardSettings): Promise<BoardSettings> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, boardId);
    await saveBoard(db, { ...board, settings });
    return settings;
  });
}

export async function deleteBoard(db: Db, boardId: string): Promise<true> {
  return changeBoard(db, async () => {
    await loadBoard(db, boardId);
    await scrumboardCollections.boards(db).remove([boardId]);
    return true as const;
  });
}

/** Adds the card at the end of the list; answers the whole board. */
export async function newCard(db: Db, input: NewCardInput): Promise<Board> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, input.boardId);
    findList(board, input.listId);
    const { id: requestedId, ...fields } = input.data;
    const card: Card = { ...fields, id: requestedId ?? newId() };
    if (board.cards.some((existing) => existing.id === card.id)) throw fieldError('CONFLICT', scrumboardMessages.idTaken, { 'data.id': scrumboardMessages.idTaken });
    checkCardRefs(board, card);
    const updated: Board = {
      ...board,
      cards: [...board.cards, card],
      lists: board.lists.map((list) => (list.id === input.listId ? { ...list, idCards: [...list.idCards, card.id] } : list)),
    };
    return saveBoard(db, updated);
  });
}

/** Adds an empty list at the end; answers the board's lists. */
export async function newList(db: Db, input: NewListInput): Promise<BoardList[]> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, input.boardId);
    const list: BoardList = { id: input.data.id ?? newId(), name: input.data.name, idCards: [] };
    if (board.lists.some((existing) => existing.id === list.id)) throw fieldError('CONFLICT', scrumboardMessages.idTaken, { 'data.id': scrumboardMessages.idTaken });
    const lists = [...board.lists, list];
    await saveBoard(db, { ...board, lists });
    return lists;
  });
}

export async function renameList(db: Db, boardId: string, listId: string, listTitle: string): Promise<string> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, boardId);
    findList(board, listId);
    await saveBoard(db, { ...board, lists: board.lists.map((list) => (list.id === listId ? { ...list, name: listTitle } : list)) });
    return listTitle;
  });
}

/** Removes the list together with its cards. */
export async function removeList(db: Db, boardId: string, listId: string): Promise<true> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, boardId);
    const list = findList(board, listId);
    const gone = new Set(list.idCards);
    await saveBoard(db, { ...board, lists: board.lists.filter((item) => item.id !== listId), cards: board.cards.filter((card) => !gone.has(card.id)) });
    return true as const;
  });
}

/** Replaces the card with the same id; answers it. */
export async function updateCard(db: Db, boardId: string, card: Card): Promise<Card> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, boardId);
    if (!board.cards.some((existing) => existing.id === card.id)) throw notFound(scrumboardMessages.cardNotFound);
    checkCardRefs(board, card);
    await saveBoard(db, { ...board, cards: board.cards.map((existing) => (existing.id === card.id ? card : existing)) });
    return card;
  });
}

/** Removes the card from the board and from its list; answers the card id. */
export async function removeCard(db: Db, boardId: string, cardId: string): Promise<string> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, boardId);
    if (!board.cards.some((card) => card.id === cardId)) throw notFound(scrumboardMessages.cardNotFound);
    await saveBoard(db, {
      ...board,
      cards: board.cards.filter((card) => card.id !== cardId),
      lists: board.lists.map((list) => ({ ...list, idCards: list.idCards.filter((id) => id !== cardId) })),
    });
    return cardId;
  });
}

/**
 * Persists a new order of lists and of cards within and across lists (card/order and list/order).
 * The lists sent must be exactly the board's lists and hold every card exactly once; list names
 * stay as stored (renaming has its own call). Answers the lists as saved.
 */
export async function reorder(db: Db, boardId: string, lists: BoardList[]): Promise<BoardList[]> {
  return changeBoard(db, async () => {
    const board = await loadBoard(db, boardId);
    const known = new Map(board.lists.map((list) => [list.id, list]));
    const sentIds = lists.map((list) => list.id);
    const sentCards = lists.flatMap((list) => list.idCards);
    const cardIds = new Set(board.cards.map((card) => card.id));
    const sameLists = sentIds.length === known.size && new Set(sentIds).size === sentIds.length && sentIds.every((id) => known.has(id));
    const sameCards = sentCards.length === cardIds.size && new Set(sentCards).size === sentCards.length && sentCards.every((id) => cardIds.has(id));
    if (!sameLists || !sameCards) throw badRequest('lists', scrumboardMessages.orderMismatch);
    const ordered = lists.map((list) => ({ id: list.id, name: known.get(list.id)!.name, idCards: list.idCards }));
    await saveBoard(db, { ...board, lists: ordered });
    return ordered;
  });
}
