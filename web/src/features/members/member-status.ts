import type { MemberOutput } from '@server/domains/memberships/memberships.schemas';

/** A member's state as the creator reads it: the status, and whether the membership ends with its paid month. */
export function memberStatusLabel(member: Pick<MemberOutput, 'status' | 'cancelAtPeriodEnd'>): string {
  switch (member.status) {
    case 'active':
      return member.cancelAtPeriodEnd ? 'Active (ends at period end)' : 'Active';
    case 'past_due':
      return 'Payment failed (grace period)';
    case 'canceled':
      return 'Canceled';
    case 'lapsed':
      return 'Lapsed';
    case 'ended':
      return 'Ended';
    case 'incomplete':
      return 'Not paid';
  }
}

/** A UTC ISO time as a date in the reader's language ("Nov 27, 2026"); an em dash when there is none. */
export function formatDay(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';
}
