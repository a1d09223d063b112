import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { memberships, membershipTiers, type MembershipStatus } from '@db/schema/memberships';
import { newId } from '@server/lib/ids';
import { callerAs, createTestApp, createUser, type TestUser } from '../helpers/app';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

const now = new Date();
/** The first instant of the UTC month `offset` months from this one. */
const monthStart = (offset: number, day = 1) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day)).toISOString();
const monthKey = (offset: number) => monthStart(offset).slice(0, 7);

async function tier(creator: TestUser, name: string, priceCents: number): Promise<string> {
  const id = newId();
  await app.services.db.insert(membershipTiers).values({ id, creatorId: creator.id, name, priceCents });
  return id;
}

async function membership(creator: TestUser, tierId: string, priceCents: number, status: MembershipStatus, dates: Partial<Record<'activatedAt' | 'canceledAt' | 'lapsedAt' | 'endedAt' | 'currentPeriodEnd', string>>) {
  const member = await createUser(app, { role: 'viewer' });
  await app.services.db.insert(memberships).values({
    id: newId(),
    tierId,
    creatorId: creator.id,
    memberId: member.id,
    status,
    priceCents,
    provider: 'local',
    feedToken: randomBytes(24).toString('base64url'),
    ...dates,
  });
}

describe('analytics.members', () => {
  it('per UTC month: active at the month’s end (now for this month) per tier, MRR, joined and cancelled', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const other = await createUser(app, { role: 'dj' });
    const small = await tier(creator, 'Small', 500);
    const big = await tier(creator, 'Big', 1000);
    // Active since two months ago.
    await membership(creator, small, 500, 'active', { activatedAt: monthStart(-2, 5) });
    // Joined two months ago, cancelled last month, ended with its paid period last month.
    await membership(creator, big, 1000, 'ended', { activatedAt: monthStart(-2, 10), canceledAt: monthStart(-1, 3), endedAt: monthStart(-1, 10), currentPeriodEnd: monthStart(-1, 10) });
    // Joined and cancelled last month, paid up to exactly this month's first instant: not active at last month's end.
    await membership(creator, small, 500, 'canceled', { activatedAt: monthStart(-1, 2), canceledAt: monthStart(-1, 20), currentPeriodEnd: monthStart(0) });
    // Joined last month, lapsed just after this month began.
    await membership(creator, big, 1000, 'lapsed', { activatedAt: monthStart(-1, 15), lapsedAt: new Date(Date.parse(monthStart(0)) + 1).toISOString() });
    // Never paid; another creator's member.
    await membership(creator, small, 500, 'incomplete', {});
    await membership(other, await tier(other, 'Theirs', 700), 700, 'active', { activatedAt: monthStart(-2, 1) });

    const api = await callerAs(app, creator.token);
    const answer = await api.analytics.members({ from: monthStart(-2), to: monthStart(2) });
    const zero = { tips: 0, paywall: 0, memberships: 0 };
    expect(answer).toEqual({
      currency: 'cad',
      months: [
        {
          month: monthKey(-2),
          active: 2,
          joined: 2,
          cancelled: 0,
          mrrCents: 1500,
          byTier: [
            { tierId: big, name: 'Big', active: 1, mrrCents: 1000 },
            { tierId: small, name: 'Small', active: 1, mrrCents: 500 },
          ],
          earningsCents: zero,
        },
        {
          month: monthKey(-1),
          active: 2,
          joined: 2,
          cancelled: 2,
          mrrCents: 1500,
          byTier: [
            { tierId: big, name: 'Big', active: 1, mrrCents: 1000 },
            { tierId: small, name: 'Small', active: 1, mrrCents: 500 },
          ],
          earningsCents: zero,
        },
        // The running month counts up to now; months not begun are left out.
        { month: monthKey(0), active: 1, joined: 0, cancelled: 0, mrrCents: 500, byTier: [{ tierId: small, name: 'Small', active: 1, mrrCents: 500 }], earningsCents: zero },
      ],
    });
    const admin = await callerAs(app, (await createUser(app, { role: 'admin' })).token);
    expect(await admin.analytics.members({ from: monthStart(-2), to: monthStart(2), creatorId: creator.id })).toEqual(answer);
    const install = await admin.analytics.members({ from: monthStart(-2), to: monthStart(2) });
    expect(install.months.map((month) => month.active)).toEqual([3, 3, 2]);
  });
});
