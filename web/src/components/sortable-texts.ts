import type { Announcements, DndContextProps, UniqueIdentifier } from '@dnd-kit/core';
import { useSortable, type UseSortableArguments } from '@dnd-kit/sortable';
import { useLingui } from '@lingui/react/macro';

/**
 * What a screen reader hears about a sortable list, in the reader's language: the instructions, and announcements that
 * name the item and its position (dnd-kit's own are English and read out ids). Pass the result to `DndContext`'s
 * `accessibility`. `items` are the list's ids in their shown order; `nameOf` gives an item's name.
 */
export function useSortableTexts(items: readonly UniqueIdentifier[], nameOf: (id: UniqueIdentifier) => string): NonNullable<DndContextProps['accessibility']> {
  const { t } = useLingui();
  const count = items.length;
  const positionOf = (id: UniqueIdentifier) => items.indexOf(id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const name = nameOf(active.id);
      const position = positionOf(active.id);
      return t`Picked up ${name}. It is in position ${position} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      const name = nameOf(active.id);
      if (!over) return t`${name} is no longer over the list.`;
      const position = positionOf(over.id);
      return t`${name} was moved to position ${position} of ${count}.`;
    },
    onDragEnd: ({ active, over }) => {
      const name = nameOf(active.id);
      const position = positionOf((over ?? active).id);
      return over ? t`${name} was dropped in position ${position} of ${count}.` : t`${name} was dropped back in position ${position} of ${count}.`;
    },
    onDragCancel: ({ active }) => {
      const name = nameOf(active.id);
      const position = positionOf(active.id);
      return t`Dragging was cancelled. ${name} is back in position ${position} of ${count}.`;
    },
  };
  return {
    announcements,
    screenReaderInstructions: { draggable: t`To pick up an item, press Space. While dragging, move it with the arrow keys. Press Space again to drop it in its new place, or Escape to cancel.` },
  };
}

/** `useSortable` for an item of a list using `useSortableTexts`: its drag handle's role description in the reader's language. */
export function useSortableItem(args: UseSortableArguments) {
  const { t } = useLingui();
  return useSortable({ ...args, attributes: { roleDescription: t`Draggable item`, ...args.attributes } });
}
