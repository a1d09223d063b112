import { useCallback, useState } from 'react';

const storageKey = 'cuepoint.demo.todo-order';

function readOrder(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Applies the saved drag order: todos the order knows keep their saved places, todos it does not know (new ones)
 * come first in the server's order (a new todo goes to the front).
 */
export function applyOrder<T extends { id: string }>(items: T[], order: string[]): T[] {
  const position = new Map(order.map((id, index) => [id, index]));
  const unknown = items.filter((item) => !position.has(item.id));
  const known = items.filter((item) => position.has(item.id)).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return [...unknown, ...known];
}

/** Moves `activeId` to where `overId` is within the visible list and merges that into the whole saved order. */
export function moveInOrder(order: string[], visibleIds: string[], activeId: string, overId: string): string[] {
  const from = visibleIds.indexOf(activeId);
  const to = visibleIds.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return order;
  const nextVisible = [...visibleIds];
  nextVisible.splice(to, 0, ...nextVisible.splice(from, 1));
  const visible = new Set(visibleIds);
  const rest = order.filter((id) => !visible.has(id));
  // The visible block takes the place of the first visible todo in the old order (or the front).
  const anchor = order.findIndex((id) => visible.has(id));
  const insertAt = anchor < 0 ? 0 : order.slice(0, anchor).filter((id) => !visible.has(id)).length;
  return [...rest.slice(0, insertAt), ...nextVisible, ...rest.slice(insertAt)];
}

/** The to-do drag order. The sample API has no order call, so the order is kept in this browser. */
export function useTodoOrder(): [string[], (next: string[]) => void] {
  const [order, setOrder] = useState(readOrder);
  const save = useCallback((next: string[]) => {
    setOrder(next);
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the order still holds for this visit.
    }
  }, []);
  return [order, save];
}
