import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/root';
import { readableAgainstWhite } from '@common/contrast';

type Outputs = inferRouterOutputs<AppRouter>['demo']['scrumboard'];
export type Board = Outputs['board'];
export type BoardList = Board['lists'][number];
export type Card = Board['cards'][number];
export type BoardLabel = Board['labels'][number];
export type Member = Board['members'][number];

/** Board colours (settings.color holds the name). */
export const boardColors: Record<string, string> = {
  '': '#ea580c',
  blue: '#2563eb',
  green: '#16a34a',
  orange: '#ea580c',
  purple: '#7c3aed',
  red: '#dc2626',
  teal: '#0d9488',
  slate: '#475569',
};
/** The board header's colour: the chosen one, darkened where needed so its white text reads (WCAG AA). */
export const boardColor = (name: string) => readableAgainstWhite(boardColors[name] ?? boardColors['']!);

/**
 * The sample labels' stored colour classes and the shade each is shown in: the same hue, dark enough for white text
 * (WCAG AA). Written out so the style sheet contains them; anything else gets a neutral chip.
 */
const labelClasses: Record<string, string> = {
  'bg-blue-500 text-white': 'bg-blue-700 text-white',
  'bg-green-600 text-white': 'bg-green-700 text-white',
  'bg-orange-500 text-white': 'bg-orange-700 text-white',
  'bg-red-600 text-white': 'bg-red-700 text-white',
  'bg-purple-500 text-white': 'bg-purple-700 text-white',
};
export const labelClass = (value: string) => labelClasses[value] ?? 'bg-slate-600 text-white';

export const listKey = (listId: string) => `list:${listId}`;
export const isListKey = (key: string) => key.startsWith('list:');
export const listIdOf = (key: string) => key.slice('list:'.length);

/** The list holding a card, or the list a list key names. */
export function findContainer(lists: BoardList[], key: string): BoardList | undefined {
  if (isListKey(key)) return lists.find((list) => list.id === listIdOf(key));
  return lists.find((list) => list.idCards.includes(key));
}

/** Moves a card into another list, before the card it is over (or at the end when over the list itself). */
export function moveCardAcross(lists: BoardList[], cardId: string, overKey: string): BoardList[] {
  const from = findContainer(lists, cardId);
  const to = findContainer(lists, overKey);
  if (!from || !to || from.id === to.id) return lists;
  const overIndex = isListKey(overKey) ? to.idCards.length : to.idCards.indexOf(overKey);
  return lists.map((list) => {
    if (list.id === from.id) return { ...list, idCards: list.idCards.filter((id) => id !== cardId) };
    if (list.id === to.id) {
      const idCards = list.idCards.filter((id) => id !== cardId);
      idCards.splice(overIndex < 0 ? idCards.length : overIndex, 0, cardId);
      return { ...list, idCards };
    }
    return list;
  });
}

/** Moves a card within its list to where another card of the same list is. */
export function moveCardWithin(lists: BoardList[], cardId: string, overId: string): BoardList[] {
  const list = findContainer(lists, cardId);
  if (!list || !list.idCards.includes(overId) || cardId === overId) return lists;
  const idCards = [...list.idCards];
  const from = idCards.indexOf(cardId);
  const to = idCards.indexOf(overId);
  idCards.splice(to, 0, ...idCards.splice(from, 1));
  return lists.map((other) => (other.id === list.id ? { ...other, idCards } : other));
}

export function moveList(lists: BoardList[], listId: string, overListId: string): BoardList[] {
  const from = lists.findIndex((list) => list.id === listId);
  const to = lists.findIndex((list) => list.id === overListId);
  if (from < 0 || to < 0 || from === to) return lists;
  const next = [...lists];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

export const sameOrder = (a: BoardList[], b: BoardList[]) => JSON.stringify(a.map((list) => [list.id, list.idCards])) === JSON.stringify(b.map((list) => [list.id, list.idCards]));
