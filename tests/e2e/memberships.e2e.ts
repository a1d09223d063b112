import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { events } from '@db/schema/events';
import { membershipCharges, memberships } from '@db/schema/memberships';
import { payments } from '@db/schema/payments';
import { podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { storageKeys } from '@web/lib/storage-keys';
import { createUser } from '../helpers/app';
import { insertMembership } from '../helpers/membership-rows';
import { newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

const viewerLogin = { email: 'viewer@cuepoint.local', password: 'cuepoint-demo', name: 'Sam Lindqvist' };
const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

async function userIdOf(running: RunningApp, email: string): Promise<string> {
  return (await firstRow(running.app.services.db.select({ id: users.id }).from(users).where(eq(users.email, email))))!.id;
}

/** Mara's tier, made through the API (tRPC over HTTP) as she would make it: one premium event, replays, her podcast, the chat badge. */
async function createTier(running: RunningApp, input: { name: string; monthlyPrice: number; premiumEventIds: string[]; podcastTitleIds: string[] }): Promise<{ id: string }> {
  const signIn = await running.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: seededLogins.mara.email, password: seededLogins.mara.password } });
  expect(signIn.statusCode).toBe(200);
  const created = await running.app.inject({
    method: 'POST',
    url: '/trpc/memberships.createTier',
    headers: { authorization: `Bearer ${signIn.json<{ token: string }>().token}` },
    payload: {
      name: input.name,
      monthlyPrice: input.monthlyPrice,
      description: 'Support the show every month.',
      includesAllPremiumEvents: false,
      premiumEventIds: input.premiumEventIds,
      includesReplays: true,
      podcastTitleIds: input.podcastTitleIds,
      chatBadge: true,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ result: { data: { id: string } } }>().result.data;
}

async function payWith(dialog: Locator, number: string, submit: string): Promise<void> {
  await dialog.getByLabel('Full name on card').fill('Sam Lindqvist');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: submit }).click();
}

/** A day as the page shows it (the browser's own locale and time zone). */
function dayInBrowser(page: Page, iso: string): Promise<string> {
  return page.evaluate((value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(value)), iso);
}

const axeScript = join(process.cwd(), 'node_modules/axe-core/axe.min.js');

