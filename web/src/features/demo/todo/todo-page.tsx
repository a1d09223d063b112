import { useMemo, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { AlertCircle, CalendarClock, CalendarDays, Check, CheckCircle2, FolderInput, GripVertical, ListTodo, Plus, Star, Tag, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { cx } from '@web/components/cx';
import { formatDate } from '@web/components/datetime-local';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell, SidebarItem, SidebarSection } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { SkeletonList } from '@web/components/skeleton';
import { useSortableItem, useSortableTexts } from '@web/components/sortable-texts';
import { useSearchParams } from '@web/components/use-search-param';
import { trpc } from '@web/lib/trpc';
import { LabelChip, StarToggle } from '../shared/item-controls';
import { BulkDeleteButton, BulkMenu, SelectCheckbox, SelectionBar, useSelection } from '../shared/selection';
import { TodoDialog } from './todo-dialog';
import { applyOrder, moveInOrder, useTodoOrder } from './todo-order';
import { emptyTodo, type Todo, type TodoDraft, type TodoLabel } from './todo-types';

const filterIcons: Record<string, typeof Star> = { starred: Star, important: AlertCircle, dueDate: CalendarClock, today: CalendarDays, completed: CheckCircle2, deleted: Trash2 };

function TodoRow({ todo, labels, selected, onSelect, onOpen, onPatch, draggable }: { todo: Todo; labels: TodoLabel[]; selected: boolean; onSelect: (selected: boolean) => void; onOpen: () => void; onPatch: (patch: Partial<Todo>) => void; draggable: boolean }) {
  const { t } = useLingui();
  const title = todo.title;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortableItem({ id: todo.id, disabled: !draggable });
  const todoLabels = labels.filter((label) => todo.labels.includes(label.id));
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx('flex items-start gap-2 bg-white px-2 py-3 sm:px-3', isDragging && 'relative z-10 shadow-lg', selected && 'bg-brand-50/60')}
      data-testid="todo-row"
    >
      {draggable && (
        <button ref={setActivatorNodeRef} type="button" {...attributes} {...listeners} className="mt-0.5 cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 active:cursor-grabbing" aria-label={t`Drag ${title}`}>
          <GripVertical className="size-4" aria-hidden />
        </button>
      )}
      <SelectCheckbox name={todo.title} className="mt-1.5" checked={selected} onChange={onSelect} />
      <button
        type="button"
        onClick={() => onPatch({ completed: !todo.completed })}
        className={cx('mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border', todo.completed ? 'border-emerald-500 bg-emerald-500 text-white' : 'border-slate-300 text-transparent hover:border-emerald-500')}
        aria-label={todo.completed ? t`Mark ${title} as not done` : t`Mark ${title} as done`}
        aria-pressed={todo.completed}
      >
        <Check className="size-4" aria-hidden />
      </button>
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 text-start">
        <span className="sr-only">
          <Trans>Open</Trans>{' '}
        </span>
        <span className={cx('block truncate text-sm font-medium', todo.completed ? 'text-slate-500 line-through' : 'text-slate-900')}>{todo.title}</span>
        {todo.notes && <span className="block truncate text-xs text-slate-500">{todo.notes}</span>}
        <span className="mt-1 flex flex-wrap items-center gap-1">
          {todoLabels.map((label) => (
            <LabelChip key={label.id} title={label.title} color={label.color} />
          ))}
          {todo.dueDate && <span className="text-[11px] text-slate-500">
              <Trans>Due {formatDate(todo.dueDate)}</Trans>
            </span>}
        </span>
      </button>
      <button type="button" onClick={() => onPatch({ important: !todo.important })} className={cx('rounded p-1', todo.important ? 'text-red-600' : 'text-slate-500 hover:text-slate-700')} aria-label={todo.important ? t`Remove priority from ${title}` : t`Mark ${title} as priority`} aria-pressed={todo.important}>
        <AlertCircle className="size-4" aria-hidden />
      </button>
      <StarToggle name={todo.title} starred={todo.starred} className="p-1" onToggle={() => onPatch({ starred: !todo.starred })} />
    </li>
  );
}

