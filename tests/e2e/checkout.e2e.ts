import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { localProviderObjects, subscriptions } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { runRenewals } from '@server/domains/subscriptions/renewals';
import { makePng } from '../helpers/images';
import { cards, confirmCard, createTip, expectedSplit, stage } from '../helpers/payments';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const fixture = useBrowserApp();
const tobin = { email: 'tobin@cuepoint.local', password: 'cuepoint-demo' };

async function fillCard(page: Page, number: string, name = 'Mara Quill') {
  await page.getByLabel('Full name on card').fill(name);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
}

describe('checkout with the local provider', () => {
  it('order summary with the setup fee, name rules, a decline, a failed and a passed authentication, then success', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, seededLogins.mara.email, seededLogins.mara.password);
    await page.goto('/checkout/PODCAST_TITLE/payment');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('One-time setup fee').waitFor();
    await summary.getByText('$19.99').waitFor();
    expect(await page.getByTestId('order-total').textContent()).toBe('$29.98 CAD');

    const pay = page.getByRole('button', { name: 'Pay $29.98' });
    await pay.click();
    await page.getByText('Input field can not be empty').waitFor();
    await page.getByLabel('Full name on card').fill(' Mara Quill');
    await pay.click();
    await page.getByText('Please enter a valid name').waitFor();

    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    const failure = page.getByTestId('payment-error');
    await failure.getByText('Your payment was not processed due to the following:').waitFor();
    await failure.getByText('Your card was declined.').waitFor();

    await fillCard(page, '4000 0025 0000 3155');
    await pay.click();
    await page.getByRole('dialog', { name: 'Authenticate this payment' }).waitFor();
    await saveScreenshot(page, 'checkout-authentication');
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await failure.getByText('We are unable to authenticate your payment method.', { exact: false }).waitFor();

    await fillCard(page, '4000 0025 0000 3155');
    await pay.click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL('**/payment-success/**');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await page.getByText('$29.98 CAD').waitFor();
    await saveScreenshot(page, 'checkout-success');

    const mara = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const subscription = await firstRow(fixture.running.app.services.db.select().from(subscriptions).where(eq(subscriptions.userId, mara.id)));
    expect(subscription).toMatchObject({ productId: 'PODCAST_TITLE', status: 'active', cardLast4: '3155' });
    await context.close();
  });

  it('a failed renewal shows the unpaid-invoice banner; paying on /reactivate clears it', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, tobin.email, tobin.password);
    await page.goto('/checkout/LIVE_STREAM/payment');
    await fillCard(page, '4000 0000 0000 0341', 'Tobin Reyes');
    await page.getByRole('button', { name: 'Pay $29.99' }).click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await page.getByTestId('unpaid-banner').count()).toBe(0);

    // The month ends: move the provider's period end into the past and run the billing clock.
    const { services } = fixture.running.app;
    const tobinRow = (await firstRow(services.db.select().from(users).where(eq(users.email, tobin.email))))!;
    const subscription = (await firstRow(services.db.select().from(subscriptions).where(eq(subscriptions.userId, tobinRow.id))))!;
    const remote = (await firstRow(services.db.select().from(localProviderObjects).where(eq(localProviderObjects.id, subscription.providerSubscriptionId!))))!;
    await services.db
      .update(localProviderObjects)
      .set({ data: { ...remote.data, currentPeriodEnd: new Date(Date.now() - 60_000).toISOString() } })
      .where(eq(localProviderObjects.id, remote.id));
    expect(await runRenewals(services)).toBe(1);

    await page.goto('/apps/calendar');
    const banner = page.getByTestId('unpaid-banner');
    await banner.getByText('There are outstanding payments on your subscription(s).').waitFor();
    expect(await banner.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(`/profile/${tobinRow.id}/subscriptions`);
    await saveScreenshot(page, 'unpaid-banner');

    // Manage → the profile's Subscriptions tab → Pay now.
    await banner.getByRole('link', { name: 'Manage' }).click();
    const card = page.getByTestId('subscription-LIVE_STREAM');
    await card.getByText('Payment due').waitFor();
    await card.getByText('•••• 0341').waitFor();
    await page.getByRole('table', { name: 'Invoices' }).getByText('Unpaid').waitFor();
    await saveScreenshot(page, 'profile-subscriptions-due');
    await card.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(`**/reactivate/${subscription.id}`);
    await page.getByRole('heading', { name: 'Reactivate Live Stream' }).waitFor();
    await fillCard(page, '4242 4242 4242 4242', 'Tobin Reyes');
    await page.getByRole('button', { name: 'Pay $29.99' }).click();
    await page.waitForURL(`**/reactivation-success/${subscription.id}`);
    await page.getByRole('heading', { name: 'Live Stream is active again' }).waitFor();
    await page.getByTestId('unpaid-banner').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Live Stream is active again' }).waitFor();
    expect(await page.getByTestId('unpaid-banner').count()).toBe(0);
    await page.getByRole('link', { name: 'My subscriptions' }).click();
    await page.getByTestId('subscription-LIVE_STREAM').getByText('Active').waitFor();
    expect(await page.getByTestId('subscription-LIVE_STREAM').getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    await context.close();
  });
});

