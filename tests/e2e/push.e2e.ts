import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '@db/schema/push';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { newId } from '@server/lib/ids';
import { storageKeys } from '@web/lib/storage-keys';
import { createCaller } from '@server/trpc/root';
import { createContext } from '@server/trpc/context';
import { createUser } from '../helpers/app';
import { insertMembership, insertTier } from '../helpers/membership-rows';
import { FakeBrowserKeys, LocalPushService, waitFor } from '../helpers/push-service';
import { makePng } from '../helpers/images';
import { chromiumArgs, chromiumPath, login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const { mara, admin } = seededLogins;
const viewerLogin = { email: 'viewer@cuepoint.local', password: 'cuepoint-demo' };
const appPath = '/m/mara_quill/';

/** Collects Content-Security-Policy violations a page reports. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A page whose context may show notifications from the start (granted when the context is made, not afterwards). */
async function pageWithNotifications(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, permissions: ['notifications'] });
  return { context, page: await context.newPage() };
}

async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

describe('creator app (PWA) in Chromium', () => {
  const fixture = useBrowserApp();

  it('registers its service worker and is installable', async () => {
    // Chromium never offers to install from an incognito (throwaway) context: use a real profile.
    const profile = mkdtempSync(join(tmpdir(), 'cuepoint-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs, baseURL: fixture.running.url });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const violations = watchCsp(page);
      await page.goto(appPath);
      await page.getByRole('heading', { name: 'Mara Quill', level: 1 }).waitFor();
      await workerReady(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
      expect(scope).toBe(`${fixture.running.url}${appPath}`);

      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${fixture.running.url}${appPath}manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      // Chromium checks the manifest, the icons' real sizes and the service worker before it offers to install.
      let installability: { installabilityErrors: Array<{ errorId: string }> } = { installabilityErrors: [{ errorId: 'not checked' }] };
      for (let attempt = 0; attempt < 20 && installability.installabilityErrors.length; attempt += 1) {
        installability = (await cdp.send('Page.getInstallabilityErrors')) as typeof installability;
        if (installability.installabilityErrors.length) await page.waitForTimeout(250);
      }
      expect(installability.installabilityErrors).toEqual([]);
      // "Notify me" shows once the worker is registered.
      await page.getByRole('button', { name: 'Notify me' }).waitFor();
      expect(violations).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, 'push-app-home-390');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows no "Notify me" where the service worker cannot register', async () => {
    const context = await fixture.browser.newContext({ baseURL: fixture.running.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(appPath);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.waitForTimeout(500);
    // No button at all, under any label.
    expect(await page.locator('#notify-me').isVisible()).toBe(false);
    expect(await page.getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('shows the friendly offline page with the network cut', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto(appPath);
    await workerReady(page);
    await page.reload();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await context.setOffline(true);
    await page.goto(appPath);
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await page.getByRole('link', { name: 'Try again' }).waitFor();
    // The icon comes from the worker's cache.
    expect(await page.locator('main img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(192);
    await saveScreenshot(page, 'push-app-offline');
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await context.close();
  });

  it('shows a delivered push as a notification', async () => {
    const { context, page } = await pageWithNotifications(fixture.browser, fixture.running.url);
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      registrations.push(...event.registrations);
    });
    await cdp.send('ServiceWorker.enable');
    await page.goto(appPath);
    await workerReady(page);
    await waitFor(() => registrations.some((registration) => registration.scopeURL.endsWith(appPath)), 5000, 'the registration id');
    const { registrationId } = registrations.find((registration) => registration.scopeURL.endsWith(appPath))!;
    const payload = { id: 'n-1', title: 'Mara is live: Sunrise Set', body: 'Tap to join the stream.', url: '/events/mara_quill', icon: null };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: fixture.running.url, registrationId, data: JSON.stringify(payload) });
    const shown = await page.evaluate(async () => {
      for (let attempt = 0; attempt < 150; attempt += 1) {
        const registration = await navigator.serviceWorker.ready;
        const notifications = await registration.getNotifications();
        if (notifications.length) return notifications.map((notification) => ({ title: notification.title, body: notification.body, tag: notification.tag, data: notification.data }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [];
    });
    expect(shown).toEqual([{ title: payload.title, body: payload.body, tag: 'n-1', data: { url: '/events/mara_quill' } }]);
    await context.close();
  });
});

describe('"Notify me" to a delivered push', () => {
  const fixture = useBrowserApp();
  let pushService: LocalPushService;
  const browserKeys = new FakeBrowserKeys();

  beforeAll(async () => {
    pushService = await new LocalPushService().start();
  });
  afterAll(async () => pushService.stop());

  /**
   * Chromium without Google's push service cannot create a real subscription, so PushManager answers with
   * one for the local push service (keys the test holds); everything after it is the real page and server.
   * The fake subscription outlives a reload (kept in sessionStorage), like a real one.
   */
  async function withFakePushManager(context: BrowserContext, browserName = 'browser-1'): Promise<void> {
    const subscription = browserKeys.subscription(pushService.endpoint(browserName));
    await context.addInitScript((json) => {
      const key = 'fake-push-subscribed';
      const make = () => ({
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          window.sessionStorage.removeItem(key);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        window.sessionStorage.setItem(key, '1');
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (window.sessionStorage.getItem(key) ? make() : null) as unknown as PushSubscription | null;
      };
    }, subscription);
  }

  /** Mara's row and an admin's caller (the admin sends for her: Mara herself needs a subscription plan first). */
  async function maraAndAdminCaller() {
    const db = fixture.running.app.services.db;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    const adminRow = (await firstRow(db.select().from(users).where(eq(users.email, admin.email))))!;
    const token = await fixture.running.app.services.tokens.issue({ userId: adminRow.id, role: 'admin', typ: 'user', tokenVersion: adminRow.tokenVersion });
    return { maraRow, caller: createCaller(await createContext(fixture.running.app.services, { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' })) };
  }

  const subscriptionOf = (browserName: string) =>
    firstRow(fixture.running.app.services.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, pushService.endpoint(browserName))));

  it('subscribes without an account, receives what the creator sends, and turns off again', async () => {
    const { context, page } = await pageWithNotifications(fixture.browser, fixture.running.url);
    await withFakePushManager(context);
    const db = fixture.running.app.services.db;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;

    await page.goto(appPath);
    const button = page.getByRole('button', { name: 'Notify me' });
    await button.click();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.creatorId, maraRow.id))).toHaveLength(1);

    // An admin sends for Mara (Mara herself needs a subscription plan first).
    const adminRow = (await firstRow(db.select().from(users).where(eq(users.email, admin.email))))!;
    const token = await fixture.running.app.services.tokens.issue({ userId: adminRow.id, role: 'admin', typ: 'user', tokenVersion: adminRow.tokenVersion });
    const caller = createCaller(await createContext(fixture.running.app.services, { headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1' }));
    const sent = await caller.push.send({ title: 'New episode', body: 'The records behind the set.', creatorId: maraRow.id });
    await waitFor(() => pushService.received.length === 1, 10_000, 'the push');
    expect(JSON.parse(browserKeys.decrypt(pushService.received[0]!.body))).toMatchObject({ id: sent.id, title: 'New episode', url: '/events/mara_quill' });

    await page.getByRole('button', { name: 'Notifications on' }).click();
    await button.waitFor();
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.creatorId, maraRow.id))).toHaveLength(0);
    await context.close();
  });

  it('shows "Notify me" on the event page once the worker is registered, and toggles it', async () => {
    const { context, page } = await pageWithNotifications(fixture.browser, fixture.running.url);
    await withFakePushManager(context);
    const db = fixture.running.app.services.db;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    let permissionAsked = false;
    await page.exposeFunction('markPermissionAsked', () => {
      permissionAsked = true;
    });
    await page.addInitScript(() => {
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = async () => {
        (window as unknown as { markPermissionAsked(): void }).markPermissionAsked();
        return original();
      };
    });

    await page.goto('/events/mara_quill');
    await page.getByTestId('creator-name').waitFor();
    const button = page.getByRole('button', { name: 'Notify me' });
    await button.waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/m/mara_quill/'))?.active?.state)).toBe('activated');
    // Nothing is asked before the click.
    expect(permissionAsked).toBe(false);
    await button.click();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    expect(permissionAsked).toBe(true);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.creatorId, maraRow.id))).toHaveLength(1);
    await page.getByRole('button', { name: 'Notifications on' }).click();
    await button.waitFor();
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.creatorId, maraRow.id))).toHaveLength(0);
    await context.close();
  });
  it('subscribes as the signed-in viewer, so a members-only push reaches their browser', async () => {
    const { app } = fixture.running;
    const { maraRow, caller } = await maraAndAdminCaller();
    const fan = await createUser(app, { role: 'viewer' });
    await insertMembership(app, await insertTier(app, maraRow.id), fan.id);
    const { context, page } = await pageWithNotifications(fixture.browser, fixture.running.url);
    await withFakePushManager(context, 'member-browser');
    const subscribeCalls: Array<string | undefined> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/push/subscribe')) subscribeCalls.push(request.headers().authorization);
    });

    // The fan signed in to the web app earlier (same site): the app page sends the subscription with their token.
    await page.goto(appPath);
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, fan.token]);
    await page.reload();
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    expect(subscribeCalls).toEqual([`Bearer ${fan.token}`]);
    expect((await subscriptionOf('member-browser'))?.viewerId).toBe(fan.id);
    // Signed in and already subscribed: nothing is sent again on the next visit.
    await page.reload();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    await page.waitForTimeout(500);
    expect(subscribeCalls).toHaveLength(1);

    const before = pushService.receivedFor('member-browser').length;
    const sent = await caller.push.send({ title: 'Members first', body: 'Tickets open for you today.', creatorId: maraRow.id, audience: 'members' });
    expect(sent.recipients).toBe(1);
    await waitFor(() => pushService.receivedFor('member-browser').length === before + 1, 10_000, 'the members push');
    expect(JSON.parse(browserKeys.decrypt(pushService.receivedFor('member-browser').at(-1)!.body))).toMatchObject({ id: sent.id, title: 'Members first' });

    await page.getByRole('button', { name: 'Notifications on' }).click();
    await page.getByRole('button', { name: 'Notify me' }).waitFor();
    expect(await subscriptionOf('member-browser')).toBeUndefined();
    await context.close();
  });

  it('makes a subscription from before signing in the viewer\'s on their next visit, once', async () => {
    const { app } = fixture.running;
    const { maraRow, caller } = await maraAndAdminCaller();
    const fan = await createUser(app, { role: 'viewer' });
    await insertMembership(app, await insertTier(app, maraRow.id), fan.id);
    const memberSubscribers = async () => (await caller.push.overview({ creatorId: maraRow.id })).memberSubscriberCount;
    const { context, page } = await pageWithNotifications(fixture.browser, fixture.running.url);
    await withFakePushManager(context, 'older-browser');
    let subscribeCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/push/subscribe')) subscribeCalls += 1;
    });

    await page.goto(appPath);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    expect((await subscriptionOf('older-browser'))?.viewerId).toBeNull();
    const membersBefore = await memberSubscribers();

    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, fan.token]);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    await waitFor(async () => (await subscriptionOf('older-browser'))?.viewerId === fan.id, 10_000, 'the subscription to become the fan\'s');
    expect(subscribeCalls).toBe(2);
    expect(await memberSubscribers()).toBe(membersBefore + 1);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    await page.waitForTimeout(500);
    expect(subscribeCalls).toBe(2);

    await page.getByRole('button', { name: 'Notifications on' }).click();
    await page.getByRole('button', { name: 'Notify me' }).waitFor();
    await context.close();
  });

  it('on the event page, a viewer who logs in makes the browser\'s subscription theirs', async () => {
    const db = fixture.running.app.services.db;
    const viewerRow = (await firstRow(db.select().from(users).where(eq(users.email, viewerLogin.email))))!;
    const { context, page } = await pageWithNotifications(fixture.browser, fixture.running.url);
    await withFakePushManager(context, 'event-page-browser');

    await page.goto('/events/mara_quill');
    await page.getByTestId('creator-name').waitFor();
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('button', { name: 'Notifications on' }).waitFor();
    expect((await subscriptionOf('event-page-browser'))?.viewerId).toBeNull();

    await page.getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Viewer login' });
    await login.getByLabel('Email').fill(viewerLogin.email);
    await login.getByLabel('Password', { exact: true }).fill(viewerLogin.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.waitFor({ state: 'hidden' });
    await waitFor(async () => (await subscriptionOf('event-page-browser'))?.viewerId === viewerRow.id, 10_000, 'the subscription to become the viewer\'s');

    await page.getByRole('button', { name: 'Notifications on' }).click();
    await page.getByRole('button', { name: 'Notify me' }).waitFor();
    await context.close();
  });
});

