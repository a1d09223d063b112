import { useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, BarChart3, GripVertical, HandCoins, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { TipOptionOutput } from '@server/domains/tips/tip-options.schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { useSortableItem, useSortableTexts } from '@web/components/sortable-texts';
import { Spinner } from '@web/components/spinner';
import { formatMoney } from '@web/lib/i18n/format';
import { paymentErrorMessage } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { TipOptionDialog } from './tip-option-dialog';

const money = (cents: number) => formatMoney(cents);

/** /manage-tips: the creator's tip buttons (shown on their event pages), in the order viewers see them. */
export default function ManageTipsPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const options = trpc.tipOptions.mine.useQuery();
  const reorder = trpc.tipOptions.reorder.useMutation();
  const remove = trpc.tipOptions.remove.useMutation();
  const [editing, setEditing] = useState<TipOptionOutput | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TipOptionOutput | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  async function saveOrder(next: TipOptionOutput[]) {
    const previous = options.data;
    utils.tipOptions.mine.setData(undefined, next.map((option, position) => ({ ...option, position })));
    try {
      utils.tipOptions.mine.setData(undefined, await reorder.mutateAsync({ ids: next.map((option) => option.id) }));
    } catch (error) {
      utils.tipOptions.mine.setData(undefined, previous);
      toast.error(paymentErrorMessage(error));
    }
  }

  function move(index: number, offset: number) {
    const list = options.data ?? [];
    const target = index + offset;
    if (target < 0 || target >= list.length) return;
    void saveOrder(arrayMove(list, index, target));
  }

  function onDragEnd(event: DragEndEvent) {
    const list = options.data ?? [];
    const from = list.findIndex((option) => option.id === event.active.id);
    const to = list.findIndex((option) => option.id === event.over?.id);
    if (from < 0 || to < 0 || from === to) return;
    void saveOrder(arrayMove(list, from, to));
  }

  async function onDelete(option: TipOptionOutput) {
    try {
      await remove.mutateAsync({ id: option.id });
      await utils.tipOptions.mine.invalidate();
      toast.success(t`"${option.title}" deleted`);
    } catch (error) {
      toast.error(paymentErrorMessage(error));
    } finally {
      setDeleting(null);
    }
  }

  const list = options.data ?? [];
  const ids = list.map((option) => option.id);
  const sortableTexts = useSortableTexts(ids, (id) => list.find((option) => option.id === id)?.title ?? '');
  return (
    <section className="max-w-3xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            <Trans>Tips</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>The tip buttons on your event pages. You keep 60% of the net of every tip.</Trans>
          </p>
        </div>
        <div className="flex gap-2">
          <Link href="/apps/earnings" className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50">
            <BarChart3 className="size-4" aria-hidden />
            <Trans>Earnings</Trans>
          </Link>
          <Button
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <Plus className="size-4" aria-hidden />
            <Trans>Add tip option</Trans>
          </Button>
        </div>
      </header>

      {options.isPending && <Spinner label={t`Loading tip options`} className="py-16" />}
      {options.isError && <EmptyState title={t`Tip options could not be loaded`}>{paymentErrorMessage(options.error)}</EmptyState>}
      {options.data && list.length === 0 && (
        <EmptyState title={t`No tip options yet`} icon={<HandCoins className="size-10" aria-hidden />}>
          <Trans>Add a tip option (for example "Coffee", $5.00) and viewers can tip you from your event pages.</Trans>
        </EmptyState>
      )}
      {list.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} accessibility={sortableTexts} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={t`Tip options`}>
              {list.map((option, index) => (
                <SortableTipRow
                  key={option.id}
                  option={option}
                  first={index === 0}
                  last={index === list.length - 1}
                  onUp={() => move(index, -1)}
                  onDown={() => move(index, 1)}
                  onEdit={() => {
                    setEditing(option);
                    setDialogOpen(true);
                  }}
                  onDelete={() => setDeleting(option)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete tip option`}
        description={deleting ? t`Viewers will no longer see "${deleting.title}" on your event pages.` : undefined}
        confirmLabel={t`Delete`}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && void onDelete(deleting)}
      />

      <TipOptionDialog
        open={dialogOpen}
        option={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={(saved) => {
          setDialogOpen(false);
          void utils.tipOptions.mine.invalidate();
          toast.success(editing ? t`"${saved.title}" saved` : t`"${saved.title}" added`);
        }}
      />
    </section>
  );
}

function SortableTipRow({
  option,
  first,
  last,
  onUp,
  onDown,
  onEdit,
  onDelete,
}: {
  option: TipOptionOutput;
  first: boolean;
  last: boolean;
  onUp(): void;
  onDown(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortableItem({ id: option.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-3 px-3 py-3 sm:px-4 ${isDragging ? 'relative z-10 bg-brand-50 shadow' : ''}`}
      data-testid="tip-option-row"
    >
      <button ref={setActivatorNodeRef} type="button" className="cursor-grab rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700" aria-label={t`Drag ${option.title}`} {...attributes} {...listeners}>
        <GripVertical className="size-4" aria-hidden />
      </button>
      <div className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-50 text-brand-600">
        {option.iconUrl ? <img src={option.iconUrl} alt="" className="size-full object-cover" /> : <HandCoins className="size-5" aria-hidden />}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{option.title}</p>
        <p className="text-sm text-slate-600 tabular-nums">{money(option.amountCents)}</p>
      </div>
      <div className="flex items-center gap-0.5">
        <Button variant="ghost" size="sm" onClick={onUp} disabled={first} aria-label={t`Move ${option.title} up`}>
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" onClick={onDown} disabled={last} aria-label={t`Move ${option.title} down`}>
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t`Edit ${option.title}`}>
          <Pencil className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t`Delete ${option.title}`}>
          <Trash2 className="size-4 text-red-600" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
