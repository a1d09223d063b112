import { useEffect, useMemo, useState } from 'react';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCorners, useSensor, useSensors, type Announcements, type DragEndEvent, type DragOverEvent, type DragStartEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { ArrowLeft, Settings, SquareKanban, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'wouter';
import { Button, buttonClasses } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ErrorState } from '@web/components/error-state';
import { failureMessage, failureStatus } from '@web/components/error-message';
import { EmptyState } from '@web/components/empty-state';
import { Skeleton } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { AddInline } from './add-inline';
import { BoardColumn, type ListActions } from './board-column';
import { CardDialog } from './card-dialog';
import { CardFace } from './card-face';
import { SettingsDialog } from './settings-dialog';
import { boardColor, findContainer, isListKey, listIdOf, listKey, moveCardAcross, moveCardWithin, moveList, sameOrder, type Board, type BoardList, type Card } from './board-types';

/** A board: lists and cards with drag and drop (persisted), card dialog, rename, settings, delete. */
export default function BoardPage() {
  const { t } = useLingui();
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
    onError: rollback(t`The new order could not be saved.`),
    onSuccess: () => toast.success(t`Card moved`, { id: 'board-order' }),
    onSettled: refresh,
  });
  const reorderLists = trpc.demo.scrumboard.listOrder.useMutation({
    onMutate: async ({ lists }) => {
      const context = await snapshot();
      patchBoard((current) => ({ ...current, lists }));
      return context;
    },
    onError: rollback(t`The new order could not be saved.`),
    onSuccess: () => toast.success(t`List moved`, { id: 'board-order' }),
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
    onError: rollback(t`The card could not be saved.`),
    onSuccess: () => toast.success(t`Card saved`, { id: 'card-saved' }),
    onSettled: refresh,
  });
  const newCard = trpc.demo.scrumboard.newCard.useMutation({
    onSuccess: (saved) => {
      utils.demo.scrumboard.board.setData(input, saved);
      toast.success(t`Card added`);
    },
    onError: (error) => toast.error(failureMessage(error, t`The card could not be added.`)),
  });
  const removeCard = trpc.demo.scrumboard.removeCard.useMutation({
    onSuccess: (cardId) => {
      patchBoard((current) => ({ ...current, cards: current.cards.filter((card) => card.id !== cardId), lists: current.lists.map((list) => ({ ...list, idCards: list.idCards.filter((id) => id !== cardId) })) }));
      setOpenCardId(null);
      toast.success(t`Card deleted`);
    },
    onError: (error) => toast.error(failureMessage(error, t`The card could not be deleted.`)),
    onSettled: refresh,
  });
  const newList = trpc.demo.scrumboard.newList.useMutation({
    onSuccess: (lists) => {
      patchBoard((current) => ({ ...current, lists }));
      toast.success(t`List added`);
    },
    onError: (error) => toast.error(failureMessage(error, t`The list could not be added.`)),
  });
  const renameList = trpc.demo.scrumboard.renameList.useMutation({
    onMutate: async ({ listId, listTitle }) => {
      const context = await snapshot();
      patchBoard((current) => ({ ...current, lists: current.lists.map((list) => (list.id === listId ? { ...list, name: listTitle } : list)) }));
      return context;
    },
    onError: rollback(t`The list could not be renamed.`),
    onSuccess: () => toast.success(t`List renamed`),
    onSettled: refresh,
  });
  const removeList = trpc.demo.scrumboard.removeList.useMutation({
    onSuccess: () => {
      toast.success(t`List removed`);
      setConfirm(null);
    },
    onError: (error) => toast.error(failureMessage(error, t`The list could not be removed.`)),
    onSettled: refresh,
  });
  const renameBoard = trpc.demo.scrumboard.renameBoard.useMutation({
    onMutate: async ({ boardTitle }) => {
      const context = await snapshot();
      patchBoard((current) => ({ ...current, name: boardTitle }));
      return context;
    },
    onError: rollback(t`The board could not be renamed.`),
    onSuccess: () => {
      toast.success(t`Board renamed`);
      setRenaming(null);
      void utils.demo.scrumboard.boards.invalidate();
    },
    onSettled: refresh,
  });
  const updateSettings = trpc.demo.scrumboard.updateSettings.useMutation({
    onSuccess: (settings) => {
      patchBoard((current) => ({ ...current, settings }));
      toast.success(t`Settings saved`);
      setSettingsOpen(false);
    },
    onError: (error) => toast.error(failureMessage(error, t`The settings could not be saved.`)),
  });
  const deleteBoard = trpc.demo.scrumboard.deleteBoard.useMutation({
    onSuccess: () => {
      toast.success(t`Board deleted`);
      void utils.demo.scrumboard.boards.invalidate();
      navigate('/apps/scrumboard');
    },
    onError: (error) => toast.error(failureMessage(error, t`The board could not be deleted.`)),
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
      <div role="status" aria-label={t`Loading the board`} className="space-y-4">
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
        <EmptyState title={t`Requested board do not exist.`} icon={<SquareKanban className="size-10" aria-hidden />}>
          <Link href="/apps/scrumboard" className={buttonClasses('primary')}>
            <Trans>Back to boards</Trans>
          </Link>
        </EmptyState>
      );
    }
    return <ErrorState title={t`Could not load the board`} error={board.error} onRetry={() => void board.refetch()} retrying={board.isRefetching} />;
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

  const confirmListName = confirm?.kind === 'list' ? confirm.list.name : '';
  const nameOf = (id: UniqueIdentifier) => {
    const key = String(id);
    return isListKey(key) ? (columns.find((list) => list.id === listIdOf(key))?.name ?? '') : (cardsById.get(key)?.name ?? '');
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const name = nameOf(active.id);
      return isListKey(String(active.id)) ? t`Picked up the list ${name}.` : t`Picked up the card ${name}.`;
    },
    onDragOver: ({ active, over }) => {
      const name = nameOf(active.id);
      const target = over ? nameOf(over.id) : '';
      return over ? t`${name} is over ${target}.` : t`${name} is no longer over a list.`;
    },
    onDragEnd: ({ active, over }) => {
      const name = nameOf(active.id);
      const target = over ? nameOf(over.id) : '';
      return over ? t`${name} was dropped over ${target}.` : t`${name} was dropped.`;
    },
    onDragCancel: ({ active }) => {
      const name = nameOf(active.id);
      return t`Dragging was cancelled. ${name} is back in its place.`;
    },
  };
  const screenReaderInstructions = { draggable: t`To pick up a card or a list, press Space. While dragging, move it with the arrow keys. Press Space again to drop it, or Escape to cancel.` };

  return (
    <section className="flex min-w-0 flex-col gap-4" data-testid="sample-app">
      <header className="flex flex-wrap items-center gap-3 rounded-lg px-4 py-4 text-white shadow-sm sm:px-6" style={{ backgroundColor: boardColor(data.settings.color) }}>
        <Link href="/apps/scrumboard" className="rounded-md p-2 hover:bg-white/15" aria-label={t`Back to boards`}>
          <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
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
              <input value={renaming} onChange={(event) => setRenaming(event.target.value)} aria-label={t`Board name`} maxLength={200} autoFocus onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)} className="h-9 min-w-0 flex-1 rounded-md px-3 text-slate-900 focus:outline-2 focus:outline-offset-2 focus:outline-white" />
              <Button type="submit" size="sm" variant="secondary" busy={renameBoard.isPending}>
                <Trans>Save</Trans>
              </Button>
            </form>
          ) : (
            <h1 className="truncate text-xl font-bold sm:text-2xl">
              <button type="button" onClick={() => setRenaming(data.name)} className="max-w-full truncate rounded px-1 text-start hover:bg-white/15" title={t`Rename board`}>
                {data.name}
              </button>
            </h1>
          )}
        </div>
        <div className="flex items-center gap-2">
          <button type="button" onClick={() => setSettingsOpen(true)} className="rounded-md p-2 hover:bg-white/15" aria-label={t`Board settings`}>
            <Settings className="size-5" aria-hidden />
          </button>
          <button type="button" onClick={() => setConfirm({ kind: 'board' })} className="rounded-md p-2 hover:bg-white/15" aria-label={t`Delete board`}>
            <Trash2 className="size-5" aria-hidden />
          </button>
        </div>
      </header>
      <DndContext sensors={sensors} collisionDetection={closestCorners} accessibility={{ announcements, screenReaderInstructions }} onDragStart={onDragStart} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => {
          setDragging(null);
          setColumns(data.lists);
        }}>
        <div className="-mx-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0">
          <SortableContext items={columns.map((list) => listKey(list.id))} strategy={horizontalListSortingStrategy}>
            <ol className="flex items-start gap-4" aria-label={t`Lists`}>
              {columns.map((list) => (
                <BoardColumn key={list.id} list={list} board={data} cards={list.idCards.flatMap((id) => cardsById.get(id) ?? [])} actions={listActions} />
              ))}
              <li className="w-72 shrink-0 rounded-lg bg-slate-100 p-2">
                <AddInline label={t`Add a list`} placeholder={t`List title`} busy={newList.isPending} onAdd={(name) => newList.mutate({ boardId, data: { name } })} />
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
        title={confirm?.kind === 'list' ? t`Remove the list "${confirmListName}"?` : t`Delete this board?`}
        description={confirm?.kind === 'list' ? t`The list and its cards are removed.` : t`The board, its lists and cards are removed.`}
        confirmLabel={confirm?.kind === 'list' ? t`Remove` : t`Delete`}
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
