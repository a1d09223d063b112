import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { users } from '@db/schema/users';
import { launchBrowser, newPage, saveScreenshot, seededLogins, startApp, type RunningApp } from './harness';
import { listenOidcProvider, startLocalJwks, type LocalJwks, type LocalOidcProvider } from '../helpers/identity-providers';
import { firstRow } from '@db/store';

/**
 * Social sign-in and the checkout-after-login rules, in Chromium against the real server:
 * - Apple: a local OpenID provider (oidc-provider's dev login and consent pages) in the real popup;
 * - Google: the Google Identity Services script (unreachable here) is replaced by a small fake
 *   with the same API whose account chooser hands the app ID tokens signed by a local JWKS.
 */

const { mara } = seededLogins;

const appleClientId = 'cuepoint.apple.e2e';
const appleClientSecret = 'apple-e2e-client-secret-0123456789abcdef';
const googleClientId = 'cuepoint-e2e.apps.googleusercontent.com';
const googleIssuer = 'https://accounts.google.test';

const activationMessage = 'Please wait for an admin to activate your account';

const applePeople = {
  mara: { email: mara.email, given_name: 'Mara', family_name: 'Quill' },
  orla: { email: 'orla.orchard@example.test', given_name: 'Orla', family_name: 'Orchard' },
  vera: { email: 'vera.viewer@example.test', given_name: 'Vera', family_name: 'Viewer' },
};

let apple: LocalOidcProvider;
let jwks: LocalJwks;
let running: RunningApp;
let browser: Browser;

beforeAll(async () => {
  apple = await listenOidcProvider({ clientId: appleClientId, clientSecret: appleClientSecret, people: applePeople });
  jwks = await startLocalJwks({ issuer: googleIssuer, audience: googleClientId });
  running = await startApp({
    APPLE_CLIENT_ID: appleClientId,
    APPLE_CLIENT_SECRET: appleClientSecret,
    APPLE_ISSUER: apple.issuer,
    GOOGLE_CLIENT_ID: googleClientId,
    GOOGLE_ISSUER: googleIssuer,
    GOOGLE_JWKS_URL: jwks.jwksUrl,
  });
  // The app is reached at its request origin (no PUBLIC_URL), so that is where Apple sends people back.
  await apple.start(`${running.url}/api/user/apple/callback`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await running?.close();
  await apple?.close();
  await jwks?.close();
});

const rowByEmail = (email: string) => firstRow(running.app.services.db.select().from(users).where(eq(users.email, email)));

/** Nothing leaves the machine: any https request (fonts on the provider's pages, Google) is refused. */
async function openPage(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, running.url);
  await opened.context.route(/^https:\/\//, (route) => route.abort());
  return opened;
}

/** The paths the tab shows, in order (history navigations of the single-page app included). */
function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (paths.at(-1) !== path) paths.push(path);
  });
  return paths;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

// ---------------------------------------------------------------------------------------------
// Apple

/** Clicks "Log in with Apple" (or the given button) and returns the popup with the URL it was opened at. */
async function openApplePopup(page: Page, button = 'Log in with Apple'): Promise<{ popup: Page; openedAt: string }> {
  const started = page.context().waitForEvent('request', (request) => new URL(request.url()).pathname === '/api/user/apple');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: button }).click()]);
  const request = await started;
  expect(request.frame().page()).toBe(popup);
  return { popup, openedAt: request.url() };
}

