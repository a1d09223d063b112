import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '@db/schema/payments';
import { pushDeliveries } from '@db/schema/push';
import type { LocalPaymentProvider } from '@server/providers/payments/local';
import { bearer, callerAs, createUser } from '../helpers/app';
import { startReceiver } from '../helpers/webhook-receiver';
import { FakeBrowserKeys, LocalPushService, waitFor } from '../helpers/push-service';
import { createTestInstances, type TestInstances } from '../helpers/instances';
import { cards, confirmCard, createTip, expectedSplit, stage } from '../helpers/payments';
import { usePostgres } from '../engines/postgres';

/**
 * Two instances on one PostgreSQL database, without Redis (each has its own in-process bus): what they share is the
 * database, and the database alone keeps money exact, webhooks idempotent and sweeps on one instance at a time.
 */
const postgres = usePostgres();
let deployment: TestInstances;

beforeAll(async () => {
  // Exactly this topology on every run: no Redis, even where TEST_ENGINES shares one.
  deployment = await createTestInstances(2, { DATABASE_URL: await postgres.current.createDatabase(), PAYMENT_RATE_LIMIT: '100000' }, {}, { sharedEngines: false });
}, 60_000);
afterAll(async () => deployment?.close());

const instances = () => deployment.instances.map((instance) => instance.app);

