import { useEffect, useState } from 'react';
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { cx } from '@web/components/cx';
import { Modal } from '@web/components/modal';
import { TextAreaField } from '@web/components/textarea-field';
import { TextField } from '@web/components/text-field';
import { ChecklistEditor } from './checklist-editor';
import { fromLocalInput, toLocalInput } from '@web/components/datetime-local';
import { sameLabel, type NoteDraft, type NoteLabel } from './note-types';

export interface NoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The note to edit, or a blank draft for a new one. */
  note: NoteDraft;
  labels: NoteLabel[];
  saving: boolean;
  deleting?: boolean;
  onSave: (draft: NoteDraft) => void;
  onDelete?: () => void;
}

/** Create or edit a note: title, text, checklist, labels, reminder, archive; delete with a confirmation. */
export function NoteDialog({ open, onOpenChange, note, labels, saving, deleting = false, onSave, onDelete }: NoteDialogProps) {
  const [draft, setDraft] = useState(note);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (open) setDraft(note);
  }, [open, note]);
  const isNew = !note.id;
  const empty = !draft.title.trim() && !draft.description.trim() && draft.checklist.length === 0;
  const set = (patch: Partial<NoteDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const toggleLabel = (id: NoteLabel['id']) => set({ labels: draft.labels.some((label) => sameLabel(label, id)) ? draft.labels.filter((label) => !sameLabel(label, id)) : [...draft.labels, id] });

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={isNew ? 'New note' : 'Edit note'}
        footer={
          <>
            {!isNew && onDelete && (
              <Button variant="ghost" className="mr-auto text-red-600" onClick={() => setConfirmDelete(true)} disabled={saving}>
                <Trash2 className="size-4" aria-hidden />
                Delete
              </Button>
            )}
            <Button variant="secondary" onClick={() => set({ archive: !draft.archive })} aria-pressed={draft.archive}>
              {draft.archive ? <ArchiveRestore className="size-4" aria-hidden /> : <Archive className="size-4" aria-hidden />}
              {draft.archive ? 'Unarchive' : 'Archive'}
            </Button>
            <Button onClick={() => onSave(draft)} busy={saving} disabled={empty}>
              {isNew ? 'Add note' : 'Save'}
            </Button>
          </>
        }
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!empty) onSave(draft);
          }}
        >
          <TextField label="Title" value={draft.title} onChange={(event) => set({ title: event.target.value })} maxLength={200} autoFocus />
          <TextAreaField label="Note" value={draft.description} onChange={(event) => set({ description: event.target.value })} maxLength={20000} rows={4} />
          <ChecklistEditor items={draft.checklist} onChange={(checklist) => set({ checklist })} />
          <TextField
            label="Reminder"
            type="datetime-local"
            value={toLocalInput(draft.reminder)}
            onChange={(event) => set({ reminder: fromLocalInput(event.target.value) })}
            hint={draft.reminder ? 'Clear the field to remove the reminder.' : undefined}
          />
          {labels.length > 0 && (
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Labels</legend>
              <div className="flex flex-wrap gap-2">
                {labels.map((label) => {
                  const active = draft.labels.some((id) => sameLabel(id, label.id));
                  return (
                    <button
                      key={String(label.id)}
                      type="button"
                      aria-pressed={active}
                      onClick={() => toggleLabel(label.id)}
                      className={cx('rounded-full border px-3 py-1 text-xs font-medium', active ? 'border-brand-500 bg-brand-500 text-white' : 'border-slate-300 text-slate-600 hover:bg-slate-100')}
                    >
                      {label.name}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          )}
          {empty && <p className="text-xs text-slate-500">Write a title, some text or a checklist item to save the note.</p>}
        </form>
      </Modal>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this note?"
        description="The note is removed for good."
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onConfirm={() => {
          onDelete?.();
          setConfirmDelete(false);
        }}
      />
    </>
  );
}
