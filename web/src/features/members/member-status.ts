import { t } from '@lingui/core/macro';
import type { MemberOutput } from '@server/domains/memberships/memberships.schemas';
import { formatDate } from '@web/lib/i18n/format';

/** A member's state as the creator reads it (in the active locale): the status, and whether the membership ends with its paid month. */
export function memberStatusLabel(member: Pick<MemberOutput, 'status' | 'cancelAtPeriodEnd'>): string {
  switch (member.status) {
    case 'active':
      return member.cancelAtPeriodEnd ? t`Active (ends at period end)` : t`Active`;
    case 'past_due':
      return t`Payment failed (grace period)`;
    case 'canceled':
      return t`Canceled`;
    case 'lapsed':
      return t`Lapsed`;
    case 'ended':
      return t`Ended`;
    case 'incomplete':
      return t`Not paid`;
  }
}

/** A UTC ISO time as a date in the reader's language ("Nov 27, 2026"); an em dash when there is none. */
export function formatDay(iso: string | null): string {
  return iso ? formatDate(iso, { dateStyle: 'medium' }) : '—';
}
