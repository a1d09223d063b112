import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { profileMessages } from '@server/domains/profile/profile.schemas';
import { forbiddenMessage } from '@server/trpc/init';
import { visibleNavigation, visibleSampleApps } from '@web/features/shell/navigation';
import { createUser, testPassword } from '../helpers/app';
import { login, newPage, saveScreenshot, useBrowserApp } from './harness';

/**
 * "No dead menu items": a staff and a `user` account open every item of their user menu (Change Password and Profile,
 * for their own account) and of the navigation, and each page opens for them: no redirect away, no refusal.
 */

async function settledPath(page: Page): Promise<string> {
  // The route guard redirects right after the page's first render: give it time to.
  await page.waitForLoadState('load');
  await page.waitForTimeout(700);
  return new URL(page.url()).pathname;
}

async function expectNoRefusal(page: Page, where: string): Promise<void> {
  const refusals = await page.getByText(forbiddenMessage).count();
  expect(refusals, `${where}: "${forbiddenMessage}" on the page`).toBe(0);
  expect(await page.getByText('could not be loaded').count(), `${where}: a load failure`).toBe(0);
}

describe('menus lead to pages their reader may open (staff and user accounts)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  for (const role of ['staff', 'user'] as const) {
    it(`a ${role} account opens every user menu item and its own profile`, async () => {
      const account = await createUser(fixture.running.app, { role, email: `menus-${role}@example.test`, displayName: `Menu ${role}`, firstName: 'Menu', lastName: role });
      const { context, page } = await newPage(fixture.browser, fixture.running.url);
      try {
        await login(page, account.email, testPassword);
        await page.getByRole('button', { name: 'User menu' }).waitFor();

        await page.getByRole('button', { name: 'User menu' }).click();
        const items = (await page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
        expect(items).toEqual(['Change Password', 'Profile', 'Logout']);
        await page.keyboard.press('Escape');

        // Change Password: the form, on the caller's own page.
        await page.getByRole('button', { name: 'User menu' }).click();
        await page.getByRole('menuitem', { name: 'Change Password' }).click();
        await page.getByRole('form', { name: 'Change password' }).waitFor();
        expect(await settledPath(page)).toBe(`/apps/users/${account.id}/change-password`);
        await expectNoRefusal(page, 'Change Password');

        // Profile: their names, email (read-only) and photo; no creator fields, no plan or API tabs.
        await page.getByRole('button', { name: 'User menu' }).click();
        await page.getByRole('menuitem', { name: 'Profile' }).click();
        const about = page.getByRole('form', { name: 'About' });
        await about.waitFor();
        expect(await settledPath(page)).toBe(`/profile/${account.id}`);
        await expectNoRefusal(page, 'Profile');
        expect(await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link').allInnerTexts()).toEqual(['About', 'Security']);
        expect(await about.getByLabel('Email').inputValue()).toBe(account.email);
        expect(await about.getByLabel('Email').isDisabled()).toBe(true);
        for (const creatorField of ['Stream source', 'Description', 'Creator tag']) expect(await about.getByLabel(creatorField).count(), creatorField).toBe(0);
        expect(await page.getByText('Mail notices').count()).toBe(0);
        await page.getByLabel('Profile picture').waitFor({ state: 'attached' });

        await about.getByLabel('Display name').fill(`Renamed ${role}`);
        await about.getByRole('button', { name: 'Save profile' }).click();
        await page.getByText(profileMessages.saved).waitFor();
        await expect.poll(async () => (await firstRow(fixture.running.app.services.db.select({ name: users.displayName }).from(users).where(eq(users.id, account.id))))?.name).toBe(`Renamed ${role}`);
        await page.getByTestId('user-display-name').getByText(`Renamed ${role}`).waitFor();

        // Security tab: the change-password form; a creator-only tab in the address leads back to About.
        await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Security' }).click();
        await page.getByRole('form', { name: 'Change password' }).waitFor();
        await page.goto(`/profile/${account.id}/subscriptions`);
        await about.waitFor();
        expect(await settledPath(page)).toBe(`/profile/${account.id}/about`);
        await saveScreenshot(page, `menus-${role}-profile`);
      } finally {
        await context.close();
      }
    });

    it(`a ${role} account opens every page its navigation offers`, async () => {
      const account = await createUser(fixture.running.app, { role, email: `menus-nav-${role}@example.test` });
      const { context, page } = await newPage(fixture.browser, fixture.running.url);
      try {
        await login(page, account.email, testPassword);
        const links = [...visibleNavigation([role]), ...visibleSampleApps([role])];
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) {
          await page.goto(link.url);
          expect(await settledPath(page), `${role} stays on ${link.url}`).toBe(link.url);
          await expectNoRefusal(page, link.url);
        }
      } finally {
        await context.close();
      }
    }, 240_000);
  }
});
