import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@db/schema/events';
import { pushNotifications, pushSubscriptions } from '@db/schema/push';
import { firstRow } from '@db/store';
import { newId } from '@server/lib/ids';
import { notifyEventLive } from '@server/domains/push/push.service';
import { callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';
import { FakeBrowserKeys, LocalPushService, waitFor } from '../helpers/push-service';

// Go-live notifications in each subscriber's language: the browser sends the page's language when it subscribes
// (`locale`), each copy is worded in it; a subscription without one gets the creator's language, then English.

describe('push notifications in the subscriber’s language', () => {
  let test: TestApp;
  let pushService: LocalPushService;

  beforeEach(async () => {
    pushService = await new LocalPushService().start();
    test = await createTestApp();
  });
  afterEach(async () => {
    await test.close();
    await pushService.stop();
  });

  const subscribe = (creatorId: string, subscription: unknown, locale?: string) =>
    test.app.inject({ method: 'POST', url: '/api/push/subscribe', payload: { creatorId, subscription, ...(locale !== undefined && { locale }) } });

  async function creatorGoingLive(locale: 'de' | 'en' | null, displayName: string): Promise<{ creator: TestUser; eventId: string }> {
    const creator = await createUser(test.app, { role: 'admin', locale, displayName, creatorTag: `live_${newId().replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}` });
    const eventId = newId();
    await test.app.services.db.insert(events).values({ id: eventId, userId: creator.id, name: 'Friday Night Set', isActive: true });
    return { creator, eventId };
  }

  /** The title and body one browser received (decrypted as the browser would). */
  async function received(browser: FakeBrowserKeys, name: string): Promise<{ title: string; body: string }> {
    await waitFor(() => pushService.receivedFor(name).length === 1, 10_000, `the push to ${name}`);
    const { title, body } = JSON.parse(browser.decrypt(pushService.receivedFor(name)[0]!.body)) as { title: string; body: string };
    return { title, body };
  }

  it('from one go-live, a German subscriber reads German and an English subscriber of the same creator the exact English', async () => {
    const { creator, eventId } = await creatorGoingLive('en', 'Mara Quill');
    const german = new FakeBrowserKeys();
    const english = new FakeBrowserKeys();
    const unknown = new FakeBrowserKeys();
    expect((await subscribe(creator.id, german.subscription(pushService.endpoint('de-fan')), 'de')).json()).toEqual({ subscribed: true });
    expect((await subscribe(creator.id, english.subscription(pushService.endpoint('en-fan')), 'en')).statusCode).toBe(200);
    expect((await subscribe(creator.id, unknown.subscription(pushService.endpoint('no-language')))).statusCode).toBe(200);

    expect(await notifyEventLive(test.app.services, eventId)).toMatchObject({ recipients: 3 });

    expect(await received(german, 'de-fan')).toEqual({ title: 'Mara Quill ist live: Friday Night Set', body: 'Tippe, um dem Stream beizutreten.' });
    expect(await received(english, 'en-fan')).toEqual({ title: 'Mara Quill is live: Friday Night Set', body: 'Tap to join the stream.' });
    // No language sent: the creator's (English here).
    expect(await received(unknown, 'no-language')).toEqual({ title: 'Mara Quill is live: Friday Night Set', body: 'Tap to join the stream.' });
    // The history keeps the notification as recorded, in the creator's language.
    const [row] = await test.app.services.db.select().from(pushNotifications).where(eq(pushNotifications.eventId, eventId));
    expect(row).toMatchObject({ title: 'Mara Quill is live: Friday Night Set', body: 'Tap to join the stream.' });
  });

  it('a German creator’s subscriber without a language reads German; one who subscribed in English reads English', async () => {
    const { creator, eventId } = await creatorGoingLive('de', 'Lena Berlin');
    const silent = new FakeBrowserKeys();
    const english = new FakeBrowserKeys();
    await subscribe(creator.id, silent.subscription(pushService.endpoint('silent')));
    await subscribe(creator.id, english.subscription(pushService.endpoint('english')), 'en');

    expect(await notifyEventLive(test.app.services, eventId)).toMatchObject({ recipients: 2 });
    expect(await received(silent, 'silent')).toEqual({ title: 'Lena Berlin ist live: Friday Night Set', body: 'Tippe, um dem Stream beizutreten.' });
    expect(await received(english, 'english')).toEqual({ title: 'Lena Berlin is live: Friday Night Set', body: 'Tap to join the stream.' });
  });

  it('a creator’s own notification goes to every subscriber as written, whatever their language', async () => {
    const { creator } = await creatorGoingLive('en', 'Mara Quill');
    const german = new FakeBrowserKeys();
    await subscribe(creator.id, german.subscription(pushService.endpoint('manual-de')), 'de');
    await (await callerAs(test.app, creator.token)).push.send({ title: 'Tonight at 8', body: 'New set, new lights.' });
    expect(await received(german, 'manual-de')).toEqual({ title: 'Tonight at 8', body: 'New set, new lights.' });
  });

  it('stores the language with the subscription: a later subscribe without one keeps it, with another replaces it; an unknown one is refused', async () => {
    const { creator } = await creatorGoingLive(null, 'Mara Quill');
    const browser = new FakeBrowserKeys();
    const subscription = browser.subscription('https://push.example.test/send/language');
    const stored = async () => (await firstRow(test.app.services.db.select({ locale: pushSubscriptions.locale }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint))))?.locale;

    expect((await subscribe(creator.id, subscription, 'pt-BR')).statusCode).toBe(200);
    expect(await stored()).toBe('pt-BR');
    expect((await subscribe(creator.id, subscription)).statusCode).toBe(200);
    expect(await stored()).toBe('pt-BR');
    expect((await subscribe(creator.id, subscription, 'ar')).statusCode).toBe(200);
    expect(await stored()).toBe('ar');

    const refused = await subscribe(creator.id, browser.subscription('https://push.example.test/send/other'), 'xx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please choose a supported language');
    const trpc = await test.app.inject({ method: 'POST', url: '/trpc/push.subscribe', payload: { creatorId: creator.id, subscription, locale: 'pseudo' } });
    expect(trpc.statusCode).toBe(400);
    expect(await stored()).toBe('ar');
  });
});