/** axe-core's serious and critical WCAG 2.2 A/AA violations on the page as it is now (as tests/e2e/accessibility.e2e.ts runs it). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Transitions (a dialog's, a toast's) settle first, so axe sees the colours a user does.
  await page.waitForTimeout(600);
  await page.context().route('**/__axe-core/axe.min.js', (route) => route.fulfill({ path: axeScript, contentType: 'text/javascript' }));
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: '/__axe-core/axe.min.js' });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' > ')).join(' | ')}`);
}

describe('fan memberships in the browser', () => {
  it('a guest joins on the creator page, watches the included premium event, manages the membership and chats with the badge', async () => {
    const { app } = fixture.running;
    const { db } = app.services;
    const maraId = await userIdOf(fixture.running, seededLogins.mara.email);
    const viewerId = await userIdOf(fixture.running, viewerLogin.email);
    const premium = (await firstRow(db.select().from(events).where(and(eq(events.isPremium, true), eq(events.userId, maraId)))))!;
    const title = (await firstRow(db.select().from(podcastTitles).where(eq(podcastTitles.userId, maraId))))!;
    const tier = await createTier(fixture.running, { name: 'Inner Circle', monthlyPrice: 5, premiumEventIds: [premium.id], podcastTitleIds: [title.id] });

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixture.running.url });
    try {
      // The creator page, as a guest: who Mara is, her tier with its perks, her upcoming events and episodes.
      await page.goto('/c/mara_quill');
      await page.getByRole('heading', { level: 1, name: 'Mara Quill' }).waitFor({ timeout: 15_000 });
      const tierCard = page.getByTestId('membership-tier').filter({ hasText: 'Inner Circle' });
      await tierCard.getByText('$5.00 / month').waitFor();
      await tierCard.getByText(`Premium events included: ${premium.name}`).waitFor();
      await tierCard.getByText(`A private podcast feed: ${title.name}`).waitFor();
      const upcoming = page.getByRole('region', { name: 'Upcoming events' });
      await upcoming.getByRole('link', { name: new RegExp(premium.name) }).getByText('Included with membership').waitFor();
      await page.getByRole('region', { name: 'Latest episodes' }).getByRole('link').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, 'creator-page');

      // A guest is asked to log in first; the card dialog opens once they have.
      await tierCard.getByRole('button', { name: 'Become a member' }).click();
      const login = page.getByRole('dialog', { name: 'Viewer login' });
      await login.getByLabel('Email').fill(viewerLogin.email);
      await login.getByLabel('Password', { exact: true }).fill(viewerLogin.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Become a member' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Tier').inputValue()).toBe('Inner Circle');
      expect(await dialog.getByLabel('Monthly price (CAD)').inputValue()).toBe('5.00');
      expect(await seriousViolations(page)).toEqual([]);

      await payWith(dialog, '4000 0000 0000 0002', 'Join for $5.00 / month');
      await dialog.getByTestId('payment-error').getByText('Your card was declined.').waitFor();
      await payWith(dialog, '4242 4242 4242 4242', 'Join for $5.00 / month');
      const joined = page.getByRole('dialog', { name: "You're a member" });
      await joined.getByTestId('membership-joined').waitFor();
      await joined.getByRole('button', { name: 'Done' }).click();
      await tierCard.getByTestId('tier-member').getByText("You're a member").waitFor();

      const row = (await firstRow(db.select().from(memberships).where(and(eq(memberships.memberId, viewerId), eq(memberships.tierId, tier.id)))))!;
      expect(row).toMatchObject({ status: 'active', priceCents: 500, cancelAtPeriodEnd: false });
      expect(await db.select().from(payments).where(eq(payments.membershipId, row.id))).toMatchObject([{ kind: 'membership', status: 'succeeded', amountCents: 500 }]);

      // The premium event the tier includes plays without paying for it.
      await page.goto(`/events/mara_quill/${premium.id}`);
      await page.getByRole('heading', { level: 1, name: premium.name }).waitFor({ timeout: 15_000 });
      await page.getByTestId('stream-video').waitFor();
      expect(await page.getByTestId('paywall').count()).toBe(0);
      expect(await db.select().from(payments).where(and(eq(payments.kind, 'paywall'), eq(payments.payerId, viewerId)))).toHaveLength(0);

      // The member's message carries the badge.
      const nameField = page.getByLabel('Full name');
      await expect.poll(() => nameField.inputValue()).toBe(viewerLogin.name);
      await page.getByRole('button', { name: 'Start Chat' }).click();
      const input = page.getByPlaceholder('Type a message and press Enter');
      await input.fill('Hello from a member');
      await input.press('Enter');
      const message = page.getByRole('list', { name: 'Chat messages' }).getByRole('listitem').filter({ hasText: 'Hello from a member' });
      await message.getByText('Member', { exact: true }).waitFor();
      await saveScreenshot(page, 'membership-event-chat');

      // My memberships, from the viewer's menu.
      await page.getByRole('button', { name: 'Viewer menu' }).click();
      await page.getByRole('menuitem', { name: 'My memberships' }).click();
      await page.getByRole('heading', { level: 1, name: 'My memberships' }).waitFor();
      const card = page.getByTestId('membership').filter({ hasText: 'Inner Circle' });
      await card.getByRole('heading', { name: 'Mara Quill' }).waitFor();
      await card.getByText('Active', { exact: true }).waitFor();
      await card.getByText(`Next charge: $5.00 on ${await dayInBrowser(page, row.currentPeriodEnd!)}`, { exact: false }).waitFor();

      // The private feed: copy it, then reset it (the old URL stops working).
      const feedField = card.getByRole('textbox', { name: title.name });
      const firstUrl = await feedField.inputValue();
      expect(new URL(firstUrl).pathname).toBe(`/feeds/${title.id}/${row.feedToken}.xml`);
      const copy = card.getByRole('button', { name: `Copy ${title.name} feed URL` });
      await copy.click();
      await copy.getByText('Copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
      expect((await app.inject({ method: 'GET', url: new URL(firstUrl).pathname })).statusCode).toBe(200);

      await card.getByRole('button', { name: 'Reset feed URLs' }).click();
      const reset = page.getByRole('dialog', { name: 'Reset your feed URLs?' });
      await reset.getByText('The current ones stop working').waitFor();
      await reset.getByRole('button', { name: 'Reset feed URLs' }).click();
      await reset.waitFor({ state: 'detached' });
      await expect.poll(() => feedField.inputValue()).not.toBe(firstUrl);
      const newUrl = await feedField.inputValue();
      const newToken = (await firstRow(db.select({ feedToken: memberships.feedToken }).from(memberships).where(eq(memberships.id, row.id))))!.feedToken;
      expect(new URL(newUrl).pathname).toBe(`/feeds/${title.id}/${newToken}.xml`);
      expect((await app.inject({ method: 'GET', url: new URL(firstUrl).pathname })).statusCode).toBe(410);

      // Cancel runs to the end of the paid month; resume undoes it.
      await card.getByRole('button', { name: 'Cancel membership' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel this membership?' });
      const periodEnd = await dayInBrowser(page, row.currentPeriodEnd!);
      await cancel.getByText(`stays open until ${periodEnd}`, { exact: false }).waitFor();
      await cancel.getByRole('button', { name: 'Cancel membership' }).click();
      await cancel.waitFor({ state: 'detached' });
      await card.getByText(`Ends on ${periodEnd}.`).waitFor();
      await card.getByText('Ending', { exact: true }).waitFor();
      expect(await card.getByText('Next charge', { exact: false }).count()).toBe(0);
      expect(await firstRow(db.select().from(memberships).where(eq(memberships.id, row.id)))).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      await saveScreenshot(page, 'my-memberships-ending');

      await card.getByRole('button', { name: 'Resume membership' }).click();
      await card.getByText(`Next charge: $5.00 on ${periodEnd}`, { exact: false }).waitFor();
      expect(await firstRow(db.select().from(memberships).where(eq(memberships.id, row.id)))).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

      await card.getByRole('button', { name: 'Cancel membership' }).click();
      await cancel.getByRole('button', { name: 'Cancel membership' }).click();
      await card.getByText(`Ends on ${periodEnd}.`).waitFor();

      // Until then the event stays open.
      await page.goto(`/events/mara_quill/${premium.id}`);
      await page.getByTestId('stream-video').waitFor({ timeout: 15_000 });

      // Both pages on a phone, with nothing axe finds serious.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/memberships');
      await card.getByText(`Ends on ${periodEnd}.`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'my-memberships-phone');
      await page.goto('/c/mara_quill');
      await tierCard.getByTestId('tier-member').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'creator-page-phone');
    } finally {
      await context.close();
    }
  });

  it('the paywall of an included premium event offers the tier; a signed-in viewer joins there and the event opens', async () => {
    const { app } = fixture.running;
    const { db } = app.services;
    const maraId = await userIdOf(fixture.running, seededLogins.mara.email);
    const premium = (await firstRow(db.select().from(events).where(and(eq(events.isPremium, true), eq(events.userId, maraId)))))!;
    const fan = await createUser(app, { role: 'viewer' });
    const tier = await createTier(fixture.running, { name: 'Front Row', monthlyPrice: 4, premiumEventIds: [premium.id], podcastTitleIds: [] });

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, fan.token]);
    try {
      await page.goto(`/events/mara_quill/${premium.id}`);
      await page.getByRole('heading', { level: 1, name: premium.name }).waitFor({ timeout: 15_000 });
      const paywall = page.getByTestId('paywall');
      // The cheapest of the tiers that include the event.
      await paywall.getByText('Or become a member (Front Row, $4.00 / month): this event is included.').waitFor();
      await paywall.getByRole('button', { name: 'Become a member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Become a member' });
      expect(await dialog.getByLabel('Tier').inputValue()).toBe('Front Row');
      await payWith(dialog, '4242 4242 4242 4242', 'Join for $4.00 / month');
      await page.getByRole('dialog', { name: "You're a member" }).getByRole('button', { name: 'Done' }).click();
      await page.getByTestId('stream-video').waitFor();
      expect(await page.getByTestId('paywall').count()).toBe(0);
      expect(await firstRow(db.select().from(memberships).where(and(eq(memberships.memberId, fan.id), eq(memberships.tierId, tier.id))))).toMatchObject({ status: 'active', priceCents: 400 });
      // The tier list beside the tips now says so.
      await page.getByRole('region', { name: 'Become a member' }).getByTestId('membership-tier').filter({ hasText: 'Front Row' }).getByTestId('tier-member').waitFor();
    } finally {
      await context.close();
    }
  });
  it('a member changes tier on My memberships and the creator page: an upgrade is charged at once, a downgrade waits for the period’s end', async () => {
    const { app } = fixture.running;
    const { db } = app.services;
    const fan = await createUser(app, { role: 'viewer' });
    const supporter = await createTier(fixture.running, { name: 'Supporter', monthlyPrice: 3, premiumEventIds: [], podcastTitleIds: [] });
    const patron = await createTier(fixture.running, { name: 'Patron', monthlyPrice: 9, premiumEventIds: [], podcastTitleIds: [] });
    const spare = await createTier(fixture.running, { name: 'Spare Seat', monthlyPrice: 20, premiumEventIds: [], podcastTitleIds: [] });
    // The fan joins Supporter with a card (the join dialog is covered above).
    const joined = await app.inject({ method: 'POST', url: '/api/memberships/join', headers: { authorization: `Bearer ${fan.token}` }, payload: { tierId: supporter.id } });
    expect(joined.statusCode, joined.body).toBe(200);
    const { client_secret: clientSecret, membershipId } = joined.json<{ client_secret: string; membershipId: string }>();
    const paid = await app.inject({
      method: 'POST',
      url: '/api/payment/local/confirm',
      payload: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name: 'Sam Lindqvist' },
      remoteAddress: '10.91.0.1',
    });
    expect(paid.json()).toEqual({ status: 'succeeded' });
    const periodEnd = (await firstRow(db.select().from(memberships).where(eq(memberships.id, membershipId))))!.currentPeriodEnd!;

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, fan.token]);
    try {
      await page.goto('/memberships');
      const card = page.getByTestId('membership').filter({ hasText: 'Supporter' });
      await card.getByTestId('membership-tier').getByText('Supporter · $3.00 / month').waitFor();

      // A tier that closes while the dialog is open: the server's refusal shows in the dialog.
      await card.getByRole('button', { name: 'Change tier' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change tier' });
      await dialog.getByRole('radio', { name: /Spare Seat/ }).check();
      const archived = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: seededLogins.mara.email, password: seededLogins.mara.password } });
      await app.inject({ method: 'POST', url: `/api/membership-tiers/${spare.id}/archive`, headers: { authorization: `Bearer ${archived.json<{ token: string }>().token}` }, payload: {} });
      await dialog.getByRole('button', { name: /^Upgrade and pay \$/ }).click();
      await dialog.getByTestId('tier-change-error').getByText('This tier no longer takes new members').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The upgrade: the prorated difference now, Patron at once.
      await card.getByRole('button', { name: 'Change tier' }).click();
      await dialog.getByRole('radio', { name: /Patron/ }).check();
      await dialog.getByTestId('tier-change-summary').getByText(/Patron opens now\. You pay \$\d+\.\d\d now for the rest of this month, then \$9\.00 \/ month/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, 'membership-change-tier');
      await dialog.getByRole('button', { name: /^Upgrade and pay \$/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      const upgraded = page.getByTestId('membership').filter({ hasText: 'Patron' });
      await upgraded.getByTestId('membership-tier').getByText('Patron · $9.00 / month').waitFor();
      expect(await firstRow(db.select().from(memberships).where(eq(memberships.id, membershipId)))).toMatchObject({ tierId: patron.id, priceCents: 900, status: 'active' });
      const upgradeCharge = await firstRow(db.select().from(membershipCharges).where(and(eq(membershipCharges.membershipId, membershipId), eq(membershipCharges.reason, 'membership_upgrade'))));
      expect(upgradeCharge?.amountCents).toBeGreaterThan(500);

      // The creator page marks Patron as the fan's tier and offers the others as a change.
      await page.goto('/c/mara_quill');
      const patronCard = page.getByTestId('membership-tier').filter({ hasText: 'Patron' });
      await patronCard.getByTestId('tier-member').waitFor();
      await patronCard.getByRole('button', { name: 'Change tier: Patron' }).waitFor();
      await page.getByTestId('membership-tier').filter({ hasText: 'Supporter' }).getByRole('button', { name: 'Change to this tier: Supporter' }).click();
      // The downgrade waits for the end of the month paid for.
      const downgradeOn = await dayInBrowser(page, periodEnd);
      await dialog.getByRole('radio', { name: /Supporter/ }).isChecked().then((checked) => expect(checked).toBe(true));
      await dialog.getByTestId('tier-change-summary').getByText(`You keep Patron until ${downgradeOn}. From then you pay $3.00 / month. Nothing is charged now.`).waitFor();
      await dialog.getByRole('button', { name: `Change on ${downgradeOn}` }).click();
      await dialog.waitFor({ state: 'hidden' });
      await patronCard.getByText(`Changes to Supporter on ${downgradeOn}`).waitFor();
      expect(await firstRow(db.select().from(memberships).where(eq(memberships.id, membershipId)))).toMatchObject({ tierId: patron.id, scheduledTierId: supporter.id, scheduledPriceCents: 300 });

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/memberships');
      await upgraded.getByTestId('membership-scheduled-tier').getByText(/Changes to/).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a member whose membership lapsed sees the paywall of the included event on reload, not a player error', async () => {
    const { app } = fixture.running;
    const { db } = app.services;
    const maraId = await userIdOf(fixture.running, seededLogins.mara.email);
    const premium = (await firstRow(db.select().from(events).where(and(eq(events.isPremium, true), eq(events.userId, maraId)))))!;
    const fan = await createUser(app, { role: 'viewer' });
    const tier = await createTier(fixture.running, { name: 'Backstage', monthlyPrice: 6, premiumEventIds: [premium.id], podcastTitleIds: [] });
    const membership = await insertMembership(app, { id: tier.id, creatorId: maraId }, fan.id);

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, fan.token]);
    const storedIds = () => page.evaluate((key) => (window.localStorage.getItem(key) ?? '').split(',').filter(Boolean), storageKeys.eventPermissions);
    try {
      await page.goto(`/events/mara_quill/${premium.id}`);
      await page.getByRole('heading', { level: 1, name: premium.name }).waitFor({ timeout: 15_000 });
      await page.getByTestId('stream-video').waitFor();
      // The browser keeps the event among the ones the viewer may enter.
      expect(await storedIds()).toContain(premium.id);

      const now = new Date().toISOString();
      await db.update(memberships).set({ status: 'lapsed', lapsedAt: now, updatedAt: now }).where(eq(memberships.id, membership.id));

      await page.reload();
      const paywall = page.getByTestId('paywall');
      await paywall.waitFor({ timeout: 15_000 });
      await paywall.getByRole('button', { name: /^Enter for / }).waitFor();
      // The tier is offered again.
      await paywall.getByText('Or become a member', { exact: false }).waitFor();
      expect(await page.getByTestId('stream-player').count()).toBe(0);
      expect(await storedIds()).not.toContain(premium.id);
      // Still so a moment later (no stream call puts the player back).
      await page.waitForTimeout(1_000);
      expect(await page.getByTestId('stream-player').count()).toBe(0);
      await paywall.waitFor();
    } finally {
      await context.close();
    }
  });
});
