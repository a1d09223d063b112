import type { LookupAddress } from 'node:dns';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { webhooks } from '@db/schema/webhooks';
import type { OutgoingMail } from '@server/providers/mail/interface';
import { emitWebhookEvent } from '@server/domains/webhooks/webhooks.service';
import { bearer, callerAs, createTestApp, createUser, type TestApp } from '../../helpers/app';
import { startReceiver, verifySignature } from '../../helpers/webhook-receiver';

const minute = 60_000;
const openApps: TestApp[] = [];
afterAll(async () => {
  for (const app of openApps) await app.close();
});

/** An app whose deliveries the test drives itself (processDue with its own clock). */
async function manualApp(env: Record<string, string> = {}, mails: OutgoingMail[] = []) {
  const t = await createTestApp(env, { webhooks: { background: false, timeoutMs: 1000 }, mailer: { send: async (mail) => void mails.push(mail) } });
  openApps.push(t);
  return t;
}

describe('outgoing webhooks', () => {
  it('signs each delivery, retries a 500 with the same event id, and records every attempt', async () => {
    const t = await manualApp();
    const receiver = await startReceiver([500, 200]);
    const dj = await createUser(t.app, { role: 'dj' });
    const caller = await callerAs(t.app, dj.token);
    const webhook = await caller.webhooks.create({ url: receiver.url, events: ['event.created', 'tip.received'], description: 'my bot' });
    expect(webhook.secret).toMatch(/^whsec_/);

    const eventId = await emitWebhookEvent(t.app.services, dj.id, 'tip.received', { amountCents: 500 });
    const start = new Date();
    expect(await t.app.services.webhooks.processDue(start)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    // Not due yet: the first retry waits 30 s.
    expect(await t.app.services.webhooks.processDue(new Date(start.getTime() + 10_000))).toBe(0);
    expect(await t.app.services.webhooks.processDue(new Date(start.getTime() + 31_000))).toBe(1);
    expect(receiver.received).toHaveLength(2);

    for (const request of receiver.received) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(verifySignature(request.headers['cuepoint-signature'] as string, request.rawBody, webhook.secret)).toBe(true);
      expect(verifySignature(request.headers['cuepoint-signature'] as string, request.rawBody, 'whsec_wrong')).toBe(false);
      expect(request.headers['cuepoint-event-id']).toBe(eventId);
      expect(request.body).toEqual({ id: eventId, type: 'tip.received', createdAt: expect.any(String), data: { amountCents: 500 } });
    }
    expect(receiver.received[1]!.rawBody).toBe(receiver.received[0]!.rawBody);

    const [delivery] = await caller.webhooks.deliveries({ webhookId: webhook.id });
    expect(delivery).toMatchObject({ eventId, status: 'succeeded', attemptCount: 2, lastStatusCode: 200 });
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);

    // Sent again on request: same event, same id.
    await caller.webhooks.redeliver({ deliveryId: delivery!.id });
    expect(await t.app.services.webhooks.processDue()).toBe(1);
    expect(receiver.received[2]!.body.id).toBe(eventId);
    await receiver.close();
  });

  it('only queues events the owner’s active webhooks subscribed to', async () => {
    const t = await manualApp();
    const receiver = await startReceiver();
    const dj = await createUser(t.app, { role: 'dj' });
    const other = await createUser(t.app, { role: 'dj' });
    const caller = await callerAs(t.app, dj.token);
    const hook = await caller.webhooks.create({ url: receiver.url, events: ['event.created'] });
    expect(await emitWebhookEvent(t.app.services, dj.id, 'tip.received', {})).toBeNull();
    expect(await emitWebhookEvent(t.app.services, other.id, 'event.created', {})).toBeNull();
    await caller.webhooks.update({ id: hook.id, isActive: false });
    expect(await emitWebhookEvent(t.app.services, dj.id, 'event.created', {})).toBeNull();
    await caller.webhooks.update({ id: hook.id, isActive: true });
    expect(await emitWebhookEvent(t.app.services, dj.id, 'event.created', { id: 'e1' })).toMatch(/^evt_/);
    await t.app.services.webhooks.processDue();
    expect(receiver.received.map((request) => request.body.type)).toEqual(['event.created']);
    // Another creator can neither see nor change it.
    const otherCaller = await callerAs(t.app, other.token);
    expect(await otherCaller.webhooks.list()).toEqual([]);
    await expect(otherCaller.webhooks.deliveries({ webhookId: hook.id })).rejects.toThrow('Webhook not found');
    await expect(otherCaller.webhooks.delete({ id: hook.id })).rejects.toThrow('Webhook not found');
    await receiver.close();
  });

  it('does not follow redirects and gives up after 24 hours', async () => {
    const t = await manualApp();
    const receiver = await startReceiver([302]);
    const dj = await createUser(t.app, { role: 'dj' });
    const caller = await callerAs(t.app, dj.token);
    const hook = await caller.webhooks.create({ url: receiver.url, events: ['event.updated'] });
    await emitWebhookEvent(t.app.services, dj.id, 'event.updated', {});
    const start = new Date();
    await t.app.services.webhooks.processDue(start);
    expect(receiver.received.map((request) => request.headers.host)).toHaveLength(1);
    let [delivery] = await caller.webhooks.deliveries({ webhookId: hook.id });
    expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 302, lastError: 'Answered HTTP 302' });

    await t.app.services.webhooks.processDue(new Date(start.getTime() + 24 * 60 * minute));
    [delivery] = await caller.webhooks.deliveries({ webhookId: hook.id });
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 2, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(2);
    await receiver.close();
  });

  it('times out a silent endpoint and disables a webhook failing for 3 days, with a notice', async () => {
    const mails: OutgoingMail[] = [];
    const t = await manualApp({}, mails);
    const receiver = await startReceiver([200], { hang: true });
    const dj = await createUser(t.app, { role: 'dj' });
    const caller = await callerAs(t.app, dj.token);
    const hook = await caller.webhooks.create({ url: receiver.url, events: ['event.live'] });
    await emitWebhookEvent(t.app.services, dj.id, 'event.live', {});
    const start = new Date();
    await t.app.services.webhooks.processDue(start);
    const [delivery] = await caller.webhooks.deliveries({ webhookId: hook.id });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: null, error: 'No answer within 1 s' });
    expect((await caller.webhooks.list())[0]).toMatchObject({ isActive: true, failingSince: start.toISOString() });

    const later = new Date(start.getTime() + 3 * 24 * 60 * minute);
    await emitWebhookEvent(t.app.services, dj.id, 'event.live', {}, { at: later });
    await t.app.services.webhooks.processDue(later);
    const [disabled] = await caller.webhooks.list();
    expect(disabled).toMatchObject({ isActive: false, disabledReason: 'Disabled after failing for 3 days. Fix the endpoint, then turn the webhook back on.' });
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0]).toMatchObject({ subject: 'Your Cuepoint webhook was turned off' });
    expect(mails[0]!.text).toContain(receiver.url);
    // Nothing more is sent while it is off; turning it on clears the failure.
    const attemptsSoFar = receiver.received.length;
    await t.app.services.webhooks.processDue(new Date(later.getTime() + 60 * minute));
    expect(receiver.received).toHaveLength(attemptsSoFar);
    expect(await caller.webhooks.update({ id: hook.id, isActive: true })).toMatchObject({ isActive: true, disabledReason: null, failingSince: null });
    await receiver.close();
  });

  it('keeps queued deliveries across a restart and sends them with the same id', async () => {
    const first = await manualApp();
    const receiver = await startReceiver();
    const dj = await createUser(first.app, { role: 'dj' });
    const hook = await (await callerAs(first.app, dj.token)).webhooks.create({ url: receiver.url, events: ['episode.published'] });
    const eventId = await emitWebhookEvent(first.app.services, dj.id, 'episode.published', { episodeId: 'ep1' });
    await first.app.close();
    expect(receiver.received).toHaveLength(0);

    // A new process on the same data: the background sender picks the queue up on start.
    const restarted = await buildApp(first.config, {});
    await restarted.ready();
    try {
      await receiver.waitFor(1);
      expect(receiver.received[0]!.body).toMatchObject({ id: eventId, type: 'episode.published', data: { episodeId: 'ep1' } });
      expect(receiver.received[0]!.headers['cuepoint-event-id']).toBe(eventId);
      expect(verifySignature(receiver.received[0]!.headers['cuepoint-signature'] as string, receiver.received[0]!.rawBody, hook.secret)).toBe(true);
    } finally {
      await restarted.close();
      await receiver.close();
    }
  });

  it('in production refuses plain http and private targets, also when a name resolves to one at send time', async () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-admin-password' };
    const resolveToLoopback = ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }])) as never;
    const t = await createTestApp(production, { webhooks: { background: false, resolve: resolveToLoopback } });
    openApps.push(t);
    const dj = await createUser(t.app, { role: 'dj' });
    const caller = await callerAs(t.app, dj.token);
    await expect(caller.webhooks.create({ url: 'http://hooks.example.com/x', events: ['event.created'] })).rejects.toThrow('The URL must start with https://');
    for (const url of ['https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://localhost/x']) {
      await expect(caller.webhooks.create({ url, events: ['event.created'] })).rejects.toThrow('Webhooks cannot target private, loopback or link-local addresses');
    }
    const hook = await caller.webhooks.create({ url: 'https://hooks.example.com/cuepoint', events: ['event.created'] });
    await emitWebhookEvent(t.app.services, dj.id, 'event.created', {});
    await t.app.services.webhooks.processDue();
    const [delivery] = await caller.webhooks.deliveries({ webhookId: hook.id });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: null, error: 'Webhooks cannot target private, loopback or link-local addresses' });

    // WEBHOOK_ALLOW_PRIVATE=true lets an operator point webhooks at their own network.
    const allowing = await createTestApp({ ...production, WEBHOOK_ALLOW_PRIVATE: 'true' }, { webhooks: { background: false } });
    openApps.push(allowing);
    const admin = await createUser(allowing.app, { role: 'admin' });
    await expect((await callerAs(allowing.app, admin.token)).webhooks.create({ url: 'https://10.1.2.3/x', events: ['event.created'] })).resolves.toMatchObject({
      url: 'https://10.1.2.3/x',
    });
    await expect((await callerAs(allowing.app, admin.token)).webhooks.create({ url: 'http://10.1.2.3/x', events: ['event.created'] })).rejects.toThrow(
      'The URL must start with https://',
    );
  });

  it('needs the webhooks:manage scope from an API token, and refuses viewers', async () => {
    const t = await manualApp();
    const dj = await createUser(t.app, { role: 'dj' });
    const session = await callerAs(t.app, dj.token);
    const manage = await session.apiTokens.create({ name: 'hooks', scopes: ['webhooks:manage'] });
    const read = await session.apiTokens.create({ name: 'read', scopes: ['events:read'] });
    const listed = await t.app.inject({ method: 'GET', url: '/trpc/webhooks.list', headers: bearer(manage.token) });
    expect(listed.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/trpc/webhooks.list', headers: bearer(read.token) });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, 'This API token lacks the scope webhooks:manage']);
    const viewer = await createUser(t.app, { role: 'viewer' });
    await expect((await callerAs(t.app, viewer.token)).webhooks.list()).rejects.toThrow('You do not have permission to do this');
    expect(await t.app.services.db.select().from(webhooks).where(eq(webhooks.userId, viewer.id))).toEqual([]);
  });
});
