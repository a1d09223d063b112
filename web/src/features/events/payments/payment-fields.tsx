/** A read-only labelled value (tip name, amount, price): shown as a disabled input so it reads as a form field. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <label className="block space-y-1">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <input readOnly value={value} className="block h-10 w-full rounded-md border border-slate-200 bg-slate-50 px-3 text-sm text-slate-900" />
    </label>
  );
}

/** Payments are made as a viewer: a guest signs in first (the page's Log in / Register). */
export function SignInToPay({ action }: { action: string }) {
  return (
    <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      Log in or register as a viewer (Login or Register at the top of the page) to {action}.
    </p>
  );
}
