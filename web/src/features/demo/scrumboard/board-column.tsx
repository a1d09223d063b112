import { useEffect, useState, type CSSProperties } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, MoreHorizontal, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from '@web/components/cx';
import { formatNumber } from '@web/lib/i18n/format';
import { AddInline } from './add-inline';
import { SortableCard } from './sortable-card';
import { listKey, type Board, type BoardList, type Card } from './board-types';

const menuItemClasses = 'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

export interface ListActions {
  onRename: (list: BoardList, name: string) => void;
  onRemove: (list: BoardList) => void;
  onAddCard: (list: BoardList, name: string) => void;
  onOpenCard: (cardId: string) => void;
  addingCard: boolean;
}

/** One list: its draggable header (rename in place, actions menu), its sortable cards and "Add a card". */
export function BoardColumn({ list, board, cards, actions }: { list: BoardList; board: Board; cards: Card[]; actions: ListActions }) {
  const { t } = useLingui();
  const listName = list.name;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: listKey(list.id), data: { type: 'list' }, attributes: { roleDescription: t`Draggable list` } });
  const [name, setName] = useState(list.name);
  useEffect(() => setName(list.name), [list.name]);
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={cx('flex max-h-full w-72 shrink-0 flex-col rounded-lg bg-slate-100', isDragging && 'opacity-50')} aria-label={t`List ${listName}`} data-testid="board-list">
      <div className="flex items-center gap-1 px-2 pt-2">
        <button ref={setActivatorNodeRef} type="button" {...attributes} {...listeners} className="cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-200" aria-label={t`Drag list ${listName}`}>
          <GripVertical className="size-4" aria-hidden />
        </button>
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => {
            const next = name.trim();
            if (!next) setName(list.name);
            else if (next !== list.name) actions.onRename(list, next);
          }}
          onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
          aria-label={t`List name`}
          maxLength={200}
          className="h-8 min-w-0 flex-1 rounded border border-transparent bg-transparent px-1 text-sm font-semibold text-slate-800 hover:border-slate-300 focus:border-brand-500 focus:bg-white focus:outline-none"
        />
        <span className="text-xs text-slate-500">{formatNumber(cards.length)}</span>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="rounded p-1 text-slate-500 hover:bg-slate-200" aria-label={t`Actions for ${listName}`}>
            <MoreHorizontal className="size-4" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
              <DropdownMenu.Item className={cx(menuItemClasses, 'text-red-600')} onSelect={() => actions.onRemove(list)}>
                <Trash2 className="size-4" aria-hidden />
                <Trans>Remove list</Trans>
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <SortableContext items={list.idCards} strategy={verticalListSortingStrategy}>
        <ul className="min-h-12 flex-1 space-y-2 overflow-y-auto p-2" aria-label={t`Cards in ${listName}`}>
          {cards.map((card) => (
            <SortableCard key={card.id} card={card} board={board} onOpen={() => actions.onOpenCard(card.id)} />
          ))}
        </ul>
      </SortableContext>
      <div className="p-2 pt-0">
        <AddInline label={t`Add a card`} placeholder={t`Card title`} busy={actions.addingCard} onAdd={(cardName) => actions.onAddCard(list, cardName)} />
      </div>
    </li>
  );
}
