/** The honest notice shown where the card form will be, until the payments provider is wired into these dialogs. */
export function PaymentsNotEnabledNotice() {
  return (
    <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Card payments are not enabled on this server yet, so nothing can be paid here for now. No card details are asked for and nothing is charged.
    </p>
  );
}

/** A read-only labelled value (tip name, amount, price): shown as a disabled input so it reads as a form field. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <label className="block space-y-1">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <input readOnly value={value} className="block h-10 w-full rounded-md border border-slate-200 bg-slate-50 px-3 text-sm text-slate-900" />
    </label>
  );
}
