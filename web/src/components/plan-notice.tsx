import { Check, Lock } from 'lucide-react';
import { Link } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { planRefusalReason } from '@server/domains/billing/plan-refusal.schemas';
import { cx } from './cx';

/**
 * A plan refusal ends with its last sentence pointing at the plans page, "Choose a plan: /path" in English and in the
 * server's own words in another language: that sentence becomes the link, what comes before stays text.
 */
const planLink = /^(?<text>[\s\S]*?)\s*(?<link>[^.!?؟。:]+):\s*(?<path>\/\S*)\s*$/;

function splitRefusal(message: string): { text: string; link: string; path: string } | null {
  const groups = planLink.exec(message)?.groups;
  return groups?.link?.trim() && groups.path ? { text: groups.text ?? '', link: groups.link.trim(), path: groups.path } : null;
}

/** A "Features require a plan" refusal from the server: its text, with its "Choose a plan: /path" as a link. */
export function PlanRequiredNotice({ message, className }: { message: string; className?: string }) {
  const parts = splitRefusal(message);
  return (
    <div role="alert" className={cx('flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200', className)} data-testid="plan-required">
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {parts ? parts.text.trim() : message}{' '}
        {parts && (
          <Link href={parts.path} className="font-semibold text-brand-700 underline">
            {parts.link}
          </Link>
        )}
      </p>
    </div>
  );
}

/**
 * Whether a failed call is the server's "Features require a plan" refusal: by its code (tRPC `data.reason`, a REST
 * answer's `reason`), never by its text, which is in the reader's language.
 */
export function isPlanRefusalError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { data, reason } = error as { data?: { reason?: unknown } | null; reason?: unknown };
  return (data?.reason ?? reason) === planRefusalReason;
}

/** The text of a plan refusal (to show with PlanRequiredNotice), or null when `error` is not one. */
export function planRefusalMessage(error: unknown): string | null {
  if (!isPlanRefusalError(error)) return null;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && message ? message : null;
}

/**
 * Whether a text already known to be the server's words ends with the plans link (the plan-access refusals the server
 * sends as data, `billing.myPlanAccess`): a failed call is told by its code instead (isPlanRefusalError).
 */
export function isPlanRefusal(message: string | null | undefined): message is string {
  return !!message && splitRefusal(message) !== null;
}

/**
 * The built-in plan lines and the add-on note (server/domains/billing/billing.schemas.ts `defaultProductFeatures`,
 * `addOnExplanation`) in the reader's language; a line an admin wrote in Settings → Plans is shown as written.
 */
const builtInPlanLines: Readonly<Record<string, MessageDescriptor>> = {
  'Create events on your calendar': msg`Create events on your calendar`,
  'Go live from OBS or any RTMP encoder': msg`Go live from OBS or any RTMP encoder`,
  'Premium events, tips and chat': msg`Premium events, tips and chat`,
  'One audio podcast title': msg`One audio podcast title`,
  'Unlimited episodes': msg`Unlimited episodes`,
  'An RSS feed for Apple Podcasts and Spotify': msg`An RSS feed for Apple Podcasts and Spotify`,
  'One more audio podcast title': msg`One more audio podcast title`,
  'One video podcast title': msg`One video podcast title`,
  'Replays of your live streams as episodes': msg`Replays of your live streams as episodes`,
  'One more video podcast title': msg`One more video podcast title`,
  'Adds one more podcast title to a plan you have': msg`Adds one more podcast title to a plan you have`,
};

/** A plan's line in the reader's language: a built-in one translated, one an admin wrote as written. */
export function planLineText(line: string, translate: (message: MessageDescriptor) => string): string {
  const message = builtInPlanLines[line];
  return message ? translate(message) : line;
}

/** What a plan includes, as its card lists it; an add-on also says what "Add On" means. */
export function PlanFeatures({ features, addOnNote, className }: { features: readonly string[]; addOnNote?: string | null; className?: string }) {
  const { t } = useLingui();
  const shown = (line: string) => planLineText(line, t);
  return (
    <div className={cx('space-y-2', className)}>
      {features.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700" aria-label={t`Includes`} data-testid="plan-features">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden /> {shown(feature)}
            </li>
          ))}
        </ul>
      )}
      {addOnNote && (
        <p className="text-xs text-slate-500" data-testid="add-on-note">
          <span className="font-semibold">
            <Trans>Add On:</Trans>
          </span>{' '}
          {shown(addOnNote)}
        </p>
      )}
    </div>
  );
}
