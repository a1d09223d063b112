import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { subscriptions } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const fixture = useBrowserApp();

async function fillCard(page: Locator, number: string, name = 'Mara Quill') {
  await page.getByLabel('Full name on card').fill(name);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
}

describe('Profile → Subscriptions: cancel, resume, change the card', () => {
  it('a creator with an active plan cancels (confirmed), sees "Cancels on …", keeps it, and changes the card to 5555 … 4444', async () => {
    const { app } = fixture.running;
    const { db } = app.services;
    // An active subscription, started the way create-subscription does (the card charged at once).
    const signIn = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: seededLogins.mara.email, password: seededLogins.mara.password } });
    const { token } = signIn.json() as { token: string };
    const started = await app.inject({
      method: 'POST',
      url: '/api/payment/create-subscription',
      headers: { authorization: `Bearer ${token}` },
      payload: { productId: 'LIVE_STREAM', paymentMethodId: 'pm_card_visa' },
    });
    expect(started.json()).toMatchObject({ status: 'succeeded' });
    const mara = (await firstRow(db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const row = async () => (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.userId, mara.id))))!;
    expect(await row()).toMatchObject({ status: 'active', cardLast4: '4242', cancelAtPeriodEnd: false });

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, seededLogins.mara.email, seededLogins.mara.password);
    await page.goto(`/profile/${mara.id}/subscriptions`);
    const card = page.getByTestId('subscription-LIVE_STREAM');
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByTestId('next-charge').getByText('$29.99 on', { exact: false }).waitFor();
    expect(await card.getByTestId('card-last4').textContent()).toBe('•••• 4242');

    // Cancel, behind a confirmation that says it runs to the end of the paid period.
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Live Stream?' });
    await confirm.getByText('runs to the end of the period you paid for', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('it stays active until then', { exact: false }).waitFor();
    await card.getByText('Cancels on', { exact: false }).first().waitFor();
    expect(await card.getByTestId('next-charge').textContent()).toContain('no further charges');
    expect(await row()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await saveScreenshot(page, 'subscriptions-cancelling');

    // Keep it after all.
    await card.getByRole('button', { name: 'Keep subscription' }).click();
    await card.getByTestId('next-charge').getByText('$29.99 on', { exact: false }).waitFor();
    expect(await card.getByText('Cancels on', { exact: false }).count()).toBe(0);
    expect((await row()).cancelAtPeriodEnd).toBe(false);

    // Change the card: a declined card shows the provider's message, then 5555 … 4444 is saved.
    await card.getByRole('button', { name: 'Change card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change card' });
    await fillCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.getByTestId('change-card-error').getByText('Your card was declined.').waitFor();
    await fillCard(dialog, '5555 5555 5555 4444');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByTestId('card-last4').getByText('•••• 4444').waitFor();
    expect((await row()).cardLast4).toBe('4444');
    await saveScreenshot(page, 'subscriptions-card-changed');
    await context.close();
  });
});
