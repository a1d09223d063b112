import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { cx } from '@web/components/cx';
import { CardFace } from './card-face';
import type { Board, Card } from './board-types';

/** A card in its list: a button that opens it and the handle that drags it. */
export function SortableCard({ card, board, onOpen }: { card: Card; board: Board; onOpen: () => void }) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, data: { type: 'card' } });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={cx(isDragging && 'opacity-40')}>
      <button type="button" {...attributes} {...listeners} onClick={onOpen} className="block w-full touch-manipulation rounded-md border border-slate-200 bg-white p-3 text-start shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-500" data-testid="board-card" aria-roledescription={t`Draggable card`}>
        <CardFace card={card} board={board} />
      </button>
    </li>
  );
}
