import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { markSubscriptionPaid } from '@server/domains/users/users.service';
import { login, newPage, seededLogins, useBrowserApp } from './harness';
import { firstRow } from '@db/store';

const { mara, admin } = seededLogins;

describe('security in the browser', () => {
  const fixture = useBrowserApp();

  it('a creator registered at checkout stays on the payment step until the payment is confirmed', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/product-page');
    await page.getByTestId('product-PODCAST_TITLE').getByRole('link', { name: 'BUY NOW' }).click();
    await page.waitForURL('**/checkout/PODCAST_TITLE/check-email');
    await page.getByLabel('Email', { exact: true }).fill('pending-buyer@example.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'CREATE AN ACCOUNT' }).waitFor();
    await page.getByLabel('First name').fill('Pia');
    await page.getByLabel('Last name').fill('Pending');
    await page.getByLabel('Creator tag').fill('pia_pending');
    await page.getByLabel('Password', { exact: true }).fill('buyer-password');
    await page.getByLabel('Confirm password').fill('buyer-password');
    await page.getByRole('button', { name: 'Create account and continue' }).click();
    await page.waitForURL('**/checkout/PODCAST_TITLE/payment');
    const row = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, 'pending-buyer@example.test'))))!;
    expect(row).toMatchObject({ role: 'dj', isActive: true, pendingPayment: true });

    // Any other page sends them back to the payment step of the product they picked.
    await page.goto('/apps/calendar');
    await page.waitForURL('**/checkout/PODCAST_TITLE/payment');
    await page.goto('/manage-tips');
    await page.waitForURL('**/checkout/PODCAST_TITLE/payment');

    // Once the payment is confirmed, the dashboard opens.
    await markSubscriptionPaid(fixture.running.app.services.db, row.id);
    await page.goto('/apps/calendar');
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/apps/calendar');
    await context.close();
  });

  it('the change-password page acts on the signed-in user only', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, mara.email, mara.password);
    const adminRow = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, admin.email))))!;
    const maraRow = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, mara.email))))!;
    await page.goto(`/apps/users/${adminRow.id}/change-password`);
    await page.waitForURL(`**/apps/users/${maraRow.id}/change-password`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await context.close();
  });

  it('app pages carry the Content-Security-Policy and run without a single violation', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/login');
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response!.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await page.getByText('Your content. Your world.').waitFor();
    await login(page, mara.email, mara.password);
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    expect(violations).toEqual([]);
    // An injected inline script is blocked by the policy.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as Window & { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await context.close();
  });

  it('the Permissions-Policy names only features the browser knows: no warning on any page', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/Permissions-Policy|Feature Policy/i.test(message.text())) warnings.push(message.text());
    });
    const response = await page.goto('/login');
    expect(response!.headers()['permissions-policy']).toContain('camera=(self), microphone=(self), display-capture=(self), geolocation=()');
    await page.getByText('Your content. Your world.').waitFor();
    await page.goto('/product-page');
    await page.getByRole('heading', { name: 'Subscription Plans and Pricing' }).waitFor();
    expect(warnings).toEqual([]);
    await context.close();
  });
});
