import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { storageKeys } from '@web/lib/storage-keys';
import { chatMessages } from '@server/domains/chat/chat.schemas';
import { callerAs, createUser } from '../helpers/app';
import { makePng } from '../helpers/images';
import { insertEvent } from '../integration/chat/chat-helpers';
import { newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

/** A page whose localStorage holds the given token under the given key before the app starts. */
async function pageWithToken(browser: Browser, running: RunningApp, key: string, token: string): Promise<Page> {
  const { context, page } = await newPage(browser, running.url);
  await context.addInitScript(([storageKey, value]) => window.localStorage.setItem(storageKey!, value!), [key, token]);
  return page;
}

/** Every chatter here is a signed-in viewer: their name lands in an untouched form first, then the test's is typed. */
async function startChat(page: Page, name: string) {
  const field = page.getByLabel('Full name');
  await expect.poll(() => field.inputValue()).not.toBe('');
  await field.fill(name);
  expect(await field.inputValue()).toBe(name);
  await page.getByRole('button', { name: 'Start Chat' }).click();
  await page.getByPlaceholder('Type a message and press Enter').waitFor();
}

async function say(page: Page, text: string) {
  const input = page.getByPlaceholder('Type a message and press Enter');
  await input.fill(text);
  await input.press('Enter');
}

describe('live chat in the browser', () => {
  const fixture = useBrowserApp();

  async function setUp() {
    const { app } = fixture.running;
    const mara = (await firstRow(app.services.db.select().from(users).where(eq(users.email, seededLogins.mara.email))))!;
    const eventId = await insertEvent(app, mara.id, { name: 'Late Night Session' });
    const path = `/chats/${mara.creatorTag}/${eventId}`;
    return { app, mara, eventId, path };
  }

  it('two viewers chat in one room: a message appears in the other page within a second', async () => {
    const { app, path } = await setUp();
    const [ana, ben] = await Promise.all([createUser(app, { role: 'viewer' }), createUser(app, { role: 'viewer' })]);
    const first = await pageWithToken(fixture.browser, fixture.running, storageKeys.viewerToken, ana.token);
    const second = await pageWithToken(fixture.browser, fixture.running, storageKeys.viewerToken, ben.token);
    await Promise.all([first.goto(path), second.goto(path)]);
    await first.getByRole('heading', { name: 'Late Night Session', level: 1 }).waitFor();

    // A signed-in viewer's form starts with their own name.
    await expect.poll(() => first.getByLabel('Full name').inputValue()).toBe('Test viewer');
    const startButton = first.getByRole('button', { name: 'Start Chat' });
    await first.getByLabel('Full name').fill('  ');
    expect(await startButton.isDisabled()).toBe(true);
    await first.getByLabel('Full name').blur();
    await first.getByText(chatMessages.nameRequired).waitFor();
    // A file that is no image keeps the spec's photo message; a large wide photo is centre-cropped and sized to fit.
    await first.getByLabel('Profile photo (optional)').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await first.getByText(chatMessages.photo).waitFor();
    await first.getByLabel('Profile photo (optional)').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: makePng(1200, 800) });
    await first.getByAltText('Chosen profile photo').waitFor();
    expect(await first.getByText(chatMessages.photo).count()).toBe(0);
    await startChat(first, 'Ana');
    await startChat(second, 'Ben');

    await say(first, 'Hello from Ana');
    await second.getByText('Hello from Ana').waitFor({ timeout: 1000 });
    await say(second, 'Hi Ana, Ben here');
    await first.getByText('Hi Ana, Ben here').waitFor({ timeout: 1000 });
    const photo = second.locator('li', { hasText: 'Hello from Ana' }).locator('img');
    expect(await photo.getAttribute('src')).toMatch(/^\/uploads\/.+\.png$/);
    // What was uploaded is the 200 px square the browser made of the 1200×800 photo.
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => `${image.naturalWidth}x${image.naturalHeight}`)).toBe('200x200');
    await saveScreenshot(first, 'chat-two-viewers');

    await first.reload();
    await first.getByText('Hi Ana, Ben here').waitFor();
    expect(await first.getByPlaceholder('Type a message and press Enter').isVisible()).toBe(true);
  });

  it('the creator deletes a message and bans its sender: both viewers see it at once', async () => {
    const { app, mara, path } = await setUp();
    const [ana, ben] = await Promise.all([createUser(app, { role: 'viewer' }), createUser(app, { role: 'viewer' })]);
    const creatorToken = await app.services.tokens.issue({ userId: mara.id, role: 'dj', typ: 'user', tokenVersion: mara.tokenVersion });
    const moderator = await pageWithToken(fixture.browser, fixture.running, storageKeys.token, creatorToken);
    const first = await pageWithToken(fixture.browser, fixture.running, storageKeys.viewerToken, ana.token);
    const second = await pageWithToken(fixture.browser, fixture.running, storageKeys.viewerToken, ben.token);
    await Promise.all([moderator.goto(`${path}?displayName=Mara`), first.goto(path), second.goto(path)]);
    await startChat(first, 'Ana');
    await startChat(second, 'Ben');

    await say(first, 'spam spam spam');
    for (const page of [moderator, second]) await page.getByText('spam spam spam').waitFor({ timeout: 1000 });
    await moderator.getByRole('button', { name: 'Delete message from Ana' }).click();
    for (const page of [first, second, moderator]) await page.getByText('spam spam spam').waitFor({ state: 'detached', timeout: 1000 });

    await say(first, 'more spam');
    await moderator.getByText('more spam').waitFor({ timeout: 1000 });
    await moderator.getByRole('button', { name: 'Ban Ana' }).click();
    await first.getByText(chatMessages.banned).waitFor({ timeout: 1000 });
    await second.getByText('banned', { exact: true }).waitFor({ timeout: 1000 });
    expect(await first.getByPlaceholder('Type a message and press Enter').count()).toBe(0);
  });

  it('the creator lifts a ban from the Banned dialog on a phone: the viewer can write again without reloading', async () => {
    const { app, mara, eventId, path } = await setUp();
    const ana = await createUser(app, { role: 'viewer' });
    const creatorToken = await app.services.tokens.issue({ userId: mara.id, role: 'dj', typ: 'user', tokenVersion: mara.tokenVersion });
    const moderator = await pageWithToken(fixture.browser, fixture.running, storageKeys.token, creatorToken);
    await moderator.setViewportSize({ width: 390, height: 800 });
    const viewer = await pageWithToken(fixture.browser, fixture.running, storageKeys.viewerToken, ana.token);
    await Promise.all([moderator.goto(`${path}?displayName=Mara`), viewer.goto(path)]);
    await startChat(viewer, 'Ana');
    await say(viewer, 'too loud');
    await moderator.getByText('too loud').waitFor({ timeout: 1000 });

    const bannedButton = moderator.getByRole('button', { name: 'Banned 0' });
    await bannedButton.click();
    await moderator.getByText('No one is banned from this chat').waitFor();
    await moderator.keyboard.press('Escape');
    await moderator.getByRole('button', { name: 'Ban Ana' }).click();
    await viewer.getByText(chatMessages.banned).waitFor({ timeout: 1000 });
    expect(await viewer.getByPlaceholder('Type a message and press Enter').count()).toBe(0);

    await moderator.getByRole('button', { name: 'Banned 1' }).click();
    const dialog = moderator.getByRole('dialog', { name: 'Banned chatters' });
    await dialog.getByText('Ana', { exact: true }).waitFor();
    await dialog.getByText(`by ${mara.displayName}`).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const unbanBox = await dialog.getByRole('button', { name: 'Unban Ana' }).boundingBox();
    expect(unbanBox!.x + unbanBox!.width).toBeLessThanOrEqual(390);
    await saveScreenshot(moderator, 'chat-banned-dialog-390');

    await dialog.getByRole('button', { name: 'Unban Ana' }).click();
    await moderator.getByText('Ana can chat again').waitFor({ timeout: 1000 });
    await dialog.getByText('No one is banned from this chat').waitFor({ timeout: 1000 });
    await viewer.getByPlaceholder('Type a message and press Enter').waitFor({ timeout: 1000 });
    expect(await viewer.getByText(chatMessages.banned).count()).toBe(0);
    await moderator.keyboard.press('Escape');
    await moderator.getByRole('button', { name: 'Banned 0' }).waitFor();
    await say(viewer, 'sorry, quieter now');
    await moderator.getByText('sorry, quieter now').waitFor({ timeout: 1000 });
    expect(await app.services.chat.store.isBanned(eventId, ana.id)).toBe(false);
  });

  it("the creator chats as themselves on their event page with the Host badge; a viewer may not take the host's name", async () => {
    const { app, mara, eventId } = await setUp();
    const creatorToken = await app.services.tokens.issue({ userId: mara.id, role: 'dj', typ: 'user', tokenVersion: mara.tokenVersion });
    const host = await pageWithToken(fixture.browser, fixture.running, storageKeys.token, creatorToken);
    await host.goto(`/events/${mara.creatorTag}/${eventId}`);
    // No name form for the host: they chat as their own account.
    await host.getByPlaceholder('Type a message and press Enter').waitFor({ timeout: 15_000 });
    expect(await host.getByLabel('Full name').count()).toBe(0);
    await say(host, 'Welcome, everyone');
    const hostMessage = host.locator('li', { hasText: 'Welcome, everyone' });
    await hostMessage.getByText('Host', { exact: true }).waitFor();

    const ana = await createUser(app, { role: 'viewer' });
    const viewer = await pageWithToken(fixture.browser, fixture.running, storageKeys.viewerToken, ana.token);
    await viewer.goto(`/chats/${mara.creatorTag}/${eventId}`);
    await viewer.locator('li', { hasText: 'Welcome, everyone' }).getByText('Host', { exact: true }).waitFor();
    await viewer.getByLabel('Full name').fill(` ${mara.displayName.toUpperCase()} `.trim());
    await viewer.getByLabel('Full name').blur();
    await viewer.getByText(chatMessages.hostName).waitFor();
    expect(await viewer.getByRole('button', { name: 'Start Chat' }).isDisabled()).toBe(true);
    await startChat(viewer, 'Ana');
    await say(viewer, 'Hi host');
    await host.locator('li', { hasText: 'Hi host' }).waitFor();
    expect(await host.locator('li', { hasText: 'Hi host' }).getByText('Host', { exact: true }).count()).toBe(0);
  });

  it('/chats is chat-only: no player, a link to the event page', async () => {
    const { mara, eventId, path } = await setUp();
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Late Night Session', level: 1 }).waitFor();
      await page.getByRole('region', { name: /Live chat/ }).waitFor();
      const watch = page.getByRole('link', { name: 'Watch on the event page' });
      expect(await watch.getAttribute('href')).toBe(`/events/${mara.creatorTag}/${eventId}`);
      expect(await page.getByTestId('stream-video').count()).toBe(0);
      expect(await page.getByTestId('stream-state').count()).toBe(0);
      expect(await page.getByTestId('paywall').count()).toBe(0);
      expect(await page.locator('video, iframe').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('below 1024 px the chat takes the full viewport height, on /chats and on the event page; from 1024 px it is the column', async () => {
    const { mara, eventId, path } = await setUp();
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      for (const viewport of [{ width: 390, height: 844 }, { width: 1000, height: 700 }]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        const chatBox = (await page.getByRole('region', { name: /Live chat/ }).boundingBox())!;
        expect(Math.round(chatBox.height)).toBe(viewport.height);

        await page.goto(`/events/${mara.creatorTag}/${eventId}`);
        const slot = page.getByTestId('live-chat-slot');
        await slot.waitFor({ timeout: 15_000 });
        expect(Math.round((await slot.boundingBox())!.height)).toBe(viewport.height);
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      }
      await page.getByTestId('live-chat-slot').scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'event-page-chat-full-height-1000');
      // From 1024 px the chat is the sticky column beside the player again.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/events/${mara.creatorTag}/${eventId}`);
      await page.getByTestId('live-chat-slot').waitFor({ timeout: 15_000 });
      expect((await page.getByTestId('live-chat-slot').boundingBox())!.width).toBeLessThan(400);
    } finally {
      await context.close();
    }
  });

  it('shows the messages read-only to a guest, with a way to sign in; the embed shows them read-only', async () => {
    const { app, mara, eventId, path } = await setUp();
    const creatorCaller = await callerAs(app, await app.services.tokens.issue({ userId: mara.id, role: 'dj', typ: 'user', tokenVersion: mara.tokenVersion }));
    await creatorCaller.chat.send({ eventId, text: 'Doors open at nine', displayName: 'Mara' });
    const { page } = await newPage(fixture.browser, fixture.running.url);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    await page.getByText(chatMessages.signInToChat).waitFor();
    expect(await page.getByRole('button', { name: 'Start Chat' }).count()).toBe(0);
    await page.getByText('Doors open at nine').waitFor();
    const chatBox = await page.getByRole('region', { name: /Live chat/ }).boundingBox();
    expect(chatBox?.height).toBeGreaterThanOrEqual(790);

    await page.goto(`/embed/${mara.creatorTag}/${eventId}/chat`);
    await page.getByText('Doors open at nine').waitFor();
    expect(await page.getByText(chatMessages.signInToChat).count()).toBe(0);
    expect(await page.getByPlaceholder('Type a message and press Enter').count()).toBe(0);
  });
});