/** The local provider's dev pages: sign in as `login` (any password), then consent. */
async function signInAtProvider(popup: Page, login: keyof typeof applePeople): Promise<void> {
  await popup.getByRole('heading', { name: 'Sign-in' }).waitFor();
  await popup.getByPlaceholder('Enter any login').fill(login);
  await popup.getByPlaceholder('and password').fill('any-password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('heading', { name: 'Authorize' }).waitFor();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

describe('Apple sign-in (the 800×700 popup)', () => {
  it('an existing creator: the popup hands the session back, closes, and the page is signed in on /apps/calendar', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    await page.getByText('Your content. Your world.').waitFor();
    const { popup, openedAt } = await openApplePopup(page);
    expect(openedAt).toBe(`${running.url}/api/user/apple?host=${encodeURIComponent(running.url)}`);
    expect(popup.viewportSize()).toEqual({ width: 800, height: 700 });
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([800, 700]);
    // The provider's page, still with its opener (the app's pages must not sever it).
    await popup.getByRole('heading', { name: 'Sign-in' }).waitFor();
    expect(new URL(popup.url()).origin).toBe(apple.issuer);
    expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
    await saveScreenshot(popup, 'apple-popup-provider-login');

    await signInAtProvider(popup, 'mara');
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toMatch(/^ey/);
    expect((await rowByEmail(mara.email))?.appleSub).toBe('mara');
    await saveScreenshot(page, 'apple-signed-in');
    await context.close();
  });

  it('a new email: an inactive creator is created and the page says to wait for activation', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    const { popup } = await openApplePopup(page);
    await signInAtProvider(popup, 'orla');
    await toast(page, activationMessage).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();
    expect(await rowByEmail('orla.orchard@example.test')).toMatchObject({
      role: 'dj',
      isActive: false,
      appleSub: 'orla',
      firstName: 'Orla',
      lastName: 'Orchard',
      passwordHash: null,
    });
    await saveScreenshot(page, 'apple-pending-activation');
    await context.close();
  });

  it('cancelling at the provider shows "Cancelled login" and stays on /login', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    const { popup } = await openApplePopup(page);
    await popup.getByRole('heading', { name: 'Sign-in' }).waitFor();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('link', { name: '[ Cancel ]' }).click();
    await closed;
    await toast(page, 'Cancelled login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('closing the popup before signing in shows "Cancelled login"', async () => {
    const { context, page } = await openPage();
    await page.goto('/login');
    const { popup } = await openApplePopup(page);
    await popup.getByRole('heading', { name: 'Sign-in' }).waitFor();
    await popup.close();
    await toast(page, 'Cancelled login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// Google

interface GoogleAccount {
  email: string;
  credential: string;
}

/**
 * Serves a stand-in for https://accounts.google.com/gsi/client implementing the parts of
 * google.accounts.id the app uses: initialize, renderButton (a button with the text Google would
 * draw for its `text` option, opening an account chooser) and prompt. As with ux_mode "popup", the
 * chooser is a window of its own (so it also works over a modal dialog); choosing an account closes
 * it and calls the registered callback with that account's credential, as Google does.
 */
async function serveFakeGoogle(context: BrowserContext, accounts: GoogleAccount[]): Promise<{ wasServed: () => boolean }> {
  let served = false;
  const script = `(() => {
    const accounts = ${JSON.stringify(accounts)};
    const labels = { signin_with: 'Sign in with Google', signup_with: 'Sign up with Google', continue_with: 'Continue with Google', signin: 'Sign in' };
    let options = null;
    const id = {
      initialize(config) { options = config; window.__fakeGoogleInit = { client_id: config.client_id, ux_mode: config.ux_mode }; },
      prompt() {},
      renderButton(parent, buttonOptions) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = labels[(buttonOptions && buttonOptions.text) || 'signin_with'];
        button.addEventListener('click', () => {
          const chooser = window.open('', 'fake-google-chooser', 'width=500,height=600');
          chooser.document.title = 'Choose an account';
          const list = chooser.document.createElement('div');
          list.setAttribute('role', 'dialog');
          list.setAttribute('aria-label', 'Choose an account');
          for (const account of accounts) {
            const choice = chooser.document.createElement('button');
            choice.type = 'button';
            choice.textContent = account.email;
            choice.addEventListener('click', () => {
              options.callback({ credential: account.credential, select_by: 'btn' });
              setTimeout(() => chooser.close(), 50);
            });
            list.appendChild(choice);
          }
          chooser.document.body.appendChild(list);
        });
        parent.appendChild(button);
      },
    };
    window.google = { accounts: { id } };
  })();`;
  await context.route('https://accounts.google.com/gsi/client', (route: Route) => {
    served = true;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
  });
  return { wasServed: () => served };
}

/** Clicks Google's button (by the text it shows) and picks an account in the chooser window. */
async function chooseGoogleAccount(page: Page, email: string, buttonText = 'Sign in with Google'): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: buttonText }).click()]);
  const closed = chooser.waitForEvent('close');
  await chooser.getByRole('dialog', { name: 'Choose an account' }).getByRole('button', { name: email }).click();
  await closed;
}

