import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, type PaymentKind } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { writeLedgerEntries } from '@server/domains/payments/ledger';
import { earningsMessages } from '@server/domains/earnings/earnings.schemas';
import { csvCell } from '@server/domains/earnings/earnings.csv';
import { newId } from '@server/lib/ids';
import { bearer, callerAs, createUser } from '../helpers/app';
import { cards, confirmCard, createPaymentsApp, createPaywall, createTip, expectedSplit, stage } from '../helpers/payments';

const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
afterAll(() => test.close());

async function pay(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  const intent = response.json() as { client_secret: string; paymentId: string };
  expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
  return intent.paymentId;
}

/** A succeeded payment written as the payment sync writes one (row, then its ledger entries), at a chosen time. */
async function recordPayment(values: { kind: PaymentKind; amountCents: number; payerId: string; creatorId: string | null; succeededAt: string; feeCents?: number }) {
  const id = newId();
  const feeCents = values.feeCents ?? 30;
  const [row] = await db
    .insert(payments)
    .values({ id, kind: values.kind, provider: 'local', status: 'succeeded', amountCents: values.amountCents, feeCents, payerId: values.payerId, creatorId: values.creatorId, description: values.kind, succeededAt: values.succeededAt })
    .returning();
  await writeLedgerEntries(db, row!, feeCents);
  return id;
}

