import { useEffect, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '@web/lib/i18n/i18n';
import { Button } from '@web/components/button';
import { localId } from '@web/components/local-id';
import { Modal } from '@web/components/modal';
import type { NoteLabel } from './note-types';

export const labelHandle = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'label';

/** The label list problems the editor refuses before saving: empty and duplicate names. */
export function labelProblems(labels: { name: string }[]): string | null {
  const names = labels.map((label) => label.name.trim().toLowerCase());
  if (names.some((name) => !name)) return i18n._(msg`Every label needs a name.`);
  if (new Set(names).size !== names.length) return i18n._(msg`Two labels have the same name.`);
  return null;
}

/** Add, rename and remove note labels; saving replaces the whole list (notes-app update-labels). */
export function LabelEditor({ open, onOpenChange, labels, saving, onSave }: { open: boolean; onOpenChange: (open: boolean) => void; labels: NoteLabel[]; saving: boolean; onSave: (labels: NoteLabel[]) => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(labels);
  const [newName, setNewName] = useState('');
  useEffect(() => {
    if (open) {
      setDraft(labels);
      setNewName('');
    }
  }, [open, labels]);
  const problem = labelProblems(draft);
  function add() {
    const name = newName.trim();
    if (!name) return;
    setDraft((current) => [...current, { id: localId(), name, handle: labelHandle(name) }]);
    setNewName('');
  }
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`Edit labels`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => onSave(draft.map((label) => ({ ...label, name: label.name.trim(), handle: labelHandle(label.name) })))} busy={saving} disabled={!!problem}>
            <Trans>Save labels</Trans>
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div className="flex gap-2">
          <input
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            maxLength={60}
            placeholder={t`New label`}
            aria-label={t`New label name`}
            className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:outline-none"
          />
          <Button size="sm" variant="secondary" onClick={add} disabled={!newName.trim()} aria-label={t`Add label`}>
            <Plus className="size-4" aria-hidden />
          </Button>
        </div>
        <ul className="space-y-1">
          {draft.map((label) => (
            <li key={String(label.id)} className="flex items-center gap-2">
              <input
                value={label.name}
                maxLength={60}
                onChange={(event) => setDraft((current) => current.map((other) => (other.id === label.id ? { ...other, name: event.target.value } : other)))}
                aria-label={t`Label name ${label.handle}`}
                className="h-9 min-w-0 flex-1 rounded-md border border-slate-200 px-3 text-sm focus:border-brand-500 focus:outline-none"
              />
              <button type="button" onClick={() => setDraft((current) => current.filter((other) => other.id !== label.id))} className="rounded p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600" aria-label={t`Remove label ${label.name}`}>
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        {draft.length === 0 && (
          <p className="text-sm text-slate-500">
            <Trans>No labels. Add one above.</Trans>
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
