import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { firstRow } from '@db/store';
import { termsAcceptances, termsDocuments, users } from '@db/schema/users';
import { createUser, testPassword } from '../helpers/app';
import { fillLogin, login, newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';


const { admin, mara } = seededLogins;

/** Every test signs in several times from the same loopback address: lift the per-IP limits for this file. */
const roomyLimits = { LOGIN_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000' };

/** The mails written to DATA_DIR/outbox, oldest first. */
function outbox(running: RunningApp): { to: string; subject: string; text: string }[] {
  const folder = join(running.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { to: string; subject: string; text: string });
}

/** The reset link of the newest mail to `email`, as a path with its query (the server's public URL may differ from the test port). */
async function resetLinkFor(running: RunningApp, email: string, before: number): Promise<string> {
  let mails = outbox(running).filter((mail) => mail.to === email);
  for (let attempt = 0; mails.length <= before && attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mails = outbox(running).filter((mail) => mail.to === email);
  }
  expect(mails.length).toBe(before + 1);
  const mail = mails.at(-1)!;
  expect(mail.subject).toBe('Reset your Cuepoint password');
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Whether the focused element is inside `container`. */
function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    if (element instanceof HTMLInputElement && element.labels?.[0]) return `input:${element.labels[0].textContent?.trim() ?? ''}`;
    return `${element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}`;
  });
}

