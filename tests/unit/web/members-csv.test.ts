import { describe, expect, it } from 'vitest';
import type { MemberOutput } from '@server/domains/memberships/memberships.schemas';
import { csvField, membersCsv, membersCsvName } from '@web/features/members/members-csv';

function member(overrides: Partial<MemberOutput> = {}): MemberOutput {
  return {
    membershipId: 'm-1',
    memberId: 'u-1',
    name: 'Sam Lindqvist',
    email: 'sam@example.test',
    tierId: 't-1',
    tierName: 'Backstage',
    status: 'active',
    since: '2026-10-03T09:15:00.000Z',
    priceCents: 999,
    currentPeriodEnd: '2026-12-03T09:15:00.000Z',
    cancelAtPeriodEnd: false,
    hasAccess: true,
    scheduledTierName: null,
    ...overrides,
  };
}

describe('members CSV export', () => {
  it('has a header row and one row per member, CRLF line ends, dollars with two decimals, UTC days', () => {
    expect(membersCsv([member(), member({ name: 'Ada', email: 'ada@example.test', status: 'canceled', priceCents: 500, since: null })])).toBe(
      [
        'Name,Email,Tier,Status,Member since (UTC),Monthly price (CAD),Paid until (UTC)',
        'Sam Lindqvist,sam@example.test,Backstage,Active,2026-10-03,9.99,2026-12-03',
        'Ada,ada@example.test,Backstage,Canceled,,5.00,2026-12-03',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Lindqvist, Sam')).toBe('"Lindqvist, Sam"');
    expect(csvField('Sam "DJ" L')).toBe('"Sam ""DJ"" L"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
    const [, row] = membersCsv([member({ name: 'Lindqvist, "Sam"', tierName: 'Gold\nPlus' })]).split('\r\n');
    expect(row).toBe('"Lindqvist, ""Sam""",sam@example.test,"Gold\nPlus",Active,2026-10-03,9.99,2026-12-03');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('labels states the creator reads', () => {
    const lines = membersCsv([member({ cancelAtPeriodEnd: true }), member({ status: 'past_due' }), member({ status: 'lapsed' })]).split('\r\n');
    expect(lines.slice(1, 4).map((line) => line.split(',')[3])).toEqual(['Active (ends at period end)', 'Payment failed (grace period)', 'Lapsed']);
  });

  it('names the file by day and tier', () => {
    const now = new Date('2026-11-27T23:30:00.000Z');
    expect(membersCsvName(null, now)).toBe('members-2026-11-27.csv');
    expect(membersCsvName('Gold & Friends!', now)).toBe('members-gold-friends-2026-11-27.csv');
    expect(membersCsvName('★', now)).toBe('members-2026-11-27.csv');
  });
});