describe('Google sign-in (Google Identity Services)', () => {
  it('an existing creator signs in and lands on /apps/calendar', async () => {
    const { context, page } = await openPage();
    const credential = await jwks.signIdToken({ sub: 'google-mara', email: mara.email, givenName: 'Mara', familyName: 'Quill' });
    const google = await serveFakeGoogle(context, [{ email: mara.email, credential }]);
    await page.goto('/login');
    await chooseGoogleAccount(page, mara.email);
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    expect(google.wasServed()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __fakeGoogleInit: unknown }).__fakeGoogleInit)).toEqual({
      client_id: googleClientId,
      ux_mode: 'popup',
    });
    expect((await rowByEmail(mara.email))?.googleSub).toBe('google-mara');
    await context.close();
  });

  it('a new email: an inactive creator is created and the page says to wait for activation', async () => {
    const { context, page } = await openPage();
    const email = 'gwen.newcomer@example.test';
    const credential = await jwks.signIdToken({ sub: 'google-gwen', email, givenName: 'Gwen', familyName: 'Newcomer' });
    await serveFakeGoogle(context, [{ email, credential }]);
    await page.goto('/login');
    await chooseGoogleAccount(page, email);
    await toast(page, activationMessage).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await rowByEmail(email)).toMatchObject({ role: 'dj', isActive: false, googleSub: 'google-gwen', firstName: 'Gwen', lastName: 'Newcomer' });
    await saveScreenshot(page, 'google-pending-activation');
    await context.close();
  });

  it('a tampered token: the page shows the status code and the server message, nothing is written', async () => {
    const { context, page } = await openPage();
    const honest = await jwks.signIdToken({ sub: 'google-honest', email: 'honest.person@example.test' });
    const [header, payload, signature] = honest.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: seededLogins.admin.email })).toString('base64url');
    await serveFakeGoogle(context, [{ email: 'honest.person@example.test', credential: `${header}.${forged}.${signature}` }]);
    await page.goto('/login');
    await chooseGoogleAccount(page, 'honest.person@example.test');
    await toast(page, '401: The Google sign-in could not be verified').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();
    expect(await rowByEmail('honest.person@example.test')).toBeUndefined();
    expect((await rowByEmail(seededLogins.admin.email))?.googleSub).toBeNull();
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// Viewers on an event page (roleId=viewer)

const eventPath = '/events/mara_quill';
const eventName = 'Around the Clock: deep house listening room';

/** A guest opens the event page (past its 2-second skeleton) and the viewer login dialog. */
async function openViewerLogin(page: Page) {
  await page.goto(eventPath);
  await page.getByRole('heading', { level: 1, name: eventName }).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  return page.getByRole('dialog', { name: 'Viewer login' });
}

const storedTokens = (page: Page) =>
  page.evaluate(() => ({ viewer: localStorage.getItem('cuepoint.viewerToken'), creator: localStorage.getItem('cuepoint.token') }));

