import { Check, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { cx } from './cx';

const choosePrefix = 'Choose a plan: ';

/** A "Features require a plan" refusal from the server: its text, with its "Choose a plan: /path" as a link. */
export function PlanRequiredNotice({ message, className }: { message: string; className?: string }) {
  const at = message.lastIndexOf(choosePrefix);
  const path = at >= 0 ? message.slice(at + choosePrefix.length).trim() : '';
  const text = at >= 0 && path.startsWith('/') ? message.slice(0, at).trim() : message;
  return (
    <div role="alert" className={cx('flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200', className)} data-testid="plan-required">
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {text}{' '}
        {text !== message && (
          <Link href={path} className="font-semibold text-brand-700 underline">
            Choose a plan
          </Link>
        )}
      </p>
    </div>
  );
}

/** Whether an error message is a plan refusal (it carries the plans link). */
export function isPlanRefusal(message: string | null | undefined): message is string {
  return !!message && message.includes(choosePrefix);
}

/** What a plan includes, as its card lists it; an add-on also says what "Add On" means. */
export function PlanFeatures({ features, addOnNote, className }: { features: readonly string[]; addOnNote?: string | null; className?: string }) {
  return (
    <div className={cx('space-y-2', className)}>
      {features.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700" aria-label="Includes" data-testid="plan-features">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden /> {feature}
            </li>
          ))}
        </ul>
      )}
      {addOnNote && (
        <p className="text-xs text-slate-500" data-testid="add-on-note">
          <span className="font-semibold">Add On:</span> {addOnNote}
        </p>
      )}
    </div>
  );
}
