import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@web/components/button';

/** "Add a card" / "Add a list": a button that opens a one-field form in place. */
export function AddInline({ label, placeholder, onAdd, busy }: { label: string; placeholder: string; onAdd: (name: string) => void; busy: boolean }) {
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
          <Trans>Add</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
