import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { authMessages } from '@server/domains/users/users.schemas';
import { invoices, users } from '@db/schema/users';
import { newId } from '@server/lib/ids';
import { createUser, testPassword } from '../helpers/app';
import { fillLogin, login, newPage, saveScreenshot, seededLogins, submitLogin, useBrowserApp } from './harness';
import { firstRow } from '@db/store';

const { admin, mara, pending } = seededLogins;

describe('web app: sign-in, guard, shell', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000' });

  it('logs a creator in: lands on /apps/calendar showing the display name', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/login');
    await page.getByText('Your content. Your world.').waitFor();
    const loginButton = page.getByRole('button', { name: 'Login' });
    expect(await loginButton.isDisabled()).toBe(true);
    await page.getByLabel('Email or username').fill('ab');
    await page.getByText('Min character length is 4').first().waitFor();
    await fillLogin(page, mara.email, mara.password);
    expect(await loginButton.isEnabled()).toBe(true);
    await saveScreenshot(page, 'login');
    await loginButton.click();
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    // The user menu shows the role as people read it: a dj is a creator.
    await page.getByRole('button', { name: 'User menu' }).getByText('Creator', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toMatch(/^ey/);
    // Navigation hides admin items from a creator.
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await nav.getByRole('link', { name: 'Podcasts' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await saveScreenshot(page, 'calendar-shell');
    await context.close();
  });

  it('shows each login error: wrong password and the inactive account text', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await submitLogin(page, mara.email, 'wrong-password');
    await page.getByText('Invalid email/password').waitFor();
    await fillLogin(page, pending.email, pending.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Your account has not been validated. We will send you an email once your account is ready.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('a deactivated account: the login form and the viewer login dialog show the server’s text under the email field', async () => {
    const { app } = fixture.running;
    const deactivated = { isActive: false, deactivatedAt: new Date().toISOString() };
    const creator = await createUser(app, { role: 'dj', email: 'gone.creator@example.test', ...deactivated });
    const viewer = await createUser(app, { role: 'viewer', email: 'gone.viewer@example.test', ...deactivated });
    /** The message under a field: the text its input names through aria-describedby. */
    const describedBy = (scope: Pick<Page, 'getByLabel'>, label: string) =>
      scope.getByLabel(label, { exact: true }).evaluate((input) => {
        const id = input.getAttribute('aria-describedby');
        return id ? (document.getElementById(id)?.textContent ?? null) : null;
      });

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    // The wrong password first: the credentials' error sits under the password, the account is not revealed.
    await submitLogin(page, creator.email, 'wrong-password');
    await page.getByText(authMessages.invalidLogin).waitFor();
    expect(await describedBy(page, 'Password')).toBe(authMessages.invalidLogin);
    expect(await describedBy(page, 'Email or username')).toBeNull();
    await page.getByLabel('Password', { exact: true }).fill(testPassword);
    expect(await page.getByText(authMessages.invalidLogin).count()).toBe(0);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(authMessages.accountDeactivated).waitFor();
    expect(await describedBy(page, 'Email or username')).toBe('This account has been deactivated. Contact the site admin.');
    expect(await describedBy(page, 'Password')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Editing either field clears it.
    await page.getByLabel('Password', { exact: true }).fill(`${testPassword}x`);
    await page.getByText(authMessages.accountDeactivated).waitFor({ state: 'detached' });
    // The creator still waiting for a first activation keeps the spec's 503 text, also under the account's field.
    await fillLogin(page, pending.email, pending.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(authMessages.notValidated).waitFor();
    expect(await describedBy(page, 'Email or username')).toBe(authMessages.notValidated);
    await saveScreenshot(page, 'login-deactivated');

    await page.goto('/events/mara_quill');
    await page.getByRole('button', { name: 'Login' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Viewer login' });
    await dialog.getByLabel('Email', { exact: true }).fill(viewer.email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByText(authMessages.invalidViewerLogin).waitFor();
    expect(await describedBy(dialog, 'Password')).toBe(authMessages.invalidViewerLogin);
    await dialog.getByLabel('Password', { exact: true }).fill(testPassword);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByText(authMessages.accountDeactivated).waitFor();
    expect(await describedBy(dialog, 'Email')).toBe('This account has been deactivated. Contact the site admin.');
    expect(await describedBy(dialog, 'Password')).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.viewerToken'))).toBeNull();
    await saveScreenshot(page, 'viewer-login-deactivated');
    await context.close();
  });

  it('says why a social sign-in is unavailable: a tooltip on hover and on keyboard focus', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Sign in with Google' });
    expect(await google.isDisabled()).toBe(true);
    expect(await page.getByRole('tooltip').count()).toBe(0);

    await google.hover();
    const googleTip = page.getByRole('tooltip').filter({ hasText: 'Google sign-in is not configured' });
    await googleTip.waitFor();
    const [tip, button] = [(await googleTip.boundingBox())!, (await google.boundingBox())!];
    expect(tip.y + tip.height).toBeLessThanOrEqual(button.y);
    await page.mouse.move(0, 0);
    await googleTip.waitFor({ state: 'detached' });

    // The Apple button's focusable wrapper: described by the tooltip while it shows; Escape closes it.
    const appleTrigger = page.getByRole('button', { name: 'Log in with Apple' }).locator('..');
    await appleTrigger.focus();
    const appleTip = page.getByRole('tooltip').filter({ hasText: 'Apple sign-in is not configured' });
    await appleTip.waitFor();
    expect(await appleTrigger.getAttribute('aria-describedby')).toBe(await appleTip.getAttribute('id'));
    await page.keyboard.press('Escape');
    await appleTip.waitFor({ state: 'detached' });
    expect(await appleTrigger.getAttribute('aria-describedby')).toBeNull();
    await context.close();
  });

  it('an expired stored token signs out at start with the "access_token expired" toast', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/login');
    const expired = [{ alg: 'HS256', typ: 'JWT' }, { sub: 'someone', exp: 1 }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.');
    await page.evaluate((token) => localStorage.setItem('cuepoint.token', token), `${expired}.signature`);
    await page.goto('/apps/calendar');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'access_token expired' }).waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();
    await context.close();
  });

  it('registration: validation messages, then success toast and back to /login', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/register?referrerId=nobody');
    await page.getByRole('heading', { name: 'CREATE AN ACCOUNT' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Creator tag').fill('a-b');
    await page.getByLabel('Password', { exact: true }).fill('longenough1');
    await page.getByLabel('Confirm password').fill('different1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter a valid email').waitFor();
    await page.getByText('Min character length is 1').first().waitFor();
    await page.getByText('Min character length is 5').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Creator tag').fill('a-b-c-d');
    await page.getByText('Please use only letters, numbers and underscores').waitFor();
    await saveScreenshot(page, 'register');

    // Server-side field errors: email and creator tag already taken.
    await page.getByLabel('Email', { exact: true }).fill(mara.email);
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Creator tag').fill('mara_quill');
    await page.getByLabel('Confirm password').fill('longenough1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This email is already registered').waitFor();

    await page.getByLabel('Email').fill('nia@example.test');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This creator tag is already taken').waitFor();

    await page.getByLabel('Creator tag').fill('nia_okafor');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Creator activation is on (the default): the new creator is told to wait, never that the account is ready.
    await page.getByText('Please wait for an admin to activate your account').waitFor();
    await page.getByText('We will send you an email once your account is ready.').waitFor();
    expect(await page.getByText('Your account is ready! Please log in to start.').count()).toBe(0);
    await page.waitForURL('**/login');
    const row = await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, 'nia@example.test')));
    expect(row).toMatchObject({ creatorTag: 'nia_okafor', role: 'dj', isActive: false, firstName: 'Nia', lastName: 'Okafor' });
    await context.close();
  });

  it('guard: a guest opening /apps/users?x=1 logs in as admin and returns there; a creator is sent to /', async () => {
    const guest = await newPage(fixture.browser, fixture.running.url);
    await guest.page.goto('/apps/users?x=1');
    await guest.page.waitForURL((url) => url.pathname === '/login');
    await fillLogin(guest.page, admin.email, admin.password);
    await guest.page.getByRole('button', { name: 'Login' }).click();
    await guest.page.waitForURL((url) => url.pathname === '/apps/users' && url.search === '?x=1');
    await guest.page.getByRole('heading', { name: 'Users' }).waitFor();
    await guest.context.close();

    const creator = await newPage(fixture.browser, fixture.running.url);
    await login(creator.page, mara.email, mara.password);
    await creator.page.waitForURL('**/apps/calendar');
    await creator.page.goto('/apps/users');
    await creator.page.waitForURL('**/apps/calendar');
    expect(await creator.page.getByRole('heading', { name: 'Users' }).count()).toBe(0);
    await creator.context.close();
  });

  it('at start-up only a 401 ends the session: a 503 from alive keeps it and the check is tried again', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, mara.email, mara.password);
    await page.waitForURL('**/apps/calendar');
    // The start-up check is the users.alive procedure, sent on its own.
    const aliveCall = (url: URL) => url.pathname === '/trpc/users.alive';
    let refusals = 0;
    await page.route(aliveCall, async (route) => {
      if (refusals < 2) {
        refusals += 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable' }) });
      }
      return route.continue();
    });
    await page.reload();
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor({ timeout: 15_000 });
    expect(refusals).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toMatch(/^ey/);
    expect(await page.getByText('Invalid access_token').count()).toBe(0);

    await page.unroute(aliveCall);
    await page.route(aliveCall, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Invalid access_token' }) }));
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();
    await context.close();
  });

  it('unknown paths go to /pages/errors/error-404', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/no/such/page');
    await page.waitForURL('**/pages/errors/error-404');
    await context.close();
  });

  it('admin emulates Mara from /apps/users, sees her name, then exits back to admin', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(admin.name).waitFor();
    await page.goto('/apps/users');
    await page.getByRole('button', { name: `Emulate ${mara.name}` }).click();
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('cuepoint.originalToken'))).toMatch(/^ey/);
    // The emulation stays in this tab: another tab of the same browser is still the admin, without a banner.
    const otherTab = await context.newPage();
    await otherTab.goto('/apps/calendar');
    await otherTab.getByTestId('user-display-name').getByText(admin.name).waitFor();
    expect(await otherTab.getByTestId('user-display-name').getByText(mara.name).count()).toBe(0);
    await otherTab.close();
    await page.reload();
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Exit Emulate' }).click();
    await page.waitForURL('**/apps/users');
    await page.getByTestId('user-display-name').getByText(admin.name).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('cuepoint.originalToken'))).toBeNull();
    await page.getByRole('button', { name: 'User menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Exit Emulate' }).count()).toBe(0);
    await context.close();
  });

  it('a staff account’s menu leads only to pages that open for it: Change Password and Profile open', async () => {
    const staff = await createUser(fixture.running.app, { role: 'staff', email: 'staff.menu@example.test', displayName: 'Sam Staff' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, staff.email, testPassword);
    await page.getByTestId('user-display-name').getByText('Sam Staff').waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await page.waitForURL(`**/apps/users/${staff.id}/change-password`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`**/profile/${staff.id}**`);
    expect(await page.getByLabel('Email').inputValue()).toBe(staff.email);
    await context.close();
  });

  it('unpaid-invoice banner: text, Manage link, survives a click elsewhere, dismissed by its button', async () => {
    const { db } = fixture.running.app.services;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    await db.insert(invoices).values({ id: newId(), userId: maraRow.id, amountCents: 2999, status: 'open' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, mara.email, mara.password);
    await page.waitForURL('**/apps/calendar');
    const banner = page.getByTestId('unpaid-banner');
    await banner.getByText('There are outstanding payments on your subscription(s).').waitFor();
    expect(await banner.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(`/profile/${maraRow.id}/subscriptions`);
    await page.getByRole('heading', { name: 'Calendar', exact: true }).click();
    expect(await banner.isVisible()).toBe(true);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('plans page: one card per product with labels, prices and setup fee; BUY NOW goes to check-email', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/product-page');
    await page.getByRole('heading', { name: 'Subscription Plans and Pricing' }).waitFor();
    await page.getByTestId('product-PODCAST_TITLE').waitFor();
    const podcast = page.getByTestId('product-PODCAST_TITLE');
    await podcast.getByRole('heading', { name: 'PODCAST', exact: true }).waitFor();
    expect(await podcast.innerText()).toContain('$9.99');
    expect(await podcast.innerText()).toContain('$19.99 one-time setup fee');
    const live = page.getByTestId('product-LIVE_STREAM');
    await live.getByRole('heading', { name: 'LIVE STREAM' }).waitFor();
    expect(await live.innerText()).not.toContain('setup fee');
    await page.getByTestId('product-PODCAST_VIDEO_TITLE_ADD_ON').getByRole('heading', { name: 'PODCAST VIDEO + ADD ON' }).waitFor();
    await page.getByRole('link', { name: 'Back to login' }).waitFor();
    await saveScreenshot(page, 'product-page');
    await live.getByRole('link', { name: 'Start Live' }).waitFor();
    await podcast.getByRole('link', { name: 'BUY NOW' }).click();
    await page.waitForURL('**/checkout/PODCAST_TITLE/check-email');
    // Existing account: the login form, then the payment screen's honest empty state.
    await page.getByLabel('Email', { exact: true }).fill(mara.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(mara.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/checkout/PODCAST_TITLE/payment');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await context.close();
  });
});
