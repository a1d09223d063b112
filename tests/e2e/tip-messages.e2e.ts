import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { events } from '@db/schema/events';
import { tips } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

const viewerLogin = { email: 'viewer@cuepoint.local', password: 'cuepoint-demo' };
const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });
const eventName = 'Around the Clock: deep house listening room';

async function userIdOf(running: RunningApp, email: string): Promise<string> {
  return (await firstRow(running.app.services.db.select({ id: users.id }).from(users).where(eq(users.email, email))))!.id;
}

async function openEventPage(page: Page): Promise<void> {
  await page.goto('/events/mara_quill');
  await page.getByRole('heading', { level: 1, name: eventName }).waitFor({ timeout: 15_000 });
}

describe('tip messages in the browser', () => {
  it('a viewer tips with a message; the chat shows it as text under the tip line; the creator sees it in Earnings and hides it', async () => {
    const { app } = fixture.running;
    const viewerId = await userIdOf(fixture.running, viewerLogin.email);
    const live = (await firstRow(app.services.db.select().from(events).where(eq(events.name, eventName))))!;
    const watcher = await newPage(fixture.browser, fixture.running.url);
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await openEventPage(watcher.page);
      await openEventPage(page);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const loginDialog = page.getByRole('dialog', { name: 'Viewer login' });
      await loginDialog.getByLabel('Email').fill(viewerLogin.email);
      await loginDialog.getByLabel('Password', { exact: true }).fill(viewerLogin.password);
      await loginDialog.getByRole('button', { name: 'Log in' }).click();
      await loginDialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /Request a track\s*\$10\.00/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Make Tips Payment' });
      const field = dialog.getByLabel('Message (optional)');
      const counter = dialog.getByTestId('tip-message-counter');
      expect(await counter.textContent()).toContain('0/140');
      // Longer than 140 characters is cut at 140; the counter follows.
      await field.fill('x'.repeat(150));
      expect((await field.inputValue()).length).toBe(140);
      expect(await counter.textContent()).toContain('140/140');
      const message = '<b>Play</b> the sunrise one again!';
      await field.fill(`  ${message}  `);
      expect(await counter.textContent()).toContain(`${message.length}/140`);

      await dialog.getByLabel('Full name on card').fill('Sam Lindqvist');
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: 'Send $10.00 tip' }).click();
      await dialog.waitFor({ state: 'detached' });

      const sent = await firstRow(app.services.db.select().from(tips).where(and(eq(tips.viewerId, viewerId), eq(tips.eventId, live.id))));
      expect(sent?.message).toBe(message);
      // Another viewer's chat column: the tip line, and the message under it as text (the tags stay visible text).
      const notice = watcher.page.getByTestId('chat-notice').filter({ hasText: 'sent a tip: Request a track ($10.00)' });
      await notice.getByTestId('tip-message').getByText(message, { exact: true }).waitFor();
      expect(await notice.locator('b').count()).toBe(0);
      await saveScreenshot(watcher.page, 'tip-message-chat');

      // Mara opens Earnings: the payment, its payer and the message, then hides it and unhides it.
      const creator = await newPage(fixture.browser, fixture.running.url);
      try {
        await login(creator.page, seededLogins.mara.email, seededLogins.mara.password);
        await creator.page.goto('/apps/earnings');
        const table = creator.page.getByTestId('earnings-payments');
        const row = table.getByRole('row').filter({ hasText: message });
        await row.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
          await saveScreenshot(creator.page, 'tip-messages-earnings-failure');
          throw error;
        });
        expect(await row.textContent()).toContain('$10.00');
        await row.getByRole('button', { name: /^Hide the message from/ }).click();
        await row.getByText('Hidden', { exact: true }).waitFor();
        await expect.poll(async () => (await firstRow(app.services.db.select({ hiddenAt: tips.messageHiddenAt }).from(tips).where(eq(tips.id, sent!.id))))?.hiddenAt).toEqual(expect.any(String));
        await saveScreenshot(creator.page, 'earnings-tip-message-hidden');
        await row.getByRole('button', { name: /^Unhide the message from/ }).click();
        await row.getByRole('button', { name: /^Hide the message from/ }).waitFor();
        expect((await firstRow(app.services.db.select({ hiddenAt: tips.messageHiddenAt }).from(tips).where(eq(tips.id, sent!.id))))?.hiddenAt).toBeNull();

        // The CSV download carries the same rows.
        const [download] = await Promise.all([creator.page.waitForEvent('download'), creator.page.getByRole('button', { name: 'Download CSV' }).click()]);
        expect(download.suggestedFilename()).toBe('payments.csv');
      } finally {
        await creator.context.close();
      }
    } finally {
      await watcher.context.close();
      await context.close();
    }
  }, 180_000);
});
