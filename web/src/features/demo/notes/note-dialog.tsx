import { Archive, ArchiveRestore } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { TextAreaField } from '@web/components/textarea-field';
import { TextField } from '@web/components/text-field';
import { ChecklistEditor } from './checklist-editor';
import { fromLocalInput, toLocalInput } from '@web/components/datetime-local';
import { EditorDialog, useDraft } from '../shared/editor-dialog';
import { LabelPicker } from '../shared/label-picker';
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
  const { t } = useLingui();
  const { draft, set } = useDraft(note, open);
  const empty = !draft.title.trim() && !draft.description.trim() && draft.checklist.length === 0;
  const toggleLabel = (id: NoteLabel['id']) => set({ labels: draft.labels.some((label) => sameLabel(label, id)) ? draft.labels.filter((label) => !sameLabel(label, id)) : [...draft.labels, id] });

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      noun={t`note`}
      isNew={!note.id}
      saving={saving}
      submitDisabled={empty}
      onSubmit={() => {
        if (!empty) onSave(draft);
      }}
      remove={onDelete && { confirmTitle: t`Delete this note?`, confirmDescription: t`The note is removed for good.`, busy: deleting, disabled: saving, onConfirm: onDelete }}
      secondaryAction={
        <Button variant="secondary" onClick={() => set({ archive: !draft.archive })} aria-pressed={draft.archive}>
          {draft.archive ? <ArchiveRestore className="size-4" aria-hidden /> : <Archive className="size-4" aria-hidden />}
          {draft.archive ? t`Unarchive` : t`Archive`}
        </Button>
      }
    >
      <TextField label={t`Title`} value={draft.title} onChange={(event) => set({ title: event.target.value })} maxLength={200} autoFocus />
      <TextAreaField label={t`Note`} value={draft.description} onChange={(event) => set({ description: event.target.value })} maxLength={20000} rows={4} />
      <ChecklistEditor items={draft.checklist} onChange={(checklist) => set({ checklist })} />
      <TextField
        label={t`Reminder`}
        type="datetime-local"
        value={toLocalInput(draft.reminder)}
        onChange={(event) => set({ reminder: fromLocalInput(event.target.value) })}
        hint={draft.reminder ? t`Clear the field to remove the reminder.` : undefined}
      />
      <LabelPicker
        options={labels.map((label) => ({
          key: String(label.id),
          title: label.name,
          active: draft.labels.some((id) => sameLabel(id, label.id)),
          onToggle: () => toggleLabel(label.id),
        }))}
      />
      {empty && (
        <p className="text-xs text-slate-500">
          <Trans>Write a title, some text or a checklist item to save the note.</Trans>
        </p>
      )}
    </EditorDialog>
  );
}
