import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@db/schema/users';
import { addOnExplanation, defaultProductFeatures } from '@server/domains/billing/billing.schemas';
import { planRefusals } from '@server/domains/billing/plan-access';
import { updateSettings } from '@server/domains/settings/settings.service';
import { productIds, products } from '@db/schema/billing';
import { firstRow } from '@db/store';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const { admin, mara } = seededLogins;

describe('plans that mean something', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  it('the plans page lists what each plan includes and explains "Add On"', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.goto('/product-page');
      await page.getByTestId('product-LIVE_STREAM').waitFor();
      for (const id of productIds) {
        const card = page.getByTestId(`product-${id}`);
        const features = await card.getByTestId('plan-features').getByRole('listitem').allInnerTexts();
        expect(features.map((text) => text.trim())).toEqual(defaultProductFeatures[id]);
        const note = card.getByTestId('add-on-note');
        if (id.endsWith('_ADD_ON')) expect(await note.innerText()).toContain(addOnExplanation);
        else expect(await note.count()).toBe(0);
      }
      await saveScreenshot(page, 'plans-features');
    } finally {
      await context.close();
    }
  });

  it('with "Features require a plan" on, a creator without a plan sees why on the calendar’s New event, with the plans link', async () => {
    const { db } = fixture.running.app.services;
    const adminId = (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))))!.id;
    await updateSettings(fixture.running.app.services, adminId, { group: 'general', values: { plansRequired: true } });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      await page.goto('/apps/calendar');
      await page.getByRole('heading', { name: 'Calendar' }).waitFor();
      await page.getByRole('button', { name: 'New event' }).click();
      const dialog = page.getByRole('dialog', { name: 'New event' });
      const notice = dialog.getByTestId('plan-required');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Creating events and going live need the LIVE STREAM plan.');
      // Trying anyway meets the same refusal from the server.
      await dialog.getByLabel('Event name').fill('Not without a plan');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect.poll(() => dialog.getByTestId('plan-required').innerText()).toContain(planRefusals.liveStream.split(' Choose')[0]);
      await saveScreenshot(page, 'plans-new-event-refused');
      await notice.getByRole('link', { name: 'Choose a plan' }).click();
      await page.waitForURL(/\/profile\/[^/]+\/subscriptions$/);
      const plan = page.getByTestId('plan-LIVE_STREAM');
      await plan.getByTestId('plan-features').waitFor();
      expect(await plan.innerText()).toContain(defaultProductFeatures.LIVE_STREAM[0]);
      expect(await page.getByTestId('plan-PODCAST_TITLE_ADD_ON').innerText()).toContain(addOnExplanation);
    } finally {
      await context.close();
      await updateSettings(fixture.running.app.services, adminId, { group: 'general', values: { plansRequired: null } });
    }
  });

  it('an admin edits what a plan lists (Settings → Plans) and grants a complimentary plan on the user page', async () => {
    const { db } = fixture.running.app.services;
    const maraId = (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.email, mara.email))))!.id;
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, admin.email, admin.password);
      await page.goto('/apps/settings/plans');
      const live = page.getByRole('form', { name: 'Live Stream includes' });
      await live.getByLabel('Live Stream includes (one per line)').fill('Unlimited events\nGo live in HD');
      await live.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Live Stream: what the plan includes was saved').waitFor();
      expect((await firstRow(db.select({ features: products.features }).from(products).where(eq(products.id, 'LIVE_STREAM'))))?.features).toEqual(['Unlimited events', 'Go live in HD']);

      await page.goto(`/apps/users/${maraId}/mara_quill`);
      const plans = page.getByTestId('user-plans');
      await plans.getByText('“Features require a plan” is off').waitFor();
      await plans.getByLabel('Grant a complimentary plan').selectOption('LIVE_STREAM');
      await plans.getByRole('button', { name: 'Grant' }).click();
      await plans.getByTestId('grant-LIVE_STREAM').waitFor();
      await saveScreenshot(page, 'plans-user-grant');
      await plans.getByTestId('grant-LIVE_STREAM').getByRole('button', { name: 'Revoke' }).click();
      await plans.getByTestId('grant-LIVE_STREAM').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
