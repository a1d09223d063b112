import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCorners, useSensor, useSensors, type DragEndEvent, type DragOverEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowLeft, CalendarClock, CheckSquare, Eye, GripVertical, MessageSquare, MoreHorizontal, Paperclip, Plus, Settings, SquareKanban, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Link, useLocation, useParams } from 'wouter';
import { Avatar } from '@web/components/avatar';
import { Button, buttonClasses } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { cx } from '@web/components/cx';
import { formatDate } from '@web/components/datetime-local';
import { ErrorState } from '@web/components/error-state';
import { failureMessage, failureStatus } from '@web/components/error-message';
import { EmptyState } from '@web/components/empty-state';
import { Modal } from '@web/components/modal';
import { Skeleton } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { CardDialog, checklistProgress } from './card-dialog';
import { boardColor, boardColors, findContainer, isListKey, labelClass, listIdOf, listKey, moveCardAcross, moveCardWithin, moveList, sameOrder, type Board, type BoardList, type Card } from './board-types';

const menuItemClasses = 'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

function CardFace({ card, board }: { card: Card; board: Board }) {
  const progress = checklistProgress(card);
  const comments = card.activities.filter((activity) => activity.type === 'comment').length;
  const labels = board.labels.filter((label) => card.idLabels.includes(label.id));
  const members = board.members.filter((member) => card.idMembers.includes(member.id));
  return (
    <>
      {labels.length > 0 && (
        <span className="mb-2 flex flex-wrap gap-1">
          {labels.map((label) => (
            <span key={label.id} className={cx('rounded px-1.5 py-0.5 text-[10px] font-semibold', labelClass(label.class))}>
              {label.name}
            </span>
          ))}
        </span>
      )}
      <span className="block text-sm font-medium text-slate-900">{card.name}</span>
      <span className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-500">
        {card.due && (
          <span className={cx('flex items-center gap-1', new Date(card.due) < new Date() && 'text-red-600')}>
            <CalendarClock className="size-3.5" aria-hidden />
            {formatDate(card.due)}
          </span>
        )}
        {card.subscribed && <Eye className="size-3.5" aria-label="Subscribed" />}
        {progress.total > 0 && (
          <span className={cx('flex items-center gap-1', progress.checked === progress.total && 'text-emerald-600')}>
            <CheckSquare className="size-3.5" aria-hidden />
            {progress.checked}/{progress.total}
          </span>
        )}
        {card.attachments.length > 0 && (
          <span className="flex items-center gap-1">
            <Paperclip className="size-3.5" aria-hidden />
            {card.attachments.length}
          </span>
        )}
        {comments > 0 && (
          <span className="flex items-center gap-1">
            <MessageSquare className="size-3.5" aria-hidden />
            {comments}
          </span>
        )}
        {members.length > 0 && (
          <span className="ml-auto flex -space-x-2">
            {members.map((member) => (
              <Avatar key={member.id} name={member.name} imageUrl={member.avatar || null} className="size-6 text-[10px] ring-2 ring-white" />
            ))}
          </span>
        )}
      </span>
    </>
  );
}

function SortableCard({ card, board, onOpen }: { card: Card; board: Board; onOpen: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, data: { type: 'card' } });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={cx(isDragging && 'opacity-40')}>
      <button type="button" {...attributes} {...listeners} onClick={onOpen} className="block w-full touch-manipulation rounded-md border border-slate-200 bg-white p-3 text-left shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-500" data-testid="board-card" aria-roledescription="Draggable card">
        <CardFace card={card} board={board} />
      </button>
    </li>
  );
}

function AddInline({ label, placeholder, onAdd, busy }: { label: string; placeholder: string; onAdd: (name: string) => void; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-600 hover:bg-slate-200/70">
        <Plus className="size-4" aria-hidden />
        {label}
      </button>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        onAdd(name.trim());
        setName('');
      }}
    >
      <input value={name} onChange={(event) => setName(event.target.value)} placeholder={placeholder} aria-label={placeholder} maxLength={200} autoFocus onKeyDown={(event) => event.key === 'Escape' && setOpen(false)} className="h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:outline-none" />
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={busy} disabled={!name.trim()}>
          Add
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface ListActions {
  onRename: (list: BoardList, name: string) => void;
  onRemove: (list: BoardList) => void;
  onAddCard: (list: BoardList, name: string) => void;
  onOpenCard: (cardId: string) => void;
  addingCard: boolean;
}

