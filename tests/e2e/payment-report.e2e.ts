import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventAccess, events } from '@db/schema/events';
import { payments } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { storageKeys } from '@web/lib/storage-keys';
import { createUser } from '../helpers/app';
import { newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

/** The console line the payment form leaves (web/src/features/payment/card-payment-form.tsx). */
const reportFailureLog = 'Payment status update failed';
/** The page's status report (`payments.reportStatus`, alone or in a batch). */
const reportCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('payments.reportStatus');

async function payWith(dialog: ReturnType<Page['getByRole']>, number: string, submit: string): Promise<void> {
  await dialog.getByLabel('Full name on card').fill('Sam Lindqvist');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: submit }).click();
}

/** The console lines of a page that say a status report failed. */
function reportFailuresLogged(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes(reportFailureLog)) lines.push(message.text());
  });
  return lines;
}

describe('a failed status report after a confirmed card is logged, not shown as a failed payment (platform.md §8)', () => {
  const fixture = useBrowserApp();

  it('the premium payment: the report never arrives, the page still unlocks and the provider’s webhook records it', async () => {
    const { app } = fixture.running;
    const mara = (await firstRow(app.services.db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const premium = (await firstRow(app.services.db.select().from(events).where(and(eq(events.isPremium, true), eq(events.userId, mara.id)))))!;
    const viewer = await createUser(app, { role: 'viewer' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, viewer.token]);
      const logged = reportFailuresLogged(page);
      let refused = 0;
      await page.route(reportCall, (route) => {
        refused += 1;
        return route.abort('connectionreset');
      });
      await page.goto(`/events/mara_quill/${premium.id}`);
      await page.getByRole('heading', { level: 1, name: premium.name }).waitFor({ timeout: 15_000 });
      await page.getByTestId('paywall').getByRole('button', { name: /^Enter for/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Make Premium Payment' });
      await payWith(dialog, '4242 4242 4242 4242', 'Pay $9.99');

      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      expect(refused).toBeGreaterThan(0);
      expect(await page.getByTestId('payment-error').count()).toBe(0);
      expect(await page.getByText('Your payment was not processed', { exact: false }).count()).toBe(0);
      await page.getByText(`You're in: enjoy ${premium.name}!`).waitFor();
      expect(logged).toHaveLength(1);

      // The provider's webhook settled it without the report: the payment and the viewer's access are recorded.
      await expect
        .poll(async () => (await firstRow(app.services.db.select().from(eventAccess).where(and(eq(eventAccess.viewerId, viewer.id), eq(eventAccess.eventId, premium.id)))))?.paymentId ?? null)
        .toBeTruthy();
      const access = (await firstRow(app.services.db.select().from(eventAccess).where(and(eq(eventAccess.viewerId, viewer.id), eq(eventAccess.eventId, premium.id)))))!;
      expect(await firstRow(app.services.db.select().from(payments).where(eq(payments.id, access.paymentId!)))).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
      await saveScreenshot(page, 'payment-report-failed-premium');
    } finally {
      await context.close();
    }
  });

  it('a tip: the report answers 502, the viewer is thanked; a declined card still shows the failure', async () => {
    const { app } = fixture.running;
    const viewer = await createUser(app, { role: 'viewer' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [storageKeys.viewerToken, viewer.token]);
      const logged = reportFailuresLogged(page);
      await page.route(reportCall, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
      await page.goto('/events/mara_quill');
      await page.getByRole('heading', { level: 1, name: 'Around the Clock: deep house listening room' }).waitFor({ timeout: 15_000 });

      // A decline is the provider's refusal: shown, and not logged as a failed report.
      await page.getByRole('button', { name: /Request a track\s*\$10\.00/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Make Tips Payment' });
      await payWith(dialog, '4000 0000 0000 0002', 'Send $10.00 tip');
      await dialog.getByTestId('payment-error').getByText('Your card was declined.').waitFor();
      expect(logged).toHaveLength(0);

      await payWith(dialog, '4242 4242 4242 4242', 'Send $10.00 tip');
      await page.getByText('Thank you! Your Request a track tip was sent', { exact: false }).waitFor({ timeout: 15_000 });
      await dialog.waitFor({ state: 'detached' });
      expect(logged).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