describe('creator screens', () => {
  const fixture = useBrowserApp();

  it('a creator without a plan sees why sending is off and where the plans are', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, mara.email, mara.password);
    await page.goto('/apps/push-notifications');
    await page.getByRole('heading', { name: 'Push Notifications' }).waitFor();
    await page.getByRole('heading', { name: 'Sending notifications needs an active subscription' }).waitFor();
    // The plans load after the notice: wait for the first before counting.
    const planLinks = page.getByRole('list', { name: 'Plans' }).getByRole('link');
    await planLinks.first().waitFor();
    expect(await planLinks.count()).toBeGreaterThan(0);
    await page.getByLabel('Title').fill('Hello fans');
    await page.getByLabel('Message').fill('Live on Friday');
    expect(await page.getByRole('button', { name: /Send to/ }).isDisabled()).toBe(true);
    await page.getByLabel('Notification preview').getByText('Hello fans').waitFor();
    await context.close();
  });

  it('an admin sends for a creator and watches the counts arrive', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, admin.email, admin.password);
    await page.goto('/apps/push-notifications');
    await page.getByRole('heading', { name: 'Push Notifications' }).waitFor();
    const maraRow = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, mara.email))))!;
    await page.getByLabel('Send for').selectOption(maraRow.id);
    await page.getByLabel('Title').fill('Friday lights');
    await page.getByLabel('Message').fill('New visuals for the late set.');
    // The link picker offers Mara's events.
    const options = await page.getByLabel('Opens').locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(2);
    await expect(page.getByLabel('Notification preview').getByText('Friday lights').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: /Send to 0 subscribers/ }).click();
    await page.getByRole('cell', { name: /Friday lights/ }).waitFor();
    await page.getByText('No subscribers').waitFor();
    await saveScreenshot(page, 'push-notifications-admin');
    await context.close();
  });

  it('the composer says how many member subscribers a members-only send reaches, and the history shows each audience', async () => {
    const pushService = await new LocalPushService().start();
    const { app } = fixture.running;
    const { db } = app.services;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    const member = await createUser(app, { role: 'viewer' });
    await insertMembership(app, await insertTier(app, maraRow.id), member.id);
    // Three browsers follow Mara: a member's (signed in) and two guests'.
    for (const [name, viewerId] of [['member', member.id], ['guest-1', null], ['guest-2', null]] as const) {
      const { keys, endpoint } = new FakeBrowserKeys().subscription(pushService.endpoint(name));
      await db.insert(pushSubscriptions).values({ id: newId(), creatorId: maraRow.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, viewerId });
    }
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, admin.email, admin.password);
      await page.goto('/apps/push-notifications');
      await page.getByRole('heading', { name: 'Push Notifications' }).waitFor();
      await page.getByLabel('Send for').selectOption(maraRow.id);
      const audience = page.getByRole('group', { name: 'Send to' });
      await audience.getByLabel('All subscribers (3)').waitFor();
      await page.getByRole('button', { name: 'Send to 3 subscribers' }).waitFor();
      await audience.getByLabel('Members only (1)').check();
      await page.getByTestId('members-reach').getByText('It reaches 1 member subscriber now.', { exact: false }).waitFor();
      await page.getByLabel('Title').fill('Members: early doors');
      await page.getByLabel('Message').fill('Doors open an hour early for you.');
      await page.getByRole('button', { name: 'Send to 1 subscriber' }).click();
      const history = page.getByRole('region', { name: 'Sent notifications' });
      const membersRow = history.getByRole('row').filter({ hasText: 'Members: early doors' });
      await membersRow.getByRole('cell', { name: 'Members only', exact: true }).waitFor();
      await waitFor(() => pushService.receivedFor('member').length === 1, 10_000, 'the members push');
      expect(pushService.received).toHaveLength(1);

      await page.getByLabel('Title').fill('Everyone: doors');
      await page.getByLabel('Message').fill('Doors open at eight.');
      await page.getByRole('button', { name: 'Send to 3 subscribers' }).click();
      await history.getByRole('row').filter({ hasText: 'Everyone: doors' }).getByRole('cell', { name: 'All subscribers', exact: true }).waitFor();
      await history.getByRole('columnheader', { name: 'Sent to' }).waitFor();
      await waitFor(() => pushService.received.length === 4, 10_000, 'the pushes to all');
    } finally {
      await context.close();
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.creatorId, maraRow.id));
      await pushService.stop();
    }
  });

  it('a creator edits the app, uploads an icon and gets the install link with a QR code', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, mara.email, mara.password);
    await page.goto('/apps/mobile-app');
    await page.waitForURL(/\/apps\/mobile-app\/[^/]+$/);
    await page.getByRole('heading', { name: 'My Mobile App' }).waitFor();
    await page.getByLabel('Install link').waitFor();
    expect(await page.getByLabel('Install link').inputValue()).toBe(`${fixture.running.url}${appPath}`);
    await page.getByRole('img', { name: `QR code for ${fixture.running.url}${appPath}` }).waitFor();

    await page.getByLabel('Short name').fill('Mara Live');
    await page.getByLabel('Theme colour', { exact: true }).fill('#1d4ed8');
    await expect(page.getByTestId('home-screen-label').textContent()).resolves.toBe('Mara Live');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('App saved').waitFor();
    const manifest = await (await fetch(`${fixture.running.url}${appPath}manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ short_name: 'Mara Live', theme_color: '#1d4ed8' });

    // A too-small image is refused in the browser; a square 512 px PNG becomes the icon.
    await page.locator('#app-icon-file').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: makePng(300, 300) });
    await page.getByText('Please upload a square PNG or JPEG image of at least 512×512 pixels').waitFor();
    await page.locator('#app-icon-file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: makePng(512, 512) });
    await page.getByText('Icon updated').waitFor();
    await page.getByRole('button', { name: 'Use the drawn icon' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'mobile-app-settings-390');
    await context.close();
  });
});