describe('two instances on one PostgreSQL database', () => {
  it('name the store and the in-process bus in /healthz, and check the database in /readyz', async () => {
    for (const app of instances()) {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok', db: 'postgres', bus: 'memory', storage: 'disk' });
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    }
  });

  it('run a sweep on one instance when both tick at once, keep it taken for the period, and free it after a failed run', async () => {
    const [a, b] = instances() as [ReturnType<typeof instances>[number], ReturnType<typeof instances>[number]];
    expect(a.services.sweeps.kind).toBe('database');
    const timing = { ttlMs: 60_000, periodMs: 60_000 };
    let runs = 0;
    const tick = (app: typeof a) => app.services.sweeps.runExclusive('test:period', timing, async () => void runs++);
    expect((await Promise.all([tick(a), tick(b), tick(a), tick(b)])).filter(Boolean)).toHaveLength(1);
    // The rest of the period is taken: neither instance's next tick runs it again.
    expect(await Promise.all([tick(a), tick(b)])).toEqual([false, false]);
    expect(runs).toBe(1);

    await expect(a.services.sweeps.runExclusive('test:failing', timing, () => Promise.reject(new Error('sweep failed')))).rejects.toThrow('sweep failed');
    let ranOnB = false;
    expect(await b.services.sweeps.runExclusive('test:failing', timing, () => (ranOnB = true))).toBe(true);
    expect(ranOnB).toBe(true);
  });

  it('keep the ledger exact to the cent for 200 concurrent tips created on one instance and paid on the other', async () => {
    const [a, b] = instances() as [ReturnType<typeof instances>[number], ReturnType<typeof instances>[number]];
    const s = await stage(a, { tipCents: 777 });
    const created = await Promise.all(Array.from({ length: 200 }, (_, index) => createTip(index % 2 ? a : b, s)));
    expect(created.every((response) => response.statusCode === 200)).toBe(true);
    const intents = created.map((response) => response.json() as { client_secret: string; paymentId: string });
    const results = await Promise.all(intents.map((intent, index) => confirmCard(index % 2 ? b : a, intent.client_secret, cards.success)));
    expect(results.every((result) => result.status === 'succeeded')).toBe(true);

    const rows = await a.services.db.select().from(payments).where(eq(payments.creatorId, s.creator.id));
    expect(rows.filter((row) => row.status === 'succeeded')).toHaveLength(200);
    const entries = await a.services.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.paymentId,
          rows.map((row) => row.id),
        ),
      );
    const split = expectedSplit(777);
    expect(entries).toHaveLength(400);
    expect(entries.filter((entry) => entry.account === 'creator').reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(200 * split.creator);
    expect(entries.filter((entry) => entry.account === 'platform').reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(200 * split.platform);
  }, 120_000);

  it('credit a payment once when its webhook reaches both instances at once, with status reports on both', async () => {
    const [a, b] = instances() as [ReturnType<typeof instances>[number], ReturnType<typeof instances>[number]];
    const s = await stage(a);
    const intent = (await createTip(a, s)).json() as { client_secret: string; paymentId: string; paymentIntentId: string };
    const provider = a.services.payments as LocalPaymentProvider;
    // The card is charged without the provider's own event delivery reaching us: the webhooks below are the news.
    const payload = JSON.stringify({ id: 'evt_both_instances', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } } });
    const confirm = confirmCard(b, intent.client_secret, cards.success);
    const deliveries = await Promise.all(
      [a, b, a, b].map((app) => app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': provider.signWebhookPayload(payload) }, payload })),
    );
    const reports = await Promise.all(
      [a, b].map((app) => app.inject({ method: 'POST', url: '/api/payment/finalize', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: intent.paymentIntentId, status: 'succeeded' } })),
    );
    expect((await confirm).status).toBe('succeeded');
    expect(deliveries.every((response) => response.statusCode === 200)).toBe(true);
    expect(reports.every((response) => response.statusCode === 200)).toBe(true);
    expect(await a.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, intent.paymentId))).toHaveLength(2);
    const [payment] = await b.services.db.select().from(payments).where(eq(payments.id, intent.paymentId));
    expect(payment?.status).toBe('succeeded');
  });

  it('deliver each webhook exactly once with the workers of both instances claiming from one queue', async () => {
    const [a, b] = instances() as [ReturnType<typeof instances>[number], ReturnType<typeof instances>[number]];
    const receiver = await startReceiver();
    try {
      const creator = await createUser(a, { role: 'dj' });
      await (await callerAs(a, creator.token)).webhooks.create({ url: receiver.url, events: ['event.created'] });
      const created = await Promise.all(Array.from({ length: 40 }, async (_, index) => (await callerAs(index % 2 ? a : b, creator.token)).events.create({ name: `Set ${index}` })));
      await receiver.waitFor(40, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const deliveredEvents = receiver.received.map((request) => (request.body.data as { id: string }).id);
      expect(deliveredEvents.sort()).toEqual(created.map((event) => event.id).sort());
      expect(new Set(receiver.received.map((request) => request.body.id)).size).toBe(40);
    } finally {
      await receiver.close();
    }
  });

  it('send a push to every browser exactly once with both instances working the queue, and finish what a dead instance had claimed', async () => {
    const [a, b] = instances() as [ReturnType<typeof instances>[number], ReturnType<typeof instances>[number]];
    const pushService = await new LocalPushService().start();
    try {
      const admin = await createUser(a, { role: 'admin' });
      const browsers = Array.from({ length: 30 }, (_, index) => `browser-${index}`);
      for (const [index, name] of browsers.entries()) {
        const subscribed = await (index % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/push/subscribe',
          payload: { creatorId: admin.id, subscription: new FakeBrowserKeys().subscription(pushService.endpoint(name)) },
          remoteAddress: `10.9.${index >> 8}.${(index & 255) + 1}`,
        });
        expect(subscribed.statusCode, subscribed.body).toBe(200);
      }
      const caller = await callerAs(a, admin.token);
      const first = await caller.push.send({ title: 'Both', body: 'Once each', url: '/' });
      const receivedFor = (topic: string) => pushService.received.filter((push) => push.headers.topic === topic).map((push) => push.path.replace('/push/', ''));
      await waitFor(() => receivedFor(first.id).length >= 30, 15_000, 'the first notification');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receivedFor(first.id).sort()).toEqual([...browsers].sort());

      // Instance A claims the second notification's deliveries and dies before sending: B sends them once its lease is up.
      await Promise.all([a.services.push.queue.stop(), b.services.push.queue.stop()]);
      const second = await caller.push.send({ title: 'After a crash', body: 'Still once', url: '/' });
      await a.services.db
        .update(pushDeliveries)
        .set({ status: 'sending', claimedAt: new Date(Date.now() - 10 * 60_000).toISOString(), attempts: 1 })
        .where(eq(pushDeliveries.notificationId, second.id));
      b.services.push.queue.start();
      await waitFor(() => receivedFor(second.id).length >= 30, 15_000, 'the second notification');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receivedFor(second.id).sort()).toEqual([...browsers].sort());
      a.services.push.queue.start();
    } finally {
      await pushService.stop();
    }
  });
});
