import { useId } from 'react';
import { Switch } from '@web/components/switch';

/** A labelled on/off switch. */
export function ToggleField({ label, hint, checked, onCheckedChange }: { label: string; hint?: string; checked: boolean; onCheckedChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium text-slate-800">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  );
}