describe('creator pages', () => {
  it('/manage-tips: add with an icon preview, reorder with the buttons, delete', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, seededLogins.admin.email, seededLogins.admin.password);
    await page.goto('/manage-tips');
    await page.getByText('No tip options yet').waitFor();

    await page.getByRole('button', { name: 'Add tip option' }).click();
    await page.getByLabel('Title').fill('Coffee');
    await page.getByLabel('Amount (CAD)').fill('5');
    await page.getByLabel('Icon image').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: makePng(64, 64) });
    await page.getByTestId('icon-preview').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Add tip option' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add tip option' }).click();
    await page.getByLabel('Title').fill('Vinyl');
    await page.getByLabel('Amount (CAD)').fill('0.5');
    await page.getByRole('dialog').getByRole('button', { name: 'Add tip option' }).click();
    await page.getByText('Enter an amount in dollars, e.g. 5 or 4.99').or(page.getByText('The amount must be between $1.00 and $1,000.00')).waitFor();
    await page.getByLabel('Amount (CAD)').fill('25.00');
    await page.getByRole('dialog').getByRole('button', { name: 'Add tip option' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const rows = page.getByTestId('tip-option-row');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Coffee'), expect.stringContaining('Vinyl')]);
    expect(await rows.first().locator('img').getAttribute('src')).toMatch(/^\/uploads\/.+\.png$/);
    await page.getByRole('button', { name: 'Move Vinyl up' }).click();
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Vinyl'), expect.stringContaining('Coffee')]);
    await page.reload();
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Vinyl'), expect.stringContaining('Coffee')]);
    await saveScreenshot(page, 'manage-tips');

    await page.getByRole('button', { name: 'Delete Coffee' }).click();
    await page.getByRole('dialog', { name: 'Delete tip option' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await context.close();
  });

  it('/apps/earnings: totals, both shares and the chart', async () => {
    const { app } = fixture.running;
    const s = await stage(app, { tipCents: 1000 });
    const intent = (await createTip(app, s)).json() as { client_secret: string };
    expect((await confirmCard(app, intent.client_secret, cards.success)).status).toBe('succeeded');
    const creatorToken = s.creator.token;

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.addInitScript((token) => window.localStorage.setItem('cuepoint.token', token), creatorToken);
    await page.goto('/apps/earnings');
    const split = expectedSplit(1000);
    await page.getByTestId('earned-total').getByText(`$${(split.creator / 100).toFixed(2)}`).waitFor();
    await page.getByTestId('earnings-chart').locator('svg').first().waitFor();
    await page.getByRole('table', { name: 'By source' }).getByText('Tips').waitFor();
    await saveScreenshot(page, 'earnings');
    await context.close();
  });
});
