import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { localId } from '@web/components/local-id';
import type { NoteDraft } from './note-types';

type Item = NoteDraft['checklist'][number];

/** Check, edit, remove and add checklist rows. */
export function ChecklistEditor({ items, onChange }: { items: Item[]; onChange: (items: Item[]) => void }) {
  const { t } = useLingui();
  const [newText, setNewText] = useState('');
  const change = (id: string, patch: Partial<Item>) => onChange(items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  function add() {
    const text = newText.trim();
    if (!text) return;
    onChange([...items, { id: localId(), checked: false, text }]);
    setNewText('');
  }
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">
        <Trans>Checklist</Trans>
      </legend>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-2">
            <input type="checkbox" checked={item.checked} onChange={(event) => change(item.id, { checked: event.target.checked })} className="size-4 accent-brand-600" aria-label={`Done: ${item.text}`} />
            <input
              value={item.text}
              onChange={(event) => change(item.id, { text: event.target.value })}
              aria-label={t`Checklist item`}
              className={`h-8 min-w-0 flex-1 rounded border border-transparent px-2 text-sm hover:border-slate-200 focus:border-brand-500 focus:outline-none ${item.checked ? 'text-slate-500 line-through' : 'text-slate-800'}`}
            />
            <button type="button" onClick={() => onChange(items.filter((other) => other.id !== item.id))} className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700" aria-label={t`Remove ${item.text}`}>
              <X className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <input
          value={newText}
          onChange={(event) => setNewText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          placeholder={t`Add an item`}
          aria-label={t`New checklist item`}
          className="h-8 min-w-0 flex-1 rounded border border-slate-300 px-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <button type="button" onClick={add} disabled={!newText.trim()} className="rounded p-1 text-brand-700 hover:bg-brand-50 disabled:text-slate-300" aria-label={t`Add checklist item`}>
          <Plus className="size-5" aria-hidden />
        </button>
      </div>
    </fieldset>
  );
}