function BoardColumn({ list, board, cards, actions }: { list: BoardList; board: Board; cards: Card[]; actions: ListActions }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: listKey(list.id), data: { type: 'list' } });
  const [name, setName] = useState(list.name);
  useEffect(() => setName(list.name), [list.name]);
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={cx('flex max-h-full w-72 shrink-0 flex-col rounded-lg bg-slate-100', isDragging && 'opacity-50')} aria-label={`List ${list.name}`} data-testid="board-list">
      <div className="flex items-center gap-1 px-2 pt-2">
        <button ref={setActivatorNodeRef} type="button" {...attributes} {...listeners} className="cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-200" aria-label={`Drag list ${list.name}`}>
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
          aria-label="List name"
          maxLength={200}
          className="h-8 min-w-0 flex-1 rounded border border-transparent bg-transparent px-1 text-sm font-semibold text-slate-800 hover:border-slate-300 focus:border-brand-500 focus:bg-white focus:outline-none"
        />
        <span className="text-xs text-slate-500">{cards.length}</span>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="rounded p-1 text-slate-500 hover:bg-slate-200" aria-label={`Actions for ${list.name}`}>
            <MoreHorizontal className="size-4" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
              <DropdownMenu.Item className={cx(menuItemClasses, 'text-red-600')} onSelect={() => actions.onRemove(list)}>
                <Trash2 className="size-4" aria-hidden />
                Remove list
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <SortableContext items={list.idCards} strategy={verticalListSortingStrategy}>
        <ul className="min-h-12 flex-1 space-y-2 overflow-y-auto p-2" aria-label={`Cards in ${list.name}`}>
          {cards.map((card) => (
            <SortableCard key={card.id} card={card} board={board} onOpen={() => actions.onOpenCard(card.id)} />
          ))}
        </ul>
      </SortableContext>
      <div className="p-2 pt-0">
        <AddInline label="Add a card" placeholder="Card title" busy={actions.addingCard} onAdd={(cardName) => actions.onAddCard(list, cardName)} />
      </div>
    </li>
  );
}