/** To-do: folders, filters and labels; a list with selection, bulk folder/label/delete, drag order; the editor. */
export default function TodoPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [params, setParams] = useSearchParams();
  const labelHandle = params.get('label');
  const filterHandle = params.get('filter');
  const folderHandle = params.get('folder') ?? 'all';
  const input = labelHandle ? { labelHandle } : filterHandle ? { filterHandle } : { folderHandle };
  const todos = trpc.demo.todo.todos.useQuery(input);
  const folders = trpc.demo.todo.folders.useQuery();
  const filters = trpc.demo.todo.filters.useQuery();
  const labels = trpc.demo.todo.labels.useQuery();
  const labelList = labels.data ?? [];
  const [search, setSearch] = useState('');
  const selection = useSelection();
  const [editing, setEditing] = useState<TodoDraft | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [order, setOrder] = useTodoOrder();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }));

  const refresh = () => void utils.demo.todo.todos.invalidate();
  const onError = (fallback: string) => (error: unknown) => toast.error(failureMessage(error, fallback));

  const updateTodo = trpc.demo.todo.updateTodo.useMutation({
    onMutate: async (variables) => {
      // The input type also admits the template client's looser forms; this screen only ever sends a stored todo.
      const todo = variables as Todo;
      await utils.demo.todo.todos.cancel(input);
      const previous = utils.demo.todo.todos.getData(input);
      utils.demo.todo.todos.setData(input, (current) => current?.map((other) => (other.id === todo.id ? { ...other, ...todo } : other)));
      return { previous };
    },
    onError: (error, _todo, context) => {
      utils.demo.todo.todos.setData(input, context?.previous);
      toast.error(failureMessage(error, t`The task could not be saved.`));
    },
    onSuccess: () => toast.success(t`Task saved`),
    onSettled: refresh,
  });
  const newTodo = trpc.demo.todo.newTodo.useMutation({
    onSuccess: () => {
      toast.success(t`Task added`);
      setEditing(null);
    },
    onError: onError(t`The task could not be added.`),
    onSettled: refresh,
  });
  const removeTodo = trpc.demo.todo.removeTodo.useMutation({
    onSuccess: () => {
      toast.success(t`Task moved to Deleted`);
      setEditing(null);
    },
    onError: onError(t`The task could not be deleted.`),
    onSettled: refresh,
  });
  const setFolder = trpc.demo.todo.setFolder.useMutation({
    onSuccess: (moved) => {
      toast.success(plural(moved.length, { one: '# task moved', other: '# tasks moved' }));
      selection.clear();
    },
    onError: onError(t`The tasks could not be moved.`),
    onSettled: refresh,
  });
  const toggleLabel = trpc.demo.todo.toggleLabel.useMutation({
    onSuccess: () => toast.success(t`Labels updated`),
    onError: onError(t`The labels could not be changed.`),
    onSettled: refresh,
  });
  const deleteTodos = trpc.demo.todo.deleteTodos.useMutation({
    onSuccess: (ids) => {
      toast.success(plural(ids.length, { one: '# task deleted for good', other: '# tasks deleted for good' }));
      selection.clear();
      setConfirmBulkDelete(false);
    },
    onError: onError(t`The tasks could not be deleted.`),
    onSettled: refresh,
  });

  const ordered = useMemo(() => applyOrder(todos.data ?? [], order), [todos.data, order]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? ordered.filter((todo) => `${todo.title} ${todo.notes}`.toLowerCase().includes(needle)) : ordered;
  const shownIds = shown.map((todo) => todo.id);
  const selectedIds = selection.among(shownIds);
  const sortableTexts = useSortableTexts(shownIds, (id) => shown.find((todo) => todo.id === id)?.title ?? '');

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setOrder(moveInOrder(order, shownIds, String(active.id), String(over.id)));
    toast.success(t`Order saved on this device`, { id: 'todo-order' });
  }

  function save(draft: TodoDraft) {
    const { id, ...fields } = draft;
    const stored = id ? todos.data?.find((todo) => todo.id === id) : undefined;
    if (stored) updateTodo.mutate({ ...stored, ...fields }, { onSuccess: () => setEditing(null) });
    else newTodo.mutate(fields);
  }

  const select = (view: Record<string, string | null>, close: () => void) => {
    setParams({ folder: null, filter: null, label: null, ...view });
    selection.clear();
    close();
  };
  const viewTitle = labelHandle
    ? (labelList.find((label) => label.handle === labelHandle)?.title ?? t`Label`)
    : filterHandle
      ? (filters.data?.find((filter) => filter.handle === filterHandle)?.title ?? t`Filter`)
      : (folders.data?.find((folder) => folder.handle === folderHandle)?.title ?? t`All`);

  return (
    <SampleAppShell
      title={t`To-Do`}
      subtitle={viewTitle}
      icon={<ListTodo aria-hidden />}
      actions={
        <Button variant="secondary" size="sm" onClick={() => setEditing(emptyTodo())}>
          <Plus className="size-4" aria-hidden />
          <Trans>New task</Trans>
        </Button>
      }
      sidebarLabel={t`To-do folders, filters and labels`}
      sidebar={(close) => (
        <>
          <SidebarSection title={t`Folders`}>
            {(folders.data ?? []).map((folder) => (
              <SidebarItem key={folder.id} label={folder.title} icon={<ListTodo aria-hidden />} active={!labelHandle && !filterHandle && folderHandle === folder.handle} onClick={() => select({ folder: folder.handle === 'all' ? null : folder.handle }, close)} />
            ))}
          </SidebarSection>
          <SidebarSection title={t`Filters`}>
            {(filters.data ?? []).map((filter) => {
              const Icon = filterIcons[filter.handle] ?? Tag;
              return <SidebarItem key={filter.id} label={filter.title} icon={<Icon aria-hidden />} active={filterHandle === filter.handle} onClick={() => select({ filter: filter.handle }, close)} />;
            })}
          </SidebarSection>
          <SidebarSection title={t`Labels`}>
            {labelList.map((label) => (
              <SidebarItem key={label.id} label={label.title} color={label.color} active={labelHandle === label.handle} onClick={() => select({ label: label.handle }, close)} />
            ))}
          </SidebarSection>
        </>
      )}
    >
      <SelectionBar
        noun={t`tasks`}
        ids={shownIds}
        selection={selection}
        indeterminate
        actions={
          <>
            <BulkMenu label={t`Move to folder`} icon={<FolderInput className="size-4" aria-hidden />} text={t`Move`} items={folders.data ?? []} onSelect={(folderId) => setFolder.mutate({ selectedTodoIds: selectedIds, folderId })} />
            <BulkMenu label={t`Toggle label`} icon={<Tag className="size-4" aria-hidden />} text={t`Label`} items={labelList} onSelect={(labelId) => toggleLabel.mutate({ selectedTodoIds: selectedIds, labelId })} />
            <BulkDeleteButton label={t`Delete selected tasks`} onClick={() => setConfirmBulkDelete(true)} />
          </>
        }
        idle={<SearchField label={t`Search tasks`} size="sm" value={search} onChange={setSearch} className="min-w-0 flex-1" />}
      />
      <QueryState query={todos} loading={<SkeletonList rows={6} avatar={false} label={t`Loading tasks`} />} errorTitle={t`Could not load the tasks`}>
        {() =>
          shown.length === 0 ? (
            <EmptyState title={needle ? t`No tasks match` : t`No tasks here`}>{needle ? t`Try another search.` : t`Tasks that fit this view will show here.`}</EmptyState>
          ) : (
            <DndContext sensors={sensors} collisionDetection={closestCenter} accessibility={sortableTexts} onDragEnd={onDragEnd}>
              <SortableContext items={shownIds} strategy={verticalListSortingStrategy}>
                <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label={t`Tasks`}>
                  {shown.map((todo) => (
                    <TodoRow
                      key={todo.id}
                      todo={todo}
                      labels={labelList}
                      draggable={!needle}
                      selected={selection.has(todo.id)}
                      onSelect={(checked) => selection.toggle(todo.id, checked)}
                      onOpen={() => setEditing(todo)}
                      onPatch={(patch) => updateTodo.mutate({ ...todo, ...patch })}
                    />
                  ))}
                </ul>
              </SortableContext>
            </DndContext>
          )
        }
      </QueryState>
      <TodoDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        todo={editing ?? emptyTodo()}
        labels={labelList}
        saving={newTodo.isPending || updateTodo.isPending || removeTodo.isPending}
        onSave={save}
        onToggleDeleted={
          editing?.id
            ? () => {
                const stored = todos.data?.find((todo) => todo.id === editing.id);
                if (!stored) return;
                if (stored.deleted) updateTodo.mutate({ ...stored, deleted: false }, { onSuccess: () => setEditing(null) });
                else removeTodo.mutate({ todoId: stored.id });
              }
            : undefined
        }
      />
      <ConfirmDialog
        open={confirmBulkDelete}
        onOpenChange={setConfirmBulkDelete}
        title={plural(selectedIds.length, { one: 'Delete # task for good?', other: 'Delete # tasks for good?' })}
        description={t`Deleted tasks cannot be restored.`}
        confirmLabel={t`Delete`}
        destructive
        busy={deleteTodos.isPending}
        onConfirm={() => deleteTodos.mutate({ selectedTodoIds: selectedIds })}
      />
    </SampleAppShell>
  );
}