describe('social sign-in for viewers (the event page dialogs)', () => {
  it('Google: a guest continues with Google in the viewer login dialog and is a viewer on the same event page', async () => {
    const { context, page } = await openPage();
    const paths = recordPaths(page);
    const email = 'gina.viewer@example.test';
    const credential = await jwks.signIdToken({ sub: 'google-gina', email, givenName: 'Gina', familyName: 'Watcher' });
    await serveFakeGoogle(context, [{ email, credential }]);
    const googleCalls: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/trpc/users.googleSignIn') googleCalls.push(request.postDataJSON());
    });
    const dialog = await openViewerLogin(page);
    await dialog.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await dialog.getByRole('button', { name: 'Continue with Apple' }).waitFor();
    await saveScreenshot(page, 'viewer-login-social');

    await chooseGoogleAccount(page, email, 'Continue with Google');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Viewer menu' }).getByText('Gina Watcher').waitFor();
    await toast(page, 'Welcome, Gina Watcher').waitFor();
    expect(googleCalls).toEqual([{ tokenId: credential, roleId: 'viewer' }]);
    // Still the event page, signed in as a viewer (the viewer's own token), not in the creator dashboard.
    expect(new URL(page.url()).pathname).toBe(eventPath);
    expect(paths).toEqual([eventPath]);
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor();
    const tokens = await storedTokens(page);
    expect(tokens.viewer).toMatch(/^ey/);
    expect(tokens.creator).toBeNull();
    expect(await rowByEmail(email)).toMatchObject({ role: 'viewer', isActive: true, googleSub: 'google-gina', firstName: 'Gina', lastName: 'Watcher', passwordHash: null });
    await saveScreenshot(page, 'viewer-google-signed-in');

    // A reload keeps the viewer (alive with the viewer token).
    await page.reload();
    await page.getByRole('button', { name: 'Viewer menu' }).getByText('Gina Watcher').waitFor();
    await context.close();
  });

  it('Apple: a guest continues with Apple in the register dialog (roleId=viewer in the popup) and is a viewer on the page', async () => {
    const { context, page } = await openPage();
    await page.goto(eventPath);
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a viewer account' });
    const { popup, openedAt } = await openApplePopup(page, 'Continue with Apple');
    expect(openedAt).toBe(`${running.url}/api/user/apple?host=${encodeURIComponent(running.url)}&roleId=viewer`);
    await signInAtProvider(popup, 'vera');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Viewer menu' }).getByText('Vera Viewer').waitFor();
    expect(new URL(page.url()).pathname).toBe(eventPath);
    const tokens = await storedTokens(page);
    expect(tokens.viewer).toMatch(/^ey/);
    expect(tokens.creator).toBeNull();
    expect(await rowByEmail('vera.viewer@example.test')).toMatchObject({ role: 'viewer', isActive: true, appleSub: 'vera' });
    await context.close();
  });

  it("a creator's Google account is not taken as a viewer: the dialog stays, nothing is stored", async () => {
    const { context, page } = await openPage();
    const credential = await jwks.signIdToken({ sub: 'google-mara', email: mara.email });
    await serveFakeGoogle(context, [{ email: mara.email, credential }]);
    const dialog = await openViewerLogin(page);
    await chooseGoogleAccount(page, mara.email, 'Continue with Google');
    await toast(page, 'This account is not a viewer account. Creators sign in at /login.').waitFor();
    await dialog.waitFor();
    expect(await page.getByRole('button', { name: 'Viewer menu' }).count()).toBe(0);
    expect(await storedTokens(page)).toEqual({ viewer: null, creator: null });
    await context.close();
  });
});

