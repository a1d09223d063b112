import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { emitWebhookEvent } from '@server/domains/webhooks/webhooks.service';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';
import { firstRow } from '@db/store';

const { mara } = seededLogins;

describe('developer pages in the browser', () => {
  const fixture = useBrowserApp();

  it('creates an API token shown once, which works until it is revoked', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, mara.email, mara.password);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'API tokens', exact: true }).waitFor();
    await page.getByText('No API tokens yet').waitFor();
    // The admin scope is not offered to creators.
    expect(await page.getByText('admin', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Please enter a name').waitFor();
    await page.getByLabel('Name').fill('Nightly export');
    await page.getByRole('checkbox', { name: /webhooks:manage/ }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = (await page.getByTestId('new-api-token').textContent())!.trim();
    expect(shown).toMatch(/^cp_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    const list = page.getByRole('list', { name: 'API tokens' });
    await list.getByText('Nightly export').waitFor();
    await list.getByText(`cp_…${shown.slice(-4)}`).waitFor();
    await list.getByText('webhooks:manage').waitFor();
    // The token is not on the page any more.
    expect(await page.content()).not.toContain(shown);

    const call = () => fixture.running.app.inject({ method: 'GET', url: '/trpc/webhooks.list', headers: { authorization: `Bearer ${shown}` } });
    expect((await call()).statusCode).toBe(200);

    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, 'devapi-api-tokens-390');

    await page.getByRole('button', { name: 'Revoke Nightly export' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Revoked', { exact: true }).waitFor();
    const revoked = await call();
    expect([revoked.statusCode, revoked.json().error.message]).toEqual([401, 'This API token has been revoked']);

    // The same tokens under the profile's API tab.
    await page.setViewportSize({ width: 1280, height: 800 });
    const maraId = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, mara.email))))!.id;
    await page.goto(`/profile/${maraId}/api`);
    await page.getByRole('list', { name: 'API tokens' }).getByText('Nightly export').waitFor();
    await page.getByRole('button', { name: 'Create token' }).waitFor();
    await context.close();
  });

  it('adds a webhook, shows its signed deliveries, and turns it off', async () => {
    const receiver = await startReceiver();
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      await page.goto('/apps/developer/webhooks');
      await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
      await page.getByLabel('Endpoint URL').fill(receiver.url);
      await page.getByLabel('Description (optional)').fill('Discord bot');
      await page.getByRole('checkbox', { name: /tip\.received/ }).check();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const card = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: receiver.url }).first();
      await card.getByText('Discord bot').waitFor();

      await card.getByRole('button', { name: 'Reveal' }).click();
      const secret = (await card.getByText(/^whsec_[A-Za-z0-9_-]+$/).textContent())!;
      const maraRow = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, mara.email))))!;
      const eventId = await emitWebhookEvent(fixture.running.app.services, maraRow.id, 'tip.received', { amountCents: 700 });
      await receiver.waitFor(1);
      expect(receiver.received[0]!.body.id).toBe(eventId);
      expect(verifySignature(receiver.received[0]!.headers['cuepoint-signature'] as string, receiver.received[0]!.rawBody, secret)).toBe(true);

      await card.getByRole('button', { name: 'Show deliveries' }).click();
      const delivery = card.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
      await delivery.getByText('succeeded').waitFor();
      await delivery.getByText('tip.received').waitFor();
      await delivery.getByRole('button', { name: 'Details' }).click();
      await delivery.getByText(`Event id ${eventId}`).waitFor();

      await page.setViewportSize({ width: 390, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, 'devapi-webhooks-390');

      await card.getByRole('switch').click();
      await card.getByText('Off', { exact: true }).waitFor();
      await page.reload();
      await page.getByRole('list', { name: 'Webhooks' }).getByText('Off', { exact: true }).waitFor();
      expect(await emitWebhookEvent(fixture.running.app.services, maraRow.id, 'tip.received', {})).toBeNull();
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  it('/docs/api renders the OpenAPI document, lazily, and filters it', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    await page.getByLabel('Email or username').waitFor();
    const firstLoad = [...scripts];
    await page.goto('/docs/api');
    await page.getByRole('heading', { name: 'API reference' }).waitFor();
    await page.getByRole('article', { name: 'POST /api/user/login' }).waitFor();
    const docsChunks = scripts.filter((url) => !firstLoad.includes(url));
    expect(docsChunks.some((url) => url.includes('api-docs'))).toBe(true);
    expect(firstLoad.some((url) => url.includes('api-docs'))).toBe(false);

    const login = page.getByRole('article', { name: 'POST /api/user/login' });
    await login.getByText('userName').first().waitFor();
    await page.getByLabel('Filter operations').fill('emulate');
    await page.getByRole('article', { name: 'GET /api/user/emulate/{id}' }).getByText('scope: session').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