describe('earnings.payments: who paid', () => {
  it('lists the creator’s tips, paywall and membership payments with the payer and the share the summary counts; never their own plan, never another creator’s', async () => {
    const s = await stage(app, { tipCents: 500, premiumCents: 1299 });
    await db.update(users).set({ displayName: 'Robin Payer' }).where(eq(users.id, s.viewer.id));
    const tipId = await pay(await createTip(app, s, { message: 'Great set!' }));
    const paywallId = await pay(await createPaywall(app, s));
    const membershipId = await recordPayment({ kind: 'membership', amountCents: 800, payerId: s.viewer.id, creatorId: s.creator.id, succeededAt: new Date().toISOString() });
    // The creator's own plan payment is a cost: not listed.
    const planId = await recordPayment({ kind: 'subscription', amountCents: 2000, payerId: s.creator.id, creatorId: null, succeededAt: new Date().toISOString() });
    // Another creator's tip from the same viewer: never listed for this creator.
    const other = await stage(app, { tipCents: 700 });
    const otherTipId = await pay(await createTip(app, { ...other, viewer: s.viewer }));

    const creator = await callerAs(app, s.creator.token);
    const answer = await creator.earnings.payments();
    expect(answer.nextCursor).toBeNull();
    const ids = answer.items.map((item) => item.id);
    expect(ids.sort()).toEqual([tipId, paywallId, membershipId].sort());
    expect(ids).not.toContain(planId);
    expect(ids).not.toContain(otherTipId);
    const byId = new Map(answer.items.map((item) => [item.id, item]));
    expect(byId.get(tipId)).toMatchObject({ payerName: 'Robin Payer', source: 'tips', amountCents: 500, creatorShareCents: expectedSplit(500).creator, tipMessage: 'Great set!', tipMessageHidden: false });
    expect(byId.get(tipId)!.tipId).toEqual(expect.any(String));
    expect(byId.get(paywallId)).toMatchObject({ source: 'paywall', amountCents: 1299, creatorShareCents: expectedSplit(1299).creator, tipId: null, tipMessage: null, tipMessageHidden: false });
    expect(byId.get(membershipId)).toMatchObject({ source: 'memberships', amountCents: 800 });
    // Newest first.
    const dates = answer.items.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    // The shares add up to what earnings.summary reports, per source.
    const summary = await creator.earnings.summary();
    for (const source of ['tips', 'paywall', 'memberships'] as const) {
      const listed = answer.items.filter((item) => item.source === source).reduce((sum, item) => sum + item.creatorShareCents, 0);
      expect(listed, source).toBe(summary.bySource.find((entry) => entry.source === source)!.creatorShareCents);
    }

    // The other creator sees only their own; an admin sees their own as a creator (none here); a viewer is refused.
    expect((await (await callerAs(app, other.creator.token)).earnings.payments()).items.map((item) => item.id)).toEqual([otherTipId]);
    const admin = await createUser(app, { role: 'admin' });
    expect((await (await callerAs(app, admin.token)).earnings.payments()).items).toEqual([]);
    await expect((await callerAs(app, s.viewer.token)).earnings.payments()).rejects.toThrow('You do not have permission to do this');
    expect((await app.inject({ method: 'GET', url: '/api/earnings/payments' })).statusCode).toBe(401);
  });

  it('filters by month and source, and pages with a cursor', async () => {
    const s = await stage(app);
    const at = (iso: string, kind: PaymentKind = 'tip', amountCents = 500) => recordPayment({ kind, amountCents, payerId: s.viewer.id, creatorId: s.creator.id, succeededAt: iso });
    const march = [await at('2026-03-01T00:00:00.000Z'), await at('2026-03-15T12:00:00.000Z'), await at('2026-03-31T23:59:59.999Z'), await at('2026-03-20T10:00:00.000Z', 'paywall', 1299)];
    const april = await at('2026-04-01T00:00:00.000Z');
    const february = await at('2026-02-28T23:59:59.999Z', 'membership', 800);
    const creator = await callerAs(app, s.creator.token);

    expect((await creator.earnings.payments({ month: '2026-03' })).items.map((item) => item.id).sort()).toEqual([...march].sort());
    expect((await creator.earnings.payments({ month: '2026-04' })).items.map((item) => item.id)).toEqual([april]);
    expect((await creator.earnings.payments({ month: '2026-03', source: 'tips' })).items.map((item) => item.id)).toEqual([march[2], march[1], march[0]]);
    expect((await creator.earnings.payments({ source: 'paywall' })).items.map((item) => item.id)).toEqual([march[3]]);
    expect((await creator.earnings.payments({ source: 'memberships' })).items.map((item) => item.id)).toEqual([february]);

    // Two same-time payments and pages of two: every row once, in order.
    const twin = await at('2026-04-01T00:00:00.000Z');
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await creator.earnings.payments({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    const all = (await creator.earnings.payments()).items.map((item) => item.id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(7);
    expect(seen).toContain(twin);
    expect(pages).toBe(4);
    // tRPC's infinite queries send `direction` beside the cursor (the Earnings page uses one).
    expect((await creator.earnings.payments({ limit: 2, direction: 'forward' })).items.map((item) => item.id)).toEqual(all.slice(0, 2));

    // REST: the same input as a query string; bad input is a clear 400.
    const rest = await app.inject({ method: 'GET', url: '/api/earnings/payments?month=2026-03&source=paywall', headers: bearer(s.creator.token) });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([march[3]]);
    const restPage = await app.inject({ method: 'GET', url: '/api/earnings/payments?limit=3', headers: bearer(s.creator.token) });
    expect((restPage.json() as { items: unknown[]; nextCursor: string }).items).toHaveLength(3);
    for (const [query, text] of [
      ['month=2026-13', earningsMessages.monthInvalid],
      ['month=march', earningsMessages.monthInvalid],
      ['source=subscriptions', earningsMessages.sourceInvalid],
      ['cursor=nonsense', earningsMessages.cursorInvalid],
    ] as const) {
      const bad = await app.inject({ method: 'GET', url: `/api/earnings/payments?${query}`, headers: bearer(s.creator.token) });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.body, query).toContain(text);
    }
  });

  it('GET /api/earnings/payments.csv: every matching row, RFC 4180 quoting, formulas defused', async () => {
    const s = await stage(app, { tipCents: 500 });
    await db.update(users).set({ displayName: '=HYPERLINK("http://evil.test","Sam, "the" payer")' }).where(eq(users.id, s.viewer.id));
    await pay(await createTip(app, s, { message: '@SUM(1+1) line\nbreak' }));
    await pay(await createTip(app, s, { message: 'Plain thanks' }));
    const month = new Date().toISOString().slice(0, 7);
    await recordPayment({ kind: 'tip', amountCents: 500, payerId: s.viewer.id, creatorId: s.creator.id, succeededAt: '2020-01-05T00:00:00.000Z' });

    const response = await app.inject({ method: 'GET', url: `/api/earnings/payments.csv?month=${month}&source=tips`, headers: bearer(s.creator.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="payments-${month}-tips.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('date,payer,source,amount,creator share,tip message');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(4);
    const share = (expectedSplit(500).creator / 100).toFixed(2);
    const payer = `"'=HYPERLINK(""http://evil.test"",""Sam, ""the"" payer"")"`;
    // Newest first: the second tip, then the first (whose message's whitespace run became one space).
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[^,]+Z,${escape(payer)},tips,5\\.00,${escape(share)},Plain thanks$`));
    expect(lines[2]).toMatch(new RegExp(`,tips,5\\.00,${escape(share)},'@SUM\\(1\\+1\\) line break$`));
    // Without a filter: all three, the 2020 one included.
    const all = await app.inject({ method: 'GET', url: '/api/earnings/payments.csv', headers: bearer(s.creator.token) });
    expect(all.body.split('\r\n')).toHaveLength(5);
    expect(all.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    // Someone else's CSV cannot be had: a viewer is refused, a guest must sign in.
    expect((await app.inject({ method: 'GET', url: '/api/earnings/payments.csv', headers: bearer(s.viewer.token) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/earnings/payments.csv' })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: '/api/earnings/payments.csv?month=2026-1', headers: bearer(s.creator.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(earningsMessages.monthInvalid);
  });

  it('csvCell quotes and defuses each kind of cell', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`).startsWith(`'${start}`) || csvCell(`${start}1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('2026-03-01T00:00:00.000Z')).toBe('2026-03-01T00:00:00.000Z');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