describe('social sign-in for viewers when no provider is configured', () => {
  let bare: RunningApp;
  beforeAll(async () => {
    bare = await startApp();
  });
  afterAll(async () => bare?.close());

  it('the viewer dialogs offer neither Google nor Apple', async () => {
    const { context, page } = await newPage(browser, bare.url);
    await context.route(/^https:\/\//, (route) => route.abort());
    const dialog = await openViewerLogin(page);
    await dialog.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await dialog.getByTestId('viewer-social-sign-in').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /Google|Apple/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Create a viewer account' }).click();
    const register = page.getByRole('dialog', { name: 'Create a viewer account' });
    await register.getByRole('button', { name: 'Register' }).waitFor();
    expect(await register.getByRole('button', { name: /Google|Apple/ }).count()).toBe(0);
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// Checkout after login, and the login page's loading state

describe('checkout rules after login', () => {
  it('LIVE_STREAM ("Start Live"): signing in goes to / and on to /apps/calendar', async () => {
    const { context, page } = await openPage();
    const paths = recordPaths(page);
    await page.goto('/product-page');
    await page.getByTestId('product-LIVE_STREAM').getByRole('link', { name: 'Start Live' }).click();
    await page.waitForURL('**/checkout/LIVE_STREAM/check-email');
    await page.getByLabel('Email', { exact: true }).fill(mara.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(mara.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    expect(paths).toEqual(['/product-page', '/checkout/LIVE_STREAM/check-email', '/', '/apps/calendar']);
    expect(await page.evaluate(() => sessionStorage.getItem('cuepoint.checkoutProduct'))).toBeNull();
    await context.close();
  });

  it('another product: signing in replaces the route with its payment page, so Back does not return to the login form', async () => {
    const { context, page } = await openPage();
    const paths = recordPaths(page);
    await page.goto('/product-page');
    await page.getByTestId('product-PODCAST_TITLE_ADD_ON').getByRole('link', { name: 'BUY NOW' }).click();
    await page.waitForURL('**/checkout/PODCAST_TITLE_ADD_ON/check-email');
    await page.getByLabel('Email', { exact: true }).fill(mara.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(mara.password);
    const entriesBefore = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/checkout/PODCAST_TITLE_ADD_ON/payment');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(entriesBefore);

    // Back skips the replaced check-email entry: the plans page (guests only) sends the signed-in creator home.
    const afterPayment = paths.length;
    await page.goBack();
    await page.waitForURL('**/apps/calendar');
    expect(paths.slice(afterPayment)).toEqual(['/product-page', '/', '/apps/calendar']);
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('a product picked before a social sign-in on /login: Google sign-in goes to its payment page', async () => {
    const { context, page } = await openPage();
    const credential = await jwks.signIdToken({ sub: 'google-mara', email: mara.email });
    await serveFakeGoogle(context, [{ email: mara.email, credential }]);
    await page.goto('/product-page');
    await page.getByTestId('product-PODCAST_VIDEO_TITLE').getByRole('link', { name: 'BUY NOW' }).click();
    await page.waitForURL('**/checkout/PODCAST_VIDEO_TITLE/check-email');
    await page.getByRole('link', { name: 'Back to plans' }).click();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.waitForURL('**/login');
    const entriesBefore = await page.evaluate(() => history.length);
    await chooseGoogleAccount(page, mara.email);
    await page.waitForURL('**/checkout/PODCAST_VIDEO_TITLE/payment');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(entriesBefore);
    expect(await page.evaluate(() => sessionStorage.getItem('cuepoint.checkoutProduct'))).toBeNull();
    await context.close();
  });

  it('/login shows a spinner until the products list has loaded, then the form', async () => {
    const { context, page } = await openPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const heldRequest = new Promise<void>((resolve) => {
      void page.route(
        (url) => url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes('billing.products'),
        async (route) => {
          held = true;
          resolve();
          await released;
          await route.continue();
        },
      );
    });
    await page.goto('/login');
    await heldRequest;
    const spinner = page.getByRole('status').filter({ hasText: 'Loading' });
    await spinner.waitFor();
    expect(held).toBe(true);
    expect(await page.getByLabel('Email or username').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
    await saveScreenshot(page, 'login-loading-products');
    release();
    await page.getByLabel('Email or username').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await spinner.count()).toBe(0);
    await context.close();
  });
});