function SettingsDialog({ board, open, onOpenChange, onSave, saving }: { board: Board; open: boolean; onOpenChange: (open: boolean) => void; onSave: (settings: Board['settings']) => void; saving: boolean }) {
  const [settings, setSettings] = useState(board.settings);
  useEffect(() => {
    if (open) setSettings(board.settings);
  }, [open, board.settings]);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Board settings"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => onSave(settings)} busy={saving}>
            Save settings
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Colour</legend>
          <div className="flex flex-wrap gap-2">
            {Object.entries(boardColors)
              .filter(([key]) => key)
              .map(([key, value]) => (
                <button key={key} type="button" onClick={() => setSettings({ ...settings, color: key })} aria-pressed={settings.color === key} aria-label={key} className={cx('size-8 rounded-full ring-offset-2', settings.color === key && 'ring-2 ring-slate-900')} style={{ backgroundColor: value }} />
              ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-600" checked={settings.subscribed} onChange={(event) => setSettings({ ...settings, subscribed: event.target.checked })} />
          Subscribe to this board
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-600" checked={settings.cardCoverImages} onChange={(event) => setSettings({ ...settings, cardCoverImages: event.target.checked })} />
          Show card cover images
        </label>
      </div>
    </Modal>
  );
}

/** A board: lists and cards with drag and drop (persisted), card dialog, rename, settings, delete. */
export default function BoardPage() {
  const { boardId = '' } = useParams<{ boardId: string }>();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const board = trpc.demo.scrumboard.board.useQuery({ boardId });
  const [columns, setColumns] = useState<BoardList[]>([]);
  const [dragging, setDragging] = useState<{ id: string; type: 'card' | 'list' } | null>(null);
  const [openCardId, setOpenCardId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'board' } | { kind: 'list'; list: BoardList } | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }));

  useEffect(() => {
    if (board.data && !dragging) setColumns(board.data.lists);
  }, [board.data, dragging]);

  const input = { boardId };
  const patchBoard = (update: (current: Board) => Board) => utils.demo.scrumboard.board.setData(input, (current) => (current ? update(current) : current));
  const snapshot = async () => {
    await utils.demo.scrumboard.board.cancel(input);
    return { previous: utils.demo.scrumboard.board.getData(input) };
  };
  const rollback = (fallback: string) => (error: unknown, _input: unknown, context: { previous?: Board } | undefined) => {
    if (context?.previous) utils.demo.scrumboard.board.setData(input, context.previous);
    toast.error(failureMessage(error, fallback));
  };
  const refresh = () => void utils.demo.scrumboard.board.invalidate(input);

  const reorderCards = trpc.demo.scrumboard.cardOrder.useMutation({
    onMutate: async ({ lists }) => {
      const context = await snapshot();
      patchBoard((current) => ({ ...current, lists }));
      return context;
    },
    onError: rollback('The new order could not be saved.'),
    onSuccess: () => toast.success('Card moved', { id: 'board-order' }),
    onSettled: refresh,
  });
  const reorderLists = trpc.demo.scrumboard.listOrder.useMutation({
    onMutate: async ({ lists }) => {
      const context = await snapshot();
      patchBoard((current) => ({ ...current, lists }));
      return context;
    },
    onError: rollback('The new order could not be saved.'),
    onSuccess: () => toast.success('List moved', { id: 'board-order' }),
    onSettled: refresh,
  });
  const updateCard = trpc.demo.scrumboard.updateCard.useMutation({
    onMutate: async (variables) => {
      // The input type also admits the template client's looser forms (an empty due date); this screen sends stored cards.
      const card = variables.card as Card;
      const context = await snapshot();
      patchBoard((current) => ({ ...current, cards: current.cards.map((other) => (other.id === card.id ? card : other)) }));
      return context;
    },
    onError: rollback('The card could not be saved.'),
    onSuccess: () => toast.success('Card saved', { id: 'card-saved' }),
    onSettled: refresh,
  });
  const newCard = trpc.demo.scrumboard.newCard.useMutation({
    onSuccess: (saved) => {
      utils.demo.scrumboard.board.setData(input, saved);
      toast.success('Card added');
    },
    onError: (error) => toast.error(failureMessage(error, 'The card could not be added.')),
  });
  const removeCard = trpc.demo.scrumboard.removeCard.useMutation({
    onSuccess: (cardId) => {
      patchBoard((current) => ({ ...current, cards: current.cards.filter((card) => card.id !== cardId), lists: current.lists.map((list) => ({ ...list, idCards: list.idCards.filter((id) => id !== cardId) })) }));
      setOpenCardId(null);
      toast.success('Card deleted');
    },
    onError: (error) => toast.error(failureMessage(error, 'The card could not be deleted.')),
    onSettled: refresh,
  });
  const newList = trpc.demo.scrumboard.newList.useMutation({
    onSuccess: (lists) => {
      patchBoard((current) => ({ ...current, lists }));
      toast.success('List added');
    },
    onError: (error) => toast.error(failureMessage(error, 'The list could not be added.')),
  });
  const renameList = trpc.demo.scrumboard.renameList.useMutation({
    onMutate: async ({ listId, listTitle }) => {
      const context = await snapshot();
      patchBoard((current) => ({ ...current, lists: current.lists.map((list) => (list.id === listId ? { ...list, name: listTitle } : list)) }));
      return context;
    },
    onError: rollback('The list could not be renamed.'),
    onSuccess: () => toast.success('List renamed'),
    onSettled: refresh,
  });
  const removeList = trpc.demo.scrumboard.removeList.useMutation({
    onSuccess: () => {
      toast.success('List removed');
      setConfirm(null);
    },
    onError: (error) => toast.error(failureMessage(error, 'The list could not be removed.')),
    onSettled: refresh,
  });
  const renameBoard = trpc.demo.scrumboard.renameBoard.useMutation({
    onMutate: async ({ boardTitle }) => {
      const context = await snapshot();
      patchBoard((current) => ({ ...current, name: boardTitle }));
      return context;
    },
    onError: rollback('The board could not be renamed.'),
    onSuccess: () => {
      toast.success('Board renamed');
      setRenaming(null);
      void utils.demo.scrumboard.boards.invalidate();
    },
    onSettled: refresh,
  });
  const updateSettings = trpc.demo.scrumboard.updateSettings.useMutation({
    onSuccess: (settings) => {
      patchBoard((current) => ({ ...current, settings }));
      toast.success('Settings saved');
      setSettingsOpen(false);
    },
    onError: (error) => toast.error(failureMessage(error, 'The settings could not be saved.')),
  });
  const deleteBoard = trpc.demo.scrumboard.deleteBoard.useMutation({
    onSuccess: () => {
      toast.success('Board deleted');
      void utils.demo.scrumboard.boards.invalidate();
      navigate('/apps/scrumboard');
    },
    onError: (error) => toast.error(failureMessage(error, 'The board could not be deleted.')),
  });

  const cardsById = useMemo(() => new Map((board.data?.cards ?? []).map((card) => [card.id, card])), [board.data?.cards]);

  function onDragStart({ active }: DragStartEvent) {
    const id = String(active.id);
    setDragging({ id, type: isListKey(id) ? 'list' : 'card' });
  }
  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    const id = String(active.id);
    if (isListKey(id)) return;
    setColumns((current) => moveCardAcross(current, id, String(over.id)));
  }
  function onDragEnd({ active, over }: DragEndEvent) {
    const id = String(active.id);
    const saved = board.data?.lists ?? [];
    let next = columns;
    if (over) {
      const overId = String(over.id);
      if (isListKey(id)) {
        const target = findContainer(columns, overId);
        if (target) next = moveList(columns, listIdOf(id), target.id);
      } else {
        next = moveCardWithin(columns, id, overId);
      }
    }
    setColumns(next);
    setDragging(null);
    if (!board.data || sameOrder(next, saved)) return;
    if (isListKey(id)) reorderLists.mutate({ boardId, lists: next });
    else reorderCards.mutate({ boardId, lists: next });
  }

  if (board.isPending) {
    return (
      <div role="status" aria-label="Loading the board" className="space-y-4">
        <Skeleton className="h-20 w-full" />
        <div className="flex gap-4 overflow-hidden">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-80 w-72 shrink-0" />
          ))}
        </div>
      </div>
    );
  }
  if (board.isError || !board.data) {
    if (failureStatus(board.error) === 404) {
      return (
        <EmptyState title="Requested board do not exist." icon={<SquareKanban className="size-10" aria-hidden />}>
          <Link href="/apps/scrumboard" className={buttonClasses('primary')}>
            Back to boards
          </Link>
        </EmptyState>
      );
    }
    return <ErrorState title="Could not load the board" error={board.error} onRetry={() => void board.refetch()} retrying={board.isRefetching} />;
  }

  const data = board.data;
  const openCard = openCardId ? (cardsById.get(openCardId) ?? null) : null;
  const draggedCard = dragging?.type === 'card' ? cardsById.get(dragging.id) : undefined;
  const listActions: ListActions = {
    onRename: (list, name) => renameList.mutate({ boardId, listId: list.id, listTitle: name }),
    onRemove: (list) => setConfirm({ kind: 'list', list }),
    onAddCard: (list, name) => newCard.mutate({ boardId, listId: list.id, data: { name } }),
    onOpenCard: setOpenCardId,
    addingCard: newCard.isPending,
  };

  return (
    <section className="flex min-w-0 flex-col gap-4" data-testid="sample-app">
      <header className="flex flex-wrap items-center gap-3 rounded-lg px-4 py-4 text-white shadow-sm sm:px-6" style={{ backgroundColor: boardColor(data.settings.color) }}>
        <Link href="/apps/scrumboard" className="rounded-md p-2 hover:bg-white/15" aria-label="Back to boards">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          {renaming !== null ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (renaming.trim() && renaming.trim() !== data.name) renameBoard.mutate({ boardId, boardTitle: renaming.trim() });
                else setRenaming(null);
              }}
              className="flex gap-2"
            >
              <input value={renaming} onChange={(event) => setRenaming(event.target.value)} aria-label="Board name" maxLength={200} autoFocus onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)} className="h-9 min-w-0 flex-1 rounded-md px-3 text-slate-900 focus:outline-2 focus:outline-offset-2 focus:outline-white" />
              <Button type="submit" size="sm" variant="secondary" busy={renameBoard.isPending}>
                Save
              </Button>
            </form>
          ) : (
            <h1 className="truncate text-xl font-bold sm:text-2xl">
              <button type="button" onClick={() => setRenaming(data.name)} className="max-w-full truncate rounded px-1 text-left hover:bg-white/15" title="Rename board">
                {data.name}
              </button>
            </h1>
          )}
        </div>
        <div className="flex items-center gap-2">
          <button type="button" onClick={() => setSettingsOpen(true)} className="rounded-md p-2 hover:bg-white/15" aria-label="Board settings">
            <Settings className="size-5" aria-hidden />
          </button>
          <button type="button" onClick={() => setConfirm({ kind: 'board' })} className="rounded-md p-2 hover:bg-white/15" aria-label="Delete board">
            <Trash2 className="size-5" aria-hidden />
          </button>
        </div>
      </header>
      <DndContext sensors={sensors} collisionDetection={closestCorners} onDragStart={onDragStart} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => {
          setDragging(null);
          setColumns(data.lists);
        }}>
        <div className="-mx-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0">
          <SortableContext items={columns.map((list) => listKey(list.id))} strategy={horizontalListSortingStrategy}>
            <ol className="flex items-start gap-4" aria-label="Lists">
              {columns.map((list) => (
                <BoardColumn key={list.id} list={list} board={data} cards={list.idCards.flatMap((id) => cardsById.get(id) ?? [])} actions={listActions} />
              ))}
              <li className="w-72 shrink-0 rounded-lg bg-slate-100 p-2">
                <AddInline label="Add a list" placeholder="List title" busy={newList.isPending} onAdd={(name) => newList.mutate({ boardId, data: { name } })} />
              </li>
            </ol>
          </SortableContext>
        </div>
        <DragOverlay>{draggedCard ? <div className="w-72 rotate-2 rounded-md border border-brand-300 bg-white p-3 shadow-xl"><CardFace card={draggedCard} board={data} /></div> : null}</DragOverlay>
      </DndContext>
      <CardDialog board={data} card={openCard} onClose={() => setOpenCardId(null)} onChange={(card) => updateCard.mutate({ boardId, card })} onRemove={(cardId) => removeCard.mutate({ boardId, cardId })} removing={removeCard.isPending} />
      <SettingsDialog board={data} open={settingsOpen} onOpenChange={setSettingsOpen} onSave={(settings) => updateSettings.mutate({ boardId, settings })} saving={updateSettings.isPending} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'list' ? `Remove the list "${confirm.list.name}"?` : 'Delete this board?'}
        description={confirm?.kind === 'list' ? 'The list and its cards are removed.' : 'The board, its lists and cards are removed.'}
        confirmLabel={confirm?.kind === 'list' ? 'Remove' : 'Delete'}
        destructive
        busy={removeList.isPending || deleteBoard.isPending}
        onConfirm={() => {
          if (confirm?.kind === 'list') removeList.mutate({ boardId, listId: confirm.list.id });
          else deleteBoard.mutate({ boardId });
        }}
      />
    </section>
  );
}
