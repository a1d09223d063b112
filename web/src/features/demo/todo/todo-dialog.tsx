import { Trash2, Undo2 } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { fromLocalInput, toLocalInput } from '@web/components/datetime-local';
import { TextAreaField } from '@web/components/textarea-field';
import { TextField } from '@web/components/text-field';
import { EditorDialog, useDraft } from '../shared/editor-dialog';
import { LabelPicker } from '../shared/label-picker';
import type { TodoDraft, TodoLabel } from './todo-types';

export interface TodoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  todo: TodoDraft;
  labels: TodoLabel[];
  saving: boolean;
  onSave: (draft: TodoDraft) => void;
  /** Moves the todo to Deleted (soft delete) or back. */
  onToggleDeleted?: () => void;
}

/** Create or edit a todo: title, notes, dates, flags, labels. */
export function TodoDialog({ open, onOpenChange, todo, labels, saving, onSave, onToggleDeleted }: TodoDialogProps) {
  const { t } = useLingui();
  const { draft, set, showErrors: touched, setShowErrors: setTouched } = useDraft(todo, open);
  const titleError = touched && !draft.title.trim() ? t`Please enter a title` : undefined;
  const datesError = draft.startDate && draft.dueDate && draft.dueDate < draft.startDate ? t`The due date cannot be before the start date` : undefined;
  function submit() {
    setTouched(true);
    if (!draft.title.trim() || datesError) return;
    onSave({ ...draft, title: draft.title.trim() });
  }
  const flag = (key: 'completed' | 'starred' | 'important', label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" checked={draft[key]} onChange={(event) => set({ [key]: event.target.checked })} className="size-4 accent-brand-600" />
      {label}
    </label>
  );
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      noun={t`task`}
      isNew={!todo.id}
      saving={saving}
      onSubmit={submit}
      noValidate
      footerStart={
        onToggleDeleted && (
          <Button variant="ghost" className={cx('me-auto', !todo.deleted && 'text-red-600')} onClick={onToggleDeleted} disabled={saving}>
            {todo.deleted ? <Undo2 className="size-4" aria-hidden /> : <Trash2 className="size-4" aria-hidden />}
            {todo.deleted ? t`Restore` : t`Delete`}
          </Button>
        )
      }
    >
      <TextField label={t`Title`} value={draft.title} onChange={(event) => set({ title: event.target.value })} onBlur={() => setTouched(true)} error={titleError} maxLength={200} required autoFocus />
      <TextAreaField label={t`Notes`} value={draft.notes} onChange={(event) => set({ notes: event.target.value })} rows={3} maxLength={20000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Start date`} type="datetime-local" value={toLocalInput(draft.startDate)} onChange={(event) => set({ startDate: fromLocalInput(event.target.value) })} />
        <TextField label={t`Due date`} type="datetime-local" value={toLocalInput(draft.dueDate)} onChange={(event) => set({ dueDate: fromLocalInput(event.target.value) })} error={datesError} />
      </div>
      <div className="flex flex-wrap gap-4">
        {flag('completed', t`Done`)}
        {flag('starred', t`Starred`)}
        {flag('important', t`Priority`)}
      </div>
      <LabelPicker
        options={labels.map((label) => {
          const active = draft.labels.includes(label.id);
          return {
            key: String(label.id),
            title: label.title,
            color: label.color,
            active,
            onToggle: () => set({ labels: active ? draft.labels.filter((id) => id !== label.id) : [...draft.labels, label.id].sort((a, b) => a - b) }),
          };
        })}
      />
    </EditorDialog>
  );
}
