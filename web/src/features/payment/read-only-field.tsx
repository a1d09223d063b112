/** A read-only labelled value (tip name, amount, price): shown as a disabled input so it reads as a form field. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <label className="block space-y-1">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <input readOnly value={value} className="block h-10 w-full rounded-md border border-slate-200 bg-slate-50 px-3 text-sm text-slate-900" />
    </label>
  );
}