describe('web app: terms dialog', () => {
  const fixture = useBrowserApp(roomyLimits, { terms: true });

  it('opens for a creator with pending terms (not on login, terms, privacy), pages through the PDF, traps focus; Accept stores the acceptance', async () => {
    const { db } = fixture.running.app.services;
    const maraRow = (await firstRow(db.select().from(users).where(eq(users.email, mara.email))))!;
    const document = (await firstRow(db.select().from(termsDocuments)))!;
    expect(document.pdfUrl).toBeTruthy();
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, maraRow.id))).toHaveLength(0);

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/login');
    await page.getByText('Your content. Your world.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await fillLogin(page, mara.email, mara.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/apps/calendar');

    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await dialog.waitFor();
    // Mara never accepted any terms: the first prompt, not "updated".
    await dialog.getByText('Please read and accept the terms and conditions to continue.').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(850);
    expect(await dialog.evaluate((element) => getComputedStyle(element).maxWidth)).toBe('850px');
    // The first page is drawn, then the second one differs from it.
    await dialog.getByText('Page 1 of 2').waitFor();
    const canvas = dialog.locator('canvas[aria-label="Page 1 of 2"][data-rendering="false"]');
    await canvas.waitFor();
    const firstPage = await canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());
    expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'terms-dialog');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Page 2 of 2').waitFor();
    const secondCanvas = dialog.locator('canvas[aria-label="Page 2 of 2"][data-rendering="false"]');
    await secondCanvas.waitFor();
    expect(await secondCanvas.evaluate((element: HTMLCanvasElement) => element.toDataURL())).not.toBe(firstPage);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Download: the same PDF the dialog shows.
    const download = dialog.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('href')).toBe(document.pdfUrl);
    expect(await download.getAttribute('download')).not.toBeNull();
    const pdf = await page.request.get(document.pdfUrl);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Focus stays inside the dialog, forwards and backwards; Escape and a click outside do not close it.
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(dialog)).toBe(true);
    }
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInside(dialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);

    // Not over the terms and privacy pages.
    await page.getByRole('dialog').waitFor();
    await page.goto('/terms-and-conditions');
    await page.getByRole('heading', { name: 'Terms and Conditions', level: 1 }).waitFor();
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // A signed-in user opening /login is sent on to the app, where the dialog is back.
    await page.goto('/login');
    await page.waitForURL('**/apps/calendar');
    await dialog.waitFor();
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, maraRow.id))).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'detached' });
    const rows = await db
      .select()
      .from(termsAcceptances)
      .where(and(eq(termsAcceptances.userId, maraRow.id), eq(termsAcceptances.termsId, document.id)));
    expect(rows).toHaveLength(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('an admin emulating a creator cannot accept for them: Accept is disabled with the reason; they may continue without accepting', async () => {
    const { db } = fixture.running.app.services;
    const document = (await firstRow(db.select().from(termsDocuments)))!;
    const adminRow = (await firstRow(db.select().from(users).where(eq(users.email, admin.email))))!;
    await db.insert(termsAcceptances).values({ userId: adminRow.id, termsId: document.id }).onConflictDoNothing();
    const nova = await createUser(fixture.running.app, { role: 'dj', displayName: 'Nova Emulated' });

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/apps/calendar');
    await page.goto('/apps/users');
    await page.getByPlaceholder('Name, email or creator tag').fill('Nova Emulated');
    await page.getByRole('button', { name: 'Emulate Nova Emulated' }).click();
    await page.waitForURL('**/apps/calendar');
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await dialog.getByText('Only Nova Emulated can accept the terms').waitFor();
    expect(await dialog.getByRole('button', { name: 'Accept', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Continue without accepting' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('user-display-name').getByText('Nova Emulated').waitFor();
    expect(await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, nova.id))).toHaveLength(0);
    await context.close();
  });

  it('admin publishes a new terms PDF from /apps/terms-and-conditions; creators are asked again', async () => {
    const { db } = fixture.running.app.services;
    const tobin = (await firstRow(db.select().from(users).where(eq(users.email, 'tobin@cuepoint.local'))))!;
    const before = await db.select().from(termsDocuments);
    expect(before).toHaveLength(1);
    // Tobin has accepted the current version already.
    await db.insert(termsAcceptances).values({ userId: tobin.id, termsId: before[0]!.id });

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/apps/calendar');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.waitForURL('**/apps/terms-and-conditions');
    await page.getByRole('heading', { name: 'Published versions' }).waitFor();
    const rows = page.locator('tbody tr');
    await rows.first().getByRole('link', { name: 'Current version' }).waitFor();
    expect(await rows.count()).toBe(1);
    const accepted = (await db.select().from(termsAcceptances).where(eq(termsAcceptances.termsId, before[0]!.id))).length;
    expect(await rows.first().locator('td').last().innerText()).toBe(String(accepted));

    // Not a PDF: refused with the server's message, nothing published.
    const input = page.getByLabel('PDF file');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await page.getByText('This file type is not allowed here').waitFor();
    expect(await db.select().from(termsDocuments)).toHaveLength(1);

    const pdf = await PDFDocument.create();
    pdf.addPage([400, 400]).drawText('Cuepoint terms, version two', { x: 40, y: 340, size: 14 });
    await input.setInputFiles({ name: 'terms-v2.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await page.getByText('PDF saved').waitFor();
    await rows.nth(1).getByRole('link', { name: 'Version 1' }).waitFor();
    expect(await rows.count()).toBe(2);
    const after = await db.select().from(termsDocuments);
    expect(after).toHaveLength(2);
    const newest = after.find((document) => document.id !== before[0]!.id)!;
    expect(await rows.first().getByRole('link', { name: 'Current version' }).getAttribute('href')).toBe(newest.pdfUrl);
    expect(await rows.first().locator('td').last().innerText()).toBe('0');
    await context.close();

    // Tobin accepted the old version only: the dialog shows the new one-page document.
    const creator = await newPage(fixture.browser, fixture.running.url);
    await login(creator.page, 'tobin@cuepoint.local', 'cuepoint-demo');
    const dialog = creator.page.getByRole('dialog', { name: 'Terms and Conditions' });
    await dialog.getByText('Page 1 of 1').waitFor();
    await dialog.getByText('Please read and accept the updated terms and conditions to continue.').waitFor();
    expect(await dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(newest.pdfUrl);
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await db.select().from(termsAcceptances).where(and(eq(termsAcceptances.userId, tobin.id), eq(termsAcceptances.termsId, newest.id)))).toHaveLength(1);
    await creator.context.close();
  });
});

describe('web app: pages, checkout, shell', () => {
  const fixture = useBrowserApp(roomyLimits);

  it('forgot password → mail in the outbox → reset → login with the new password; the link works once', async () => {
    const user = await createUser(fixture.running.app, { role: 'dj', email: 'reset-me@example.test', firstName: 'Rosa', displayName: 'Rosa Reset' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/pages/auth/forgot-password');
    await page.getByRole('heading', { name: 'Recover your password' }).waitFor();
    const send = page.getByRole('button', { name: 'Send reset link' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(user.email);
    await saveScreenshot(page, 'forgot-password');
    await send.click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByText(user.email).waitFor();

    const link = await resetLinkFor(fixture.running, user.email, 0);
    expect(link).toMatch(/^\/pages\/auth\/reset-password\?token=/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('New password').fill('brand-new-secret');
    await page.getByLabel('Confirm password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Go to login' }).click();
    await page.waitForURL('**/login');

    // The old password is refused, the new one signs in.
    await fillLogin(page, user.email, testPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email/password').waitFor();
    await fillLogin(page, user.email, 'brand-new-secret');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText('Rosa Reset').waitFor();
    await context.close();

    // Second use of the same link: refused with a clear message, the password stays.
    const again = await newPage(fixture.browser, fixture.running.url);
    await again.page.goto(link);
    await again.page.getByLabel('New password').fill('another-secret');
    await again.page.getByLabel('Confirm password').fill('another-secret');
    await again.page.getByRole('button', { name: 'Reset my password' }).click();
    await again.page.getByRole('alert').getByText('This reset link is invalid or has expired').waitFor();
    await again.page.getByRole('link', { name: 'Request a new link' }).waitFor();
    const answer = await again.page.request.post('/api/user/login', { data: { userName: user.email, password: 'brand-new-secret' } });
    expect(answer.status()).toBe(200);
    await again.context.close();
  });

  it('forgot-password-2 sends a link to reset-password-2, whose form sets the password; an unknown email gets the same answer', async () => {
    const user = await createUser(fixture.running.app, { role: 'dj', email: 'reset-two@example.test' });
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/pages/auth/forgot-password-2');
    await page.getByRole('heading', { name: 'Recover your password' }).waitFor();
    await page.getByText('Your content.').waitFor();
    await page.getByLabel('Email').fill('nobody-here@example.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(outbox(fixture.running).filter((mail) => mail.to === 'nobody-here@example.test')).toHaveLength(0);

    await page.goto('/pages/auth/forgot-password-2');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const link = await resetLinkFor(fixture.running, user.email, 0);
    expect(link).toMatch(/^\/pages\/auth\/reset-password-2\?token=/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('New password').fill('second-style-secret');
    await page.getByLabel('Confirm password').fill('second-style-secret');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    const answer = await page.request.post('/api/user/login', { data: { userName: user.email, password: 'second-style-secret' } });
    expect(answer.status()).toBe(200);

    // Without a token the page says the link is unusable instead of showing a form that cannot work.
    await page.goto('/pages/auth/reset-password-2');
    await page.getByRole('alert').getByText('This reset link is invalid or has expired').waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    await context.close();
  });

  it('demo login and login-2 sign in for real; register and register-2 create accounts', async () => {
    for (const [path, title] of [
      ['/pages/auth/login', 'Login to your account'],
      ['/pages/auth/login-2', 'Welcome back'],
    ] as const) {
      const { context, page } = await newPage(fixture.browser, fixture.running.url);
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      const submit = page.getByRole('button', { name: 'Login' });
      expect(await submit.isDisabled()).toBe(true);
      await fillLogin(page, mara.email, 'wrong-password');
      await submit.click();
      await page.getByText('Invalid email/password').waitFor();
      await fillLogin(page, mara.email, mara.password);
      await submit.click();
      await page.waitForURL('**/apps/calendar');
      await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
      await context.close();
    }

    const { db } = fixture.running.app.services;
    for (const [path, title, email, tag] of [
      ['/pages/auth/register', 'Create an account', 'demo-one@example.test', 'demo_one'],
      ['/pages/auth/register-2', 'Sign up', 'demo-two@example.test', 'demo_two'],
    ] as const) {
      const { context, page } = await newPage(fixture.browser, fixture.running.url);
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByLabel('Email').fill('bad');
      await page.getByLabel('First name').fill('Demo');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Please enter a valid email').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Last name').fill('Person');
      await page.getByLabel('Creator tag').fill(tag);
      await page.getByLabel('Password', { exact: true }).fill('demo-password');
      await page.getByLabel('Confirm password').fill('demo-password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Account created' }).waitFor();
      expect(await firstRow(db.select().from(users).where(eq(users.email, email)))).toMatchObject({ creatorTag: tag, role: 'dj', firstName: 'Demo', lastName: 'Person' });
      await context.close();
    }
  });

  it('lock screen unlocks with the password; mail-confirm, errors, maintenance, profile, privacy and terms pages', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    // Guests are sent to /login from the lock screen and the profile.
    await page.goto('/pages/auth/lock');
    await page.waitForURL('**/login');
    await page.goto('/pages/auth/mail-confirm');
    await page.getByRole('heading', { name: 'Confirm your email address!' }).waitFor();
    await page.getByRole('link', { name: 'Go back to login' }).waitFor();
    await page.goto('/pages/errors/error-404');
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByText('Sorry but we could not find the page you are looking for').waitFor();
    await saveScreenshot(page, 'error-404');
    await page.goto('/pages/errors/error-500');
    await page.getByRole('heading', { name: '500' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    await page.goto('/pages/maintenance');
    await page.getByRole('heading', { name: 'Closed for scheduled maintenance!' }).waitFor();
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    // No terms are published on this server: the public page says so.
    await page.goto('/terms-and-conditions');
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    await page.getByText('No terms and conditions have been published yet.').waitFor();

    // Signing in returns to the lock screen the guest first asked for.
    await login(page, mara.email, mara.password);
    await page.waitForURL('**/pages/auth/lock');
    // The sample social profile is for admins and staff: a creator is sent home.
    await page.goto('/pages/profile');
    await page.waitForURL('**/apps/calendar');
    await page.goto('/pages/auth/lock');
    await page.getByRole('heading', { name: 'Your session is locked' }).waitFor();
    await page.getByText(mara.email).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Invalid email/password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(mara.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL('**/apps/calendar');
    // Guests-only pages send a signed-in user back into the app.
    await page.goto('/pages/auth/forgot-password');
    await page.waitForURL('**/apps/calendar');
    await context.close();
  });

  it('/migrate-db: an admin sees the schema with nothing pending and downloads a backup that opens as SQLite; a creator is turned away', async () => {
    const admins = await newPage(fixture.browser, fixture.running.url);
    await login(admins.page, admin.email, admin.password);
    await admins.page.waitForURL('**/apps/calendar');
    await admins.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Database' }).click();
    await admins.page.waitForURL('**/migrate-db');
    await admins.page.getByText('All migrations are applied: none pending.').waitFor();
    await admins.page.getByText(/^SQLite 3\./).waitFor();
    const [download] = await Promise.all([admins.page.waitForEvent('download'), admins.page.getByRole('button', { name: 'Download backup' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^cuepoint-.+\.sqlite3$/);
    const saved = join(fixture.running.dataDir, 'e2e-backup.sqlite3');
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');
    await admins.context.close();

    const creators = await newPage(fixture.browser, fixture.running.url);
    await login(creators.page, mara.email, mara.password);
    await creators.page.waitForURL('**/apps/calendar');
    await creators.page.goto('/migrate-db');
    await creators.page.waitForURL('**/apps/calendar');
    expect(await creators.page.getByRole('button', { name: 'Download backup' }).count()).toBe(0);
    await creators.context.close();
  });

  it('role example pages: admin, staff and guest each see theirs; others are turned away', async () => {
    const staff = await createUser(fixture.running.app, { role: 'staff', email: 'staff-one@example.test', displayName: 'Sam Staff' });

    const guest = await newPage(fixture.browser, fixture.running.url);
    await guest.page.goto('/auth/guest-role-example');
    await guest.page.getByRole('heading', { name: 'Guest role example' }).waitFor();
    await guest.page.getByText('You are not signed in.').waitFor();
    await guest.page.goto('/auth/staff-role-example');
    await guest.page.waitForURL('**/login');
    await guest.context.close();

    const adminPage = await newPage(fixture.browser, fixture.running.url);
    await login(adminPage.page, admin.email, admin.password);
    await adminPage.page.goto('/auth/admin-role-example');
    await adminPage.page.getByRole('heading', { name: 'Admin role example' }).waitFor();
    await adminPage.page.getByText(`You are signed in as ${admin.name} (admin).`).waitFor();
    await adminPage.page.goto('/auth/staff-role-example');
    await adminPage.page.getByRole('heading', { name: 'Staff role example' }).waitFor();
    await adminPage.page.goto('/auth/guest-role-example');
    await adminPage.page.waitForURL('**/apps/calendar');
    await adminPage.context.close();

    const staffPage = await newPage(fixture.browser, fixture.running.url);
    // Staff may not open the calendar (where `/` leads): they land on their profile instead of bouncing forever.
    await login(staffPage.page, staff.email, testPassword);
    await staffPage.page.waitForURL('**/pages/profile');
    await staffPage.page.getByRole('heading', { name: 'Sam Staff', level: 1 }).waitFor();
    await staffPage.page.goto('/auth/staff-role-example');
    await staffPage.page.getByRole('heading', { name: 'Staff role example' }).waitFor();
    await staffPage.page.getByText('You are signed in as Sam Staff (staff).').waitFor();
    await staffPage.page.goto('/auth/admin-role-example');
    await staffPage.page.waitForURL('**/pages/profile');
    expect(await staffPage.page.getByRole('heading', { name: 'Admin role example' }).count()).toBe(0);
    await staffPage.context.close();
  });

  it('/callback signs in with a returned token (or says nothing came back); /logout signs out', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/callback');
    await page.getByText('No sign-in result was received from the external identity service.').waitFor();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.waitForURL('**/login');

    const answer = await page.request.post('/api/user/login', { data: { userName: mara.email, password: mara.password } });
    const { token } = (await answer.json()) as { token: string };
    await page.goto(`/callback?token=${encodeURIComponent(token)}`);
    await page.getByText('Logged in with the external identity service.').waitFor();
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBe(token);

    await page.goto('/logout');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();
    await page.goto('/apps/calendar');
    await page.waitForURL('**/login');
    // A guest opening /logout lands on /login too.
    await page.goto('/logout');
    await page.waitForURL('**/login');
    await context.close();
  });

  /** From the plans page: picks a product, enters a new email and fills the registration form. */
  async function registerAtCheckout(page: Page, productId: string, linkName: string, who: { email: string; first: string; last: string; tag: string }) {
    await page.goto('/product-page');
    await page.getByTestId(`product-${productId}`).getByRole('link', { name: linkName }).click();
    await page.waitForURL(`**/checkout/${productId}/check-email`);
    await page.getByLabel('Email', { exact: true }).fill(who.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'CREATE AN ACCOUNT' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(who.email);
    await page.getByLabel('First name').fill(who.first);
    await page.getByLabel('Last name').fill(who.last);
    await page.getByLabel('Creator tag').fill(who.tag);
    await page.getByLabel('Password', { exact: true }).fill('buyer-password');
    await page.getByLabel('Confirm password').fill('buyer-password');
    await page.getByRole('button', { name: 'Create account and continue' }).click();
  }

  it('checkout with a new email: registers, is signed in and reaches the payment step', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await registerAtCheckout(page, 'PODCAST_VIDEO_TITLE', 'BUY NOW', { email: 'new-buyer@example.test', first: 'Nova', last: 'Buyer', tag: 'nova_buyer' });
    await page.waitForURL('**/checkout/PODCAST_VIDEO_TITLE/payment');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByTestId('user-display-name').getByText('Nova Buyer').waitFor();
    const row = await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, 'new-buyer@example.test')));
    expect(row).toMatchObject({ creatorTag: 'nova_buyer', role: 'dj', isActive: true });
    await context.close();
  });

  it('checkout of LIVE_STREAM with a new email: registers and goes home, like a login would', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await registerAtCheckout(page, 'LIVE_STREAM', 'Start Live', { email: 'new-streamer@example.test', first: 'Lio', last: 'Stream', tag: 'lio_stream' });
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText('Lio Stream').waitFor();
    await context.close();
  });

  it('shell: layout switch (vertical, horizontal, boxed), folded navbar expanding on hover, user menu, footer links', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/apps/calendar');
    const shell = page.locator('[data-layout]');
    expect(await shell.getAttribute('data-layout')).toBe('vertical');
    const navbar = page.getByTestId('navbar');
    expect((await navbar.boundingBox())!.width).toBe(280);
    const toolbar = page.locator('header').first();
    expect((await toolbar.boundingBox())!.height).toBe(64);

    // Fold: 64px, labels hidden; hovering expands it to 280px, leaving folds it again.
    await page.getByRole('button', { name: 'Fold navigation' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="navbar"]')?.getBoundingClientRect().width === 64);
    await page.mouse.move(900, 400);
    await navbar.hover();
    await page.waitForFunction(() => document.querySelector('[data-testid="navbar"]')?.getBoundingClientRect().width === 280);
    await navbar.getByText('Push Notifications').waitFor();
    await page.mouse.move(900, 400);
    await page.waitForFunction(() => document.querySelector('[data-testid="navbar"]')?.getBoundingClientRect().width === 64);
    await saveScreenshot(page, 'calendar-shell-folded');
    await page.getByRole('button', { name: 'Unfold navigation' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="navbar"]')?.getBoundingClientRect().width === 280);

    // Horizontal layout from the user menu; the choice survives a reload.
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    for (const item of ['Change Password', 'Profile', 'Logout']) await menu.getByRole('menuitem', { name: item }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Login' }).count()).toBe(0);
    await menu.getByRole('menuitemradio', { name: 'Horizontal navigation' }).click();
    await page.waitForFunction(() => document.querySelector('[data-layout]')?.getAttribute('data-layout') === 'horizontal');
    expect(await navbar.count()).toBe(0);
    const topNav = page.getByRole('navigation', { name: 'Main' });
    for (const item of ['Calendar', 'Push Notifications', 'Users', 'Podcasts', 'Tips', 'My Mobile App', 'Terms and Conditions']) {
      await topNav.getByRole('link', { name: item, exact: true }).waitFor();
    }
    await page.reload();
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();
    expect(await shell.getAttribute('data-layout')).toBe('horizontal');
    await saveScreenshot(page, 'calendar-shell-horizontal');
    await topNav.getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/apps/users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByText(mara.email).waitFor();
    await saveScreenshot(page, 'users-page');

    // The third layout: boxed, with the navigation on the right beside the content; persisted like the others.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Boxed, navigation on the right' }).click();
    await page.waitForFunction(() => document.querySelector('[data-layout]')?.getAttribute('data-layout') === 'boxed');
    expect(await navbar.count()).toBe(0);
    const sideNavbar = page.getByTestId('side-navbar');
    const box = page.getByTestId('layout-box');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    for (const item of ['Calendar', 'Push Notifications', 'Users', 'Podcasts', 'Tips', 'My Mobile App', 'Terms and Conditions']) {
      await sideNavbar.getByRole('link', { name: item, exact: true }).waitFor();
    }
    const boxArea = (await box.boundingBox())!;
    const sideArea = (await sideNavbar.boundingBox())!;
    const mainArea = (await page.getByRole('main').boundingBox())!;
    // A centred box narrower than the window, the navigation 280px wide at its right edge, the content to its left.
    expect(boxArea.width).toBeLessThan(1280);
    expect(Math.abs(boxArea.x - (1280 - boxArea.x - boxArea.width))).toBeLessThanOrEqual(1);
    expect(sideArea.width).toBe(280);
    expect(Math.round(sideArea.x + sideArea.width)).toBe(Math.round(boxArea.x + boxArea.width));
    expect(mainArea.x + mainArea.width).toBeLessThanOrEqual(sideArea.x + 0.5);
    expect((await page.locator('header').first().boundingBox())!.height).toBe(64);
    await page.getByRole('button', { name: 'Fold navigation' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="side-navbar"]')?.getBoundingClientRect().width === 64);
    await page.getByRole('button', { name: 'Unfold navigation' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="side-navbar"]')?.getBoundingClientRect().width === 280);
    await page.reload();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await shell.getAttribute('data-layout')).toBe('boxed');
    await saveScreenshot(page, 'users-shell-boxed');
    await sideNavbar.getByRole('link', { name: 'Calendar', exact: true }).click();
    await page.waitForURL('**/apps/calendar');
    await page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor();

    // On a phone the box fills the screen and the navigation is a drawer from the right.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.querySelector('[data-testid="side-navbar"]')?.getBoundingClientRect().width === 0);
    expect((await box.boundingBox())!.width).toBe(390);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Users', exact: true }).waitFor();
    const drawerArea = (await drawer.boundingBox())!;
    expect(drawerArea.width).toBe(280);
    expect(drawerArea.x + drawerArea.width).toBe(390);
    await saveScreenshot(page, 'calendar-shell-boxed-phone');
    await drawer.getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/apps/users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Vertical navigation' }).click();
    await navbar.waitFor();

    // User menu entries go where they say.
    const adminRow = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, admin.email))))!;
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await page.waitForURL(`**/apps/users/${adminRow.id}/change-password`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`**/profile/${adminRow.id}`);
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();

    // Footer links.
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await page.goBack();
    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.waitForURL('**/terms-and-conditions');
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    await page.goBack();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();

    // A guest inside the shell (the guest role example) gets Login and Register.
    await page.goto('/auth/guest-role-example');
    await page.getByRole('heading', { name: 'Guest role example' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Login' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Logout' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Register' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: 'CREATE AN ACCOUNT' }).waitFor();
    await context.close();
  });

  it('keyboard: the login form works with Tab and Enter alone', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    await page.goto('/login');
    await page.getByText('Your content. Your world.').waitFor();
    await saveScreenshot(page, 'login-page');
    const seen: string[] = [];
    for (let step = 0; step < 15 && !seen.includes('input:Email or username'); step++) {
      await page.keyboard.press('Tab');
      seen.push(await focusedLabel(page));
    }
    expect(seen.at(-1)).toBe('input:Email or username');
    await page.keyboard.type(mara.email);
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('input:Password');
    await page.keyboard.type(mara.password);
    // Login is enabled once the typed values pass the schema, which the form fetches on first focus (slow machines: later).
    await page.waitForSelector('form[aria-label="Login"] button[type="submit"]:not([disabled])');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('button:Show password');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('button:Login');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/apps/calendar');
    await page.getByTestId('user-display-name').getByText(mara.name).waitFor();
    await context.close();
  });
});
