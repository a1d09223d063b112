import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushNotifications } from '@db/schema/push';
import { firstRow } from '@db/store';
import { webhookDeliveries } from '@db/schema/webhooks';
import { hubTopic } from '@server/domains/hub/hub.service';
import { bearer, callerAs, createUser } from '../helpers/app';
import { cards, confirmCard, createPaymentsApp, createTip, stage } from '../helpers/payments';
import { startReceiver } from '../helpers/webhook-receiver';

/**
 * Payments and events announce their facts as domain events; webhooks, the hub and push listen. A listener that
 * fails (here: webhooks, whose queue cannot be woken) neither fails the call that published nor keeps the
 * listeners after it from running.
 */
const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const kick = app.services.webhooks.kick;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterEach(() => {
  app.services.webhooks.kick = kick;
});
afterAll(async () => {
  await receiver.close();
  await test.close();
});

function breakWebhooks(): void {
  app.services.webhooks.kick = () => {
    throw new Error('webhook queue unavailable');
  };
}

describe('domain events when a listener fails', () => {
  it('a tip still succeeds and the event page’s hub still hears of it', async () => {
    const s = await stage(app, { tipCents: 500 });
    await (await callerAs(app, s.creator.token)).webhooks.create({ url: `${receiver.url}?tip=${s.creator.id}`, events: ['payment.succeeded'] });
    const hub: string[] = [];
    const unsubscribe = app.services.bus.subscribe(hubTopic(`${s.creator.id}-${s.eventId}`), (delivery) => hub.push(delivery.message.text));
    breakWebhooks();

    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentIntentId: string; paymentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const report = await app.inject({ method: 'POST', url: '/api/payment/status', headers: bearer(s.viewer.token), payload: { stripePaymentIntentId: intent.paymentIntentId } });
    unsubscribe();

    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ id: intent.paymentId, status: 'succeeded' });
    expect(hub).toEqual(['Test viewer sent a tip: Coffee ($5.00). Thank you!']);
    // The webhook's delivery was recorded before the queue failed; it is sent on the queue's next look.
    // (The listeners run after the answer's commit, asynchronously: the test waits for the row.)
    const queuedTypes = async () =>
      (await db.select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload }).from(webhookDeliveries))
        .filter((row) => JSON.parse(row.payload).data.id === intent.paymentId)
        .map((row) => row.type);
    await expect.poll(queuedTypes).toEqual(['payment.succeeded']);
  });

  it('creating a live event still answers the event, and its push announcement still goes out', async () => {
    const admin = await createUser(app, { role: 'admin', creatorTag: `admin_${Date.now()}` });
    await (await callerAs(app, admin.token)).webhooks.create({ url: `${receiver.url}?event=${admin.id}`, events: ['event.created'] });
    breakWebhooks();

    const event = await (await callerAs(app, admin.token)).events.create({ name: 'Open decks' });

    expect(event).toMatchObject({ name: 'Open decks', isActive: true, userId: admin.id });
    const notification = await firstRow(db.select().from(pushNotifications).where(eq(pushNotifications.eventId, event.id)));
    expect(notification).toMatchObject({ kind: 'event_live', title: 'Test admin is live: Open decks' });
  });
});
