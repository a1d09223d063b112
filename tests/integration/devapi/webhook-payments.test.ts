import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, callerAs, createUser } from '../../helpers/app';
import { exampleRunner } from '../../helpers/examples';
import { cards, confirmCard, createPaymentsApp, createTip, stage } from '../../helpers/payments';
import { startReceiver } from '../../helpers/webhook-receiver';

/** Payments announce tip.received, payment.succeeded and subscription.updated; export-earnings.ts reads the result. */
const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let url: string;

beforeAll(async () => {
  receiver = await startReceiver();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await receiver.close();
  await test.close();
});

describe('payment webhooks', () => {
  it('a succeeded tip sends tip.received and payment.succeeded to the creator, once', async () => {
    const s = await stage(app, { tipCents: 700 });
    const hookUrl = `${receiver.url}?creator=${s.creator.id}`;
    await (await callerAs(app, s.creator.token)).webhooks.create({ url: hookUrl, events: ['tip.received', 'payment.succeeded'] });
    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentId: string; paymentIntentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    // Reporting the status again changes nothing (the payment succeeded once).
    await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: intent.paymentIntentId } });

    await receiver.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = receiver.received.filter((request) => request.url === `/hooks/cuepoint?creator=${s.creator.id}`);
    expect(mine.map((request) => request.body.type).sort()).toEqual(['payment.succeeded', 'tip.received']);
    for (const request of mine) expect(request.body.data).toMatchObject({ id: intent.paymentId, kind: 'tip', status: 'succeeded', amountCents: 700, creatorId: s.creator.id });
  });

  it('a paid checkout sends subscription.updated (active) to the subscribing creator', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const hookUrl = `${receiver.url}?subscriber=${creator.id}`;
    await (await callerAs(app, creator.token)).webhooks.create({ url: hookUrl, events: ['subscription.updated', 'payment.succeeded'] });
    const started = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId: 'PODCAST_TITLE' } });
    expect(started.statusCode, started.body).toBe(200);
    expect(await confirmCard(app, started.json().client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const status = await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(creator.token), payload: { stripePaymentIntentId: started.json().paymentIntentId } });
    expect(status.statusCode, status.body).toBe(200);

    const path = `/hooks/cuepoint?subscriber=${creator.id}`;
    await expect.poll(() => receiver.received.filter((request) => request.url === path).map((request) => request.body.type).sort(), { timeout: 10_000 }).toEqual([
      'payment.succeeded',
      'subscription.updated',
    ]);
    const update = receiver.received.find((request) => request.url === path && request.body.type === 'subscription.updated')!;
    expect(update.body.data).toMatchObject({ productId: 'PODCAST_TITLE', status: 'active', id: started.json().subscriptionId });
  });
});

describe('export-earnings.ts', () => {
  it('writes the creator’s earnings as CSV with an earnings:read token', async () => {
    const s = await stage(app, { tipCents: 1000 });
    const intent = (await createTip(app, s)).json() as { client_secret: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const summary = await (await callerAs(app, s.creator.token)).earnings.summary();
    const { token } = await (await callerAs(app, s.creator.token)).apiTokens.create({ name: 'books', scopes: ['earnings:read'] });

    const result = await exampleRunner(url)('export-earnings.ts', [], token);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe('period,source,payments,gross,fees,net,your_share,platform_share');
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    const total = summary.totals;
    expect(lines.at(-1)).toBe(
      ['all', 'all', total.count, dollars(total.grossCents), dollars(total.feeCents), dollars(total.netCents), dollars(total.creatorShareCents), dollars(total.platformShareCents)].join(','),
    );
    expect(total.grossCents).toBe(1000);
    expect(lines.some((line) => line.startsWith('all,tips,1,10.00,'))).toBe(true);

    const { token: wrong } = await (await callerAs(app, s.creator.token)).apiTokens.create({ name: 'events', scopes: ['events:read'] });
    const refused = await exampleRunner(url)('export-earnings.ts', [], wrong);
    expect([refused.code, refused.stderr.trim()]).toEqual([1, 'This API token lacks the scope earnings:read']);
  });
});
