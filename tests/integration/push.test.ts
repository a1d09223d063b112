import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase } from '@db/client';
import { firstRow } from '@db/store';
import { loadConfig } from '@server/config';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { subscriptions } from '@db/schema/payments';
import { pushDeliveries, pushNotifications, pushSubscriptions } from '@db/schema/push';
import { newId } from '@server/lib/ids';
import { announceStartedEvents, isAcceptableEndpoint, notifyEventLive } from '@server/domains/push/push.service';
import { pushMessages } from '@server/domains/push/push.schemas';
import { vapidKeysPath } from '@server/providers/push/vapid-keys';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { FakeBrowserKeys, LocalPushService, verifyVapid, waitFor } from '../helpers/push-service';

async function subscribe(app: FastifyInstance, creatorId: string, subscription: unknown, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/push/subscribe', payload: { creatorId, subscription }, remoteAddress: ip });
}

function history(app: FastifyInstance, token: string, creatorId?: string) {
  return callerAs(app, token).then((caller) => caller.push.history(creatorId ? { creatorId } : undefined));
}

describe('push subscriptions', () => {
  let test: TestApp;
  let creator: TestUser;
  const keys = new FakeBrowserKeys();

  beforeEach(async () => {
    test = await createTestApp();
    creator = await createUser(test.app, { role: 'dj' });
  });
  afterEach(async () => test.close());

  it('stores a subscriber once per creator and endpoint, and unsubscribes by endpoint', async () => {
    const subscription = keys.subscription('https://push.example.test/send/abc');
    expect((await subscribe(test.app, creator.id, subscription)).json()).toEqual({ subscribed: true });
    expect((await subscribe(test.app, creator.id, subscription)).statusCode).toBe(200);
    const rows = await test.app.services.db.select().from(pushSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ creatorId: creator.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh });

    const answer = await test.app.inject({ method: 'POST', url: '/api/push/unsubscribe', payload: { endpoint: subscription.endpoint } });
    expect(answer.json()).toEqual({ subscribed: false });
    expect(await test.app.services.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('accepts https endpoints and http only on loopback', async () => {
    const refused = await subscribe(test.app, creator.id, keys.subscription('http://push.example.test/send/abc'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(pushMessages.endpoint);
    expect((await subscribe(test.app, creator.id, keys.subscription('ftp://push.example.test/x'))).statusCode).toBe(400);
    expect((await subscribe(test.app, creator.id, keys.subscription('not a url'))).statusCode).toBe(400);
    expect((await subscribe(test.app, creator.id, keys.subscription('http://127.0.0.1:9/push/a'))).statusCode).toBe(200);
  });

  it('in production accepts only https endpoints on public host names', () => {
    expect(isAcceptableEndpoint('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(isAcceptableEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', true)).toBe(true);
    for (const endpoint of ['http://127.0.0.1:9/push', 'https://127.0.0.1/push', 'https://[::1]/push', 'https://10.0.0.8/x', 'https://metadata/x', 'https://printer.local/x', 'https://user:pw@push.example.com/x']) {
      expect(isAcceptableEndpoint(endpoint, true), endpoint).toBe(false);
    }
    expect(isAcceptableEndpoint('http://127.0.0.1:9/push', false)).toBe(true);
    expect(isAcceptableEndpoint('http://push.example.com/push', false)).toBe(false);
  });

  it('refuses malformed keys, unknown fields and unknown creators', async () => {
    const subscription = keys.subscription('https://push.example.test/send/keys');
    const shortKey = await subscribe(test.app, creator.id, { ...subscription, keys: { ...subscription.keys, p256dh: 'abc' } });
    expect(shortKey.statusCode).toBe(400);
    expect(shortKey.json().message).toBe(pushMessages.keys);
    const notAPoint = Buffer.alloc(65, 7).toString('base64url');
    expect((await subscribe(test.app, creator.id, { ...subscription, keys: { ...subscription.keys, p256dh: notAPoint } })).statusCode).toBe(400);
    const extra = await test.app.inject({ method: 'POST', url: '/api/push/subscribe', payload: { creatorId: creator.id, subscription, admin: true } });
    expect(extra.statusCode).toBe(400);
    const unknown = await subscribe(test.app, 'no-such-creator', subscription);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(pushMessages.creatorNotFound);
    const viewer = await createUser(test.app, { role: 'viewer' });
    expect((await subscribe(test.app, viewer.id, subscription)).statusCode).toBe(404);
  });

  it('lets one endpoint follow at most 5 creators a minute', async () => {
    const subscription = keys.subscription('https://push.example.test/send/busy');
    const creators = [creator, ...(await Promise.all(Array.from({ length: 5 }, () => createUser(test.app, { role: 'dj' }))))];
    const statuses = [];
    for (const each of creators) statuses.push((await subscribe(test.app, each.id, subscription)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another endpoint is not held back by it.
    expect((await subscribe(test.app, creators[5]!.id, keys.subscription('https://push.example.test/send/other'))).statusCode).toBe(200);
  });
});

describe('sending permission', () => {
  let test: TestApp;
  beforeEach(async () => {
    test = await createTestApp();
  });
  afterEach(async () => test.close());

  it('refuses a creator without an active subscription with 403 and a clear message', async () => {
    const creator = await createUser(test.app, { role: 'dj' });
    const caller = await callerAs(test.app, creator.token);
    await expect(caller.push.send({ title: 'Hello', body: 'Live tonight' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: pushMessages.notPermitted });
    expect(await test.app.services.db.select().from(pushNotifications)).toHaveLength(0);
    const overview = await caller.push.overview();
    expect(overview).toMatchObject({ canSend: false, creatorId: creator.id, subscriberCount: 0 });
  });

  it('lets a creator with an active subscription send (the payments rule)', async () => {
    const creator = await createUser(test.app, { role: 'dj' });
    const addSubscription = async (status: 'past_due' | 'active') => {
      await test.app.services.db
        .insert(subscriptions)
        .values({ id: newId(), userId: creator.id, productId: 'LIVE_STREAM', provider: 'local', providerCustomerId: 'cus_test', status, priceCents: 1000 });
    };
    const caller = await callerAs(test.app, creator.token);
    await addSubscription('past_due');
    await expect(caller.push.send({ title: 'Hello', body: 'Live tonight' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await addSubscription('active');
    expect(await caller.push.send({ title: 'Hello', body: 'Live tonight' })).toEqual({ id: expect.any(String), recipients: 0 });
    expect((await caller.push.overview()).canSend).toBe(true);
  });

  it('lets an admin send to any creator, and keeps creators to their own subscribers', async () => {
    const admin = await createUser(test.app, { role: 'admin' });
    const creator = await createUser(test.app, { role: 'dj' });
    const other = await createUser(test.app, { role: 'dj' });
    const answer = await (await callerAs(test.app, admin.token)).push.send({ title: 'Hello', body: 'From the team', creatorId: creator.id });
    expect(answer).toEqual({ id: expect.any(String), recipients: 0 });
    const row = await firstRow(test.app.services.db.select().from(pushNotifications).where(eq(pushNotifications.id, answer.id)));
    const tag = (await firstRow(test.app.services.db.select().from(users).where(eq(users.id, creator.id))))!.creatorTag;
    expect(row).toMatchObject({ creatorId: creator.id, sentBy: admin.id, url: `/events/${tag}` });
    await expect((await callerAs(test.app, creator.token)).push.history({ creatorId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const viewer = await createUser(test.app, { role: 'viewer' });
    await expect((await callerAs(test.app, viewer.token)).push.send({ title: 'x', body: 'y' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('validates title, body and link', async () => {
    const admin = await createUser(test.app, { role: 'admin' });
    const caller = await callerAs(test.app, admin.token);
    await expect(caller.push.send({ title: '', body: 'x' })).rejects.toThrow(pushMessages.title);
    await expect(caller.push.send({ title: 'x'.repeat(61), body: 'x' })).rejects.toThrow(pushMessages.title);
    await expect(caller.push.send({ title: 'x', body: 'y'.repeat(201) })).rejects.toThrow(pushMessages.body);
    for (const url of ['https://evil.test/', '//evil.test/x', 'events/x', '/\\evil.test']) {
      await expect(caller.push.send({ title: 'x', body: 'y', url })).rejects.toThrow(pushMessages.url);
    }
    // Over the wire the message is the field's text.
    const wire = await test.app.inject({ method: 'POST', url: '/trpc/push.send', headers: bearer(admin.token), payload: { title: 'x', body: 'y', url: '//evil.test' } });
    expect(wire.statusCode).toBe(400);
    expect(wire.json().error.message).toBe(pushMessages.url);
    expect(await test.app.services.db.select().from(pushNotifications)).toHaveLength(0);
  });
});

describe('delivery', () => {
  let test: TestApp;
  let pushService: LocalPushService;
  let admin: TestUser;
  let creator: TestUser;

  beforeEach(async () => {
    pushService = await new LocalPushService().start();
    test = await createTestApp();
    admin = await createUser(test.app, { role: 'admin' });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Quill' });
  });
  afterEach(async () => {
    await test.close();
    await pushService.stop();
  });

  async function publicKey(): Promise<string> {
    return (await test.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey;
  }

  it('delivers an encrypted, VAPID-signed push that decrypts to the exact payload', async () => {
    const browser = new FakeBrowserKeys();
    expect((await subscribe(test.app, creator.id, browser.subscription(pushService.endpoint('fan-1')))).statusCode).toBe(200);
    const caller = await callerAs(test.app, admin.token);
    const sent = await caller.push.send({ title: 'Tonight at 8', body: 'New set, new lights.', url: '/events/mara/abc', creatorId: creator.id });
    expect(sent.recipients).toBe(1);

    await waitFor(() => pushService.receivedFor('fan-1').length === 1, 10_000, 'the push');
    const [push] = pushService.receivedFor('fan-1');
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.headers.topic).toBe(sent.id);
    const claims = await verifyVapid(push!.headers.authorization, pushService.origin, await publicKey());
    expect(claims.aud).toBe(pushService.origin);
    expect(JSON.parse(browser.decrypt(push!.body))).toEqual({ id: sent.id, title: 'Tonight at 8', body: 'New set, new lights.', url: '/events/mara/abc', icon: '/icon-192.png' });

    await waitFor(async () => (await firstRow(test.app.services.db.select().from(pushNotifications)))?.completedAt != null, 5000, 'completion');
    const [item] = await history(test.app, admin.token, creator.id);
    expect(item).toMatchObject({ id: sent.id, recipients: 1, sent: 1, failed: 0, removed: 0, pending: 0 });
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    pushService.answer = (path) => (path.endsWith('/gone') ? { status: 410 } : { status: 201 });
    await subscribe(test.app, creator.id, new FakeBrowserKeys().subscription(pushService.endpoint('gone')));
    await subscribe(test.app, creator.id, new FakeBrowserKeys().subscription(pushService.endpoint('alive')));
    const sent = await (await callerAs(test.app, admin.token)).push.send({ title: 'Hi', body: 'There', creatorId: creator.id });
    await waitFor(() => pushService.received.length === 2, 10_000, 'both pushes');
    await waitFor(async () => (await test.app.services.db.select().from(pushSubscriptions)).length === 1, 5000, 'the removal');
    expect((await firstRow(test.app.services.db.select().from(pushSubscriptions)))!.endpoint).toBe(pushService.endpoint('alive'));
    await waitFor(async () => !!(await firstRow(test.app.services.db.select().from(pushNotifications)))?.completedAt, 5000, 'completion');
    expect((await history(test.app, admin.token, creator.id))[0]).toMatchObject({ id: sent.id, sent: 1, removed: 1, failed: 0, pending: 0 });
  });

  it('retries after a 429 no sooner than its Retry-After', async () => {
    pushService.answer = (_path, count) => (count === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 201 });
    await subscribe(test.app, creator.id, new FakeBrowserKeys().subscription(pushService.endpoint('slow')));
    await (await callerAs(test.app, admin.token)).push.send({ title: 'Hi', body: 'There', creatorId: creator.id });
    await waitFor(() => pushService.received.length === 1, 10_000, 'the first attempt');
    const delivery = async () => (await firstRow(test.app.services.db.select().from(pushDeliveries)))!;
    await waitFor(async () => (await delivery()).status === 'pending', 5000, 'the retry to be scheduled');
    expect(await delivery()).toMatchObject({ attempts: 1, lastStatusCode: 429 });
    expect((await history(test.app, admin.token, creator.id))[0]).toMatchObject({ pending: 1, sent: 0 });

    await waitFor(() => pushService.received.length === 2, 10_000, 'the retry');
    const [first, second] = pushService.received;
    // The push service's Retry-After (1 s) decides the wait, not the queue's own backoff (5 s for a first retry).
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(second!.at - first!.at).toBeLessThan(4000);
    await waitFor(async () => (await delivery()).status === 'sent', 5000, 'the recorded success');
    expect(await delivery()).toMatchObject({ attempts: 2, lastStatusCode: 201 });
  });

  it('counts a delivery the push service refuses (400) as failed, without retrying', async () => {
    pushService.answer = () => ({ status: 400 });
    await subscribe(test.app, creator.id, new FakeBrowserKeys().subscription(pushService.endpoint('bad')));
    await (await callerAs(test.app, admin.token)).push.send({ title: 'Hi', body: 'There', creatorId: creator.id });
    await waitFor(async () => (await firstRow(test.app.services.db.select().from(pushDeliveries)))?.status === 'failed', 10_000, 'the failure');
    expect(pushService.received).toHaveLength(1);
    expect((await history(test.app, admin.token, creator.id))[0]).toMatchObject({ failed: 1, sent: 0, pending: 0 });
  });

  it('sends "{creator} is live: {event}" once per event', async () => {
    const browser = new FakeBrowserKeys();
    await subscribe(test.app, admin.id, browser.subscription(pushService.endpoint('live-fan')));
    await test.app.services.db.update(users).set({ creatorTag: 'house_admin' }).where(eq(users.id, admin.id));
    const adminRow = (await firstRow(test.app.services.db.select().from(users).where(eq(users.id, admin.id))))!;
    const eventId = newId();
    await test.app.services.db.insert(events).values({ id: eventId, userId: admin.id, name: 'Friday Night Set', isActive: false });

    expect(await notifyEventLive(test.app.services, eventId)).toBeNull();
    await test.app.services.db.update(events).set({ isActive: true }).where(eq(events.id, eventId));
    const first = await notifyEventLive(test.app.services, eventId);
    expect(first).toMatchObject({ recipients: 1 });
    expect(await notifyEventLive(test.app.services, eventId)).toBeNull();

    await waitFor(() => pushService.received.length === 1, 10_000, 'the live push');
    const payload = JSON.parse(browser.decrypt(pushService.received[0]!.body));
    expect(payload).toMatchObject({ title: `${adminRow.displayName} is live: Friday Night Set`, url: `/events/${adminRow.creatorTag ?? ''}/${eventId}` });
    expect(await test.app.services.db.select().from(pushNotifications).where(eq(pushNotifications.eventId, eventId))).toHaveLength(1);
  });
});

describe('live announcements', () => {
  let test: TestApp;
  let admin: TestUser;
  beforeEach(async () => {
    test = await createTestApp();
    admin = await createUser(test.app, { role: 'admin', creatorTag: 'house_live' });
  });
  afterEach(async () => test.close());

  const hour = 3600_000;
  async function addEvent(start: Date | null, end: Date | null, isActive = true): Promise<string> {
    const id = newId();
    await test.app.services.db
      .insert(events)
      .values({ id, userId: admin.id, name: `Set ${id}`, isActive, startDateTime: start?.toISOString() ?? null, endDateTime: end?.toISOString() ?? null });
    return id;
  }
  const announcements = async () => test.app.services.db.select().from(pushNotifications).where(eq(pushNotifications.kind, 'event_live'));

  it('announces a scheduled event when its start time arrives, not when it is created', async () => {
    const now = new Date();
    const tonight = await addEvent(new Date(now.getTime() + hour), new Date(now.getTime() + 3 * hour));
    expect(await notifyEventLive(test.app.services, tonight, now)).toBeNull();
    expect(await announceStartedEvents(test.app.services, now)).toBe(0);

    const atStart = new Date(now.getTime() + hour + 1000);
    expect(await announceStartedEvents(test.app.services, atStart)).toBe(1);
    expect(await announceStartedEvents(test.app.services, new Date(atStart.getTime() + 30_000))).toBe(0);
    expect((await announcements()).map((row) => row.eventId)).toEqual([tonight]);
  });

  it('announces from the events procedures: when a saved event is live, once', async () => {
    const caller = await callerAs(test.app, admin.token);
    const later = await caller.events.create({ name: 'Next week', startDateTime: new Date(Date.now() + 7 * 24 * hour).toISOString(), endDateTime: new Date(Date.now() + 7 * 24 * hour + hour).toISOString() });
    expect(await announcements()).toHaveLength(0);
    const secret = await caller.events.create({ name: 'Secret show', isActive: false });
    expect(await announcements()).toHaveLength(0);
    await caller.events.update({ id: secret.id, isActive: true });
    await caller.events.update({ id: secret.id, name: 'Secret show (moved)' });
    const rows = await announcements();
    expect(rows.map((row) => [row.eventId, row.title])).toEqual([[secret.id, `Test admin is live: Secret show`]]);
    await caller.events.update({ id: later.id, name: 'Still next week' });
    expect(await announcements()).toHaveLength(1);
  });

  it('leaves out inactive, finished and long-running events', async () => {
    const now = new Date();
    await addEvent(new Date(now.getTime() - 10 * 60_000), new Date(now.getTime() + hour), false);
    await addEvent(new Date(now.getTime() - 3 * hour), new Date(now.getTime() - hour));
    await addEvent(new Date(now.getTime() - 5 * hour), new Date(now.getTime() + hour));
    expect(await announceStartedEvents(test.app.services, now)).toBe(0);
    expect(await announcements()).toHaveLength(0);
  });
});

describe('restarts', () => {
  let dataDir: string;
  let pushService: LocalPushService;

  const env = (concurrency: number) => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BOT_CHECK_PROVIDER: 'off',
    JWT_SECRET: 'test-secret-test-secret-test-secret-test',
    PUSH_CONCURRENCY: String(concurrency),
  });

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-push-'));
    pushService = await new LocalPushService().start();
  });
  afterEach(async () => {
    await pushService.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the VAPID keys in DATA_DIR across restarts (mode 600)', async () => {
    const first = await buildApp(loadConfig(env(2)));
    const key = (await first.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey;
    await first.close();
    expect(statSync(vapidKeysPath(dataDir)).mode & 0o777).toBe(0o600);
    const second = await buildApp(loadConfig(env(2)));
    expect((await second.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey).toBe(key);
    await second.close();
  });

  it('a restart in the middle of a send loses nothing and sends nothing twice', async () => {
    const subscribers = 24;
    pushService.answer = () => ({ status: 201, delayMs: 60 });
    const first = await buildApp(loadConfig(env(3)));
    const admin = await createUser(first, { role: 'admin' });
    for (let index = 0; index < subscribers; index += 1) {
      const answer = await subscribe(first, admin.id, new FakeBrowserKeys().subscription(pushService.endpoint(`fan-${index}`)), `10.0.0.${index}`);
      expect(answer.statusCode).toBe(200);
    }
    const sent = await (await callerAs(first, admin.token)).push.send({ title: 'Once', body: 'Only once', url: '/' });
    await waitFor(() => pushService.received.length >= 4, 10_000, 'the first pushes');
    await first.close();

    const afterStop = pushService.received.length;
    expect(afterStop).toBeLessThan(subscribers);
    // Closing waited for the sends in flight and recorded them: nothing is left claimed.
    const between = openDatabase(join(dataDir, 'cuepoint.db'));
    const rows = await between.db.select().from(pushDeliveries);
    await between.close();
    expect(rows.filter((row) => row.status === 'sending')).toHaveLength(0);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(afterStop);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(subscribers - afterStop);

    const reopened = await buildApp(loadConfig(env(3)));

    await waitFor(() => pushService.received.length >= subscribers, 15_000, 'the rest after the restart');
    await waitFor(async () => !!(await firstRow(reopened.services.db.select().from(pushNotifications)))?.completedAt, 5000, 'completion');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const perEndpoint = new Map<string, number>();
    for (const push of pushService.received) perEndpoint.set(push.path, (perEndpoint.get(push.path) ?? 0) + 1);
    expect(perEndpoint.size).toBe(subscribers);
    expect([...perEndpoint.values()].every((count) => count === 1)).toBe(true);
    expect((await history(reopened, admin.token))[0]).toMatchObject({ id: sent.id, recipients: subscribers, sent: subscribers, pending: 0 });
    await reopened.close();
  });

  it('sends a delivery claimed by a process that died once its lease runs out, with the same topic', async () => {
    const app = await buildApp(loadConfig(env(2)));
    const admin = await createUser(app, { role: 'admin' });
    await subscribe(app, admin.id, new FakeBrowserKeys().subscription(pushService.endpoint('orphan')));
    await app.services.push.queue.stop();
    const sent = await (await callerAs(app, admin.token)).push.send({ title: 'Crash', body: 'Recovered', url: '/' });
    // A process claimed it and died before recording anything.
    await app.services.db.update(pushDeliveries).set({ status: 'sending', claimedAt: new Date(Date.now() - 10 * 60_000).toISOString(), attempts: 1 });
    app.services.push.queue.start();
    await waitFor(() => pushService.received.length === 1, 10_000, 'the re-sent push');
    expect(pushService.received[0]!.headers.topic).toBe(sent.id);
    await waitFor(async () => (await firstRow(app.services.db.select().from(pushDeliveries)))?.status === 'sent', 5000, 'the recorded outcome');
    await app.close();
  });
});

describe('REST shapes', () => {
  let test: TestApp;
  beforeEach(async () => {
    test = await createTestApp();
  });
  afterEach(async () => test.close());

  it('answers the public key to anyone, and history only to creators', async () => {
    const key = await test.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(key.statusCode).toBe(200);
    expect(key.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const creator = await createUser(test.app, { role: 'dj' });
    const viewer = await createUser(test.app, { role: 'viewer' });
    const trpcHistory = await test.app.inject({ method: 'GET', url: '/trpc/push.history', headers: bearer(viewer.token) });
    expect(trpcHistory.statusCode).toBe(403);
    const own = await test.app.inject({ method: 'GET', url: '/trpc/push.history', headers: bearer(creator.token) });
    expect(own.statusCode).toBe(200);
  });
});
