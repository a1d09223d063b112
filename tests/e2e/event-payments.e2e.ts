import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventAccess, events } from '@db/schema/events';
import { ledgerEntries, payments, tips } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { hubTopic } from '@server/domains/hub/hub.service';
import { newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

const viewerLogin = { email: 'viewer@cuepoint.local', password: 'cuepoint-demo' };
const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

async function userIdOf(running: RunningApp, email: string): Promise<string> {
  return (await firstRow(running.app.services.db.select({ id: users.id }).from(users).where(eq(users.email, email))))!.id;
}

/** Hub messages of a group, as its subscribers receive them. */
function listenToHub(running: RunningApp, group: string): string[] {
  const texts: string[] = [];
  running.app.services.bus.subscribe(hubTopic(group), (delivery) => texts.push(delivery.message.text));
  return texts;
}

async function openEventPage(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

async function viewerLogsIn(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Viewer login' });
  await dialog.getByLabel('Email').fill(viewerLogin.email);
  await dialog.getByLabel('Password', { exact: true }).fill(viewerLogin.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Viewer menu' }).waitFor();
}

async function payWith(dialog: ReturnType<Page['getByRole']>, number: string, submit: string): Promise<void> {
  await dialog.getByLabel('Full name on card').fill('Sam Lindqvist');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: submit }).click();
}

describe('event page payments with the local provider', () => {
  it('the paywall: a decline, a failed and a passed authentication, then the page unlocks and the hub says welcome', async () => {
    const { app } = fixture.running;
    const maraId = await userIdOf(fixture.running, seededLogins.mara.email);
    const viewerId = await userIdOf(fixture.running, viewerLogin.email);
    const premium = (await firstRow(app.services.db.select().from(events).where(and(eq(events.isPremium, true), eq(events.userId, maraId)))))!;
    const hub = listenToHub(fixture.running, `${maraId}-${premium.id}`);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await openEventPage(page, `/events/mara_quill/${premium.id}`, premium.name);
      const paywall = page.getByTestId('paywall');
      await paywall.getByRole('button', { name: 'Log in' }).click();
      await viewerLogsIn(page);
      await paywall.getByRole('button', { name: 'Enter for $9.99' }).click();

      const dialog = page.getByRole('dialog', { name: 'Make Premium Payment' });
      expect(await dialog.getByLabel('Premium price (CAD)').inputValue()).toBe('9.99');
      await payWith(dialog, '4000 0000 0000 0002', 'Pay $9.99');
      const failure = dialog.getByTestId('payment-error');
      await failure.getByText('Your payment was not processed due to the following:').waitFor();
      await failure.getByText('Your card was declined.').waitFor();

      await payWith(dialog, '4000 0025 0000 3155', 'Pay $9.99');
      await page.getByRole('dialog', { name: 'Authenticate this payment' }).getByRole('button', { name: 'Fail authentication' }).click();
      await failure.getByText('We are unable to authenticate your payment method.', { exact: false }).waitFor();
      expect(await page.getByTestId('stream-video').count()).toBe(0);

      await payWith(dialog, '4000 0025 0000 3155', 'Pay $9.99');
      await page.getByRole('dialog', { name: 'Authenticate this payment' }).getByRole('button', { name: 'Complete authentication' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('stream-video').waitFor();
      expect(await page.getByTestId('paywall').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('cuepoint.eventPermissions'))).toContain(premium.id);
      await saveScreenshot(page, 'event-paywall-unlocked');

      const access = await firstRow(app.services.db.select().from(eventAccess).where(and(eq(eventAccess.viewerId, viewerId), eq(eventAccess.eventId, premium.id))));
      expect(access?.paymentId).toBeTruthy();
      const paid = await firstRow(app.services.db.select().from(payments).where(eq(payments.id, access!.paymentId!)));
      expect(paid).toMatchObject({ kind: 'paywall', status: 'succeeded', amountCents: 999, cardLast4: '3155' });
      expect(await app.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paid!.id))).toHaveLength(2);
      expect(hub).toEqual(['Welcome Sam Lindqvist! Thanks for joining Members Session: Sunrise Set.']);

      // After a reload the page stays open (stored list, then the server's access row).
      await openEventPage(page, `/events/mara_quill/${premium.id}`, premium.name);
      await page.getByTestId('stream-video').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a tip: read-only name and amount, a decline, a failed then passed authentication, and the tip message', async () => {
    const { app } = fixture.running;
    const maraId = await userIdOf(fixture.running, seededLogins.mara.email);
    const viewerId = await userIdOf(fixture.running, viewerLogin.email);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await openEventPage(page, '/events/mara_quill', 'Around the Clock: deep house listening room');
      const live = (await firstRow(app.services.db.select().from(events).where(eq(events.name, 'Around the Clock: deep house listening room'))))!;
      const hub = listenToHub(fixture.running, `${maraId}-${live.id}`);
      // Another viewer watching the same event sees the tip in the chat column.
      const watcher = await newPage(fixture.browser, fixture.running.url);
      await openEventPage(watcher.page, '/events/mara_quill', 'Around the Clock: deep house listening room');

      // A guest is asked to sign in first.
      await page.getByRole('button', { name: /Request a track\s*\$10\.00/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Make Tips Payment' });
      await dialog.getByText('Log in or register as a viewer', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await viewerLogsIn(page);

      await page.getByRole('button', { name: /Request a track\s*\$10\.00/ }).click();
      expect(await dialog.getByLabel('Tip name').inputValue()).toBe('Request a track');
      expect(await dialog.getByLabel('Tip amount (CAD)').inputValue()).toBe('10.00');
      expect(await dialog.getByLabel('Tip amount (CAD)').getAttribute('readonly')).not.toBeNull();

      await payWith(dialog, '4000 0000 0000 0002', 'Send $10.00 tip');
      await dialog.getByTestId('payment-error').getByText('Your card was declined.').waitFor();
      await payWith(dialog, '4000 0025 0000 3155', 'Send $10.00 tip');
      await page.getByRole('dialog', { name: 'Authenticate this payment' }).getByRole('button', { name: 'Fail authentication' }).click();
      await dialog.getByTestId('payment-error').getByText('We are unable to authenticate your payment method.', { exact: false }).waitFor();
      await payWith(dialog, '4000 0025 0000 3155', 'Send $10.00 tip');
      await page.getByRole('dialog', { name: 'Authenticate this payment' }).getByRole('button', { name: 'Complete authentication' }).click();
      await page.getByText('Thank you! Your Request a track tip was sent to Mara Quill.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const sent = await app.services.db.select().from(tips).where(and(eq(tips.viewerId, viewerId), eq(tips.eventId, live.id)));
      expect(sent).toMatchObject([{ title: 'Request a track', amountCents: 1000, creatorId: maraId }]);
      expect((await app.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, sent[0]!.paymentId))).map((entry) => entry.amountCents).sort()).toEqual([376, 565]);
      expect(hub).toEqual(['Sam Lindqvist sent a tip: Request a track ($10.00). Thank you!']);
      await watcher.page.getByTestId('chat-notice').getByText('Sam Lindqvist sent a tip: Request a track ($10.00). Thank you!').waitFor();
      await watcher.context.close();

      // Another tip with 4242 goes straight through.
      await page.getByRole('button', { name: /Request a track\s*\$10\.00/ }).click();
      await payWith(dialog, '4242 4242 4242 4242', 'Send $10.00 tip');
      await dialog.waitFor({ state: 'detached' });
      expect(await app.services.db.select().from(tips).where(eq(tips.viewerId, viewerId))).toHaveLength(2);
    } finally {
      await context.close();
    }
  });
});
