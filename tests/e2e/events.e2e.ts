import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventAccess, events } from '@db/schema/events';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { liveMessages } from '@server/domains/live/live.schemas';
import { createUser } from '../helpers/app';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp, type RunningApp } from './harness';

const { mara } = seededLogins;
const viewerLogin = { email: 'viewer@cuepoint.local', password: 'cuepoint-demo' };
const roomyLimits = { LOGIN_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000' };

async function userIdOf(running: RunningApp, email: string): Promise<string> {
  return (await firstRow(running.app.services.db.select({ id: users.id }).from(users).where(eq(users.email, email))))!.id;
}

function eventNamed(running: RunningApp, name: string) {
  return firstRow(running.app.services.db.select().from(events).where(eq(events.name, name)).limit(1));
}

/** Collects Content-Security-Policy violations the page reports. */
function watchPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Waits for the event page to leave its skeleton (2 s after loading) and show the event's name. */
async function openEventPage(page: Page, path: string, name: string): Promise<number> {
  const started = Date.now();
  await page.goto(path);
  await page.getByRole('status', { name: 'Loading event' }).waitFor();
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
  return Date.now() - started;
}

/**
 * A creator's one external stream URL plays their free events only while no premium event of theirs is still ahead
 * (the paywall rule); the seeded creators each have one. Moves those into the past for a test, and back.
 */
async function premiumEventsOver(running: RunningApp, creatorTag: string): Promise<() => Promise<void>> {
  const { db } = running.app.services;
  const creatorId = (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.creatorTag, creatorTag))))!.id;
  const premium = await db.select().from(events).where(and(eq(events.userId, creatorId), eq(events.isPremium, true)));
  const past = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  for (const event of premium) await db.update(events).set({ startDateTime: past(3), endDateTime: past(2) }).where(eq(events.id, event.id));
  return async () => {
    for (const event of premium) await db.update(events).set({ startDateTime: event.startDateTime, endDateTime: event.endDateTime }).where(eq(events.id, event.id));
  };
}

async function viewerLogsIn(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Viewer login' });
  await dialog.getByLabel('Email').fill(viewerLogin.email);
  await dialog.getByLabel('Password', { exact: true }).fill(viewerLogin.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('events: calendar and public event page', () => {
  const fixture = useBrowserApp(roomyLimits);

  it('the calendar dialog creates an event that the public page then shows', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const violations = watchPolicyViolations(page);
    try {
      await login(page, mara.email, mara.password);
      await page.goto('/apps/calendar');
      await page.getByRole('heading', { name: 'Calendar' }).waitFor();
      await page.locator('.fc-dayGridMonth-view').waitFor();
      for (const view of ['Week', 'Day', 'Month']) {
        await page.getByRole('button', { name: view, exact: true }).click();
        await page.locator(`.fc-${view === 'Month' ? 'dayGridMonth' : view === 'Week' ? 'timeGridWeek' : 'timeGridDay'}-view`).waitFor();
      }

      await page.getByRole('button', { name: 'New event' }).click();
      const dialog = page.getByRole('dialog', { name: 'New event' });
      await dialog.getByLabel('Event name').fill('Rooftop Sunset Session');
      await dialog.getByLabel('Description').fill('Three hours of warm records on the roof.');
      await dialog.getByLabel('Start', { exact: true }).fill('2031-07-04T19:00');
      await dialog.getByLabel('End', { exact: true }).fill('2031-07-04T18:00');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText('The end must be after the start').waitFor();
      await dialog.getByLabel('End', { exact: true }).fill('2031-07-04T22:00');
      await dialog.getByRole('switch', { name: /Premium event/ }).click();
      await dialog.getByLabel('Premium price (CAD)').fill('12.50');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Event created').waitFor();

      const stored = (await eventNamed(fixture.running, 'Rooftop Sunset Session'))!;
      expect(stored).toMatchObject({ isPremium: true, premiumPriceCents: 1250, isActive: true, userId: await userIdOf(fixture.running, mara.email) });
      expect(Date.parse(stored.endDateTime!) - Date.parse(stored.startDateTime!)).toBe(3 * 3_600_000);

      // The creator may always watch their own premium event.
      await openEventPage(page, `/events/mara_quill/${stored.id}`, 'Rooftop Sunset Session');
      await page.getByText('Three hours of warm records on the roof.').waitFor();
      expect(await page.getByTestId('creator-name').textContent()).toBe('Mara Quill');
      expect(await page.getByTestId('event-time').textContent()).toMatch(/2031/);
      expect(await page.getByTestId('paywall').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe('/api/event/calendar/mara_quill.ics');
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a TBA event made in the dialog shows "TBA" on its page; editing and deleting work', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      await page.goto('/apps/calendar');
      await page.getByRole('button', { name: 'New event' }).click();
      const dialog = page.getByRole('dialog', { name: 'New event' });
      await dialog.getByLabel('Event name').fill('Pop-up Warehouse Night');
      await dialog.getByRole('switch', { name: /TBA/ }).click();
      expect(await dialog.getByLabel('Start', { exact: true }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Event created').waitFor();
      const tbaList = page.getByRole('region', { name: 'To be announced' });
      await tbaList.getByRole('button', { name: /Pop-up Warehouse Night/ }).click();

      const edit = page.getByRole('dialog', { name: 'Edit event' });
      await edit.getByLabel('Event name').fill('Pop-up Warehouse Night II');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Event saved').waitFor();
      const stored = (await eventNamed(fixture.running, 'Pop-up Warehouse Night II'))!;
      expect(stored).toMatchObject({ startDateTime: null, endDateTime: null });

      await openEventPage(page, `/events/mara_quill/${stored.id}`, 'Pop-up Warehouse Night II');
      expect(await page.getByTestId('event-time').textContent()).toBe('TBA');

      // A dated event opens from the calendar itself (the seeded live event is on today's cell).
      await page.goto('/apps/calendar');
      await page.locator('.fc-event', { hasText: 'Around the Clock' }).first().click();
      const dated = page.getByRole('dialog', { name: 'Edit event' });
      expect(await dated.getByLabel('Event name').inputValue()).toBe('Around the Clock: deep house listening room');
      expect(await dated.getByRole('link', { name: 'Open the event page' }).getAttribute('href')).toMatch(/^\/events\/mara_quill\/.+/);
      // Where the stream comes from, with the way to change it: the seeded HLS source of the profile, or OBS.
      const streamNote = dated.getByRole('region', { name: 'Stream' });
      await streamNote.getByText(liveMessages.playsStreamSource('HLS · test-streams.mux.dev')).waitFor();
      expect(await streamNote.getByRole('link', { name: 'Go live page' }).getAttribute('href')).toBe('/apps/live');
      expect(await streamNote.getByRole('link', { name: 'Change stream source' }).getAttribute('href')).toMatch(/^\/profile\/.+\/about$/);
      await dated.getByLabel('Description').fill('Now with guest selectors.');
      await dated.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Event saved').waitFor();
      expect((await eventNamed(fixture.running, 'Around the Clock: deep house listening room'))!.description).toBe('Now with guest selectors.');

      await page.getByRole('region', { name: 'To be announced' }).getByRole('button', { name: /Pop-up Warehouse Night II/ }).click();
      await page.getByRole('dialog', { name: 'Edit event' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Confirm delete' }).click();
      await page.getByText('Event deleted').waitFor();
      expect(await eventNamed(fixture.running, 'Pop-up Warehouse Night II')).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('a premium event is locked without access and open with an access row', async () => {
    const maraId = await userIdOf(fixture.running, mara.email);
    const premium = (await firstRow(
      fixture.running.app.services.db
        .select()
        .from(events)
        .where(and(eq(events.isPremium, true), eq(events.userId, maraId)))
        .limit(1),
    ))!;
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await openEventPage(page, `/events/mara_quill/${premium.id}`, premium.name);
      const paywall = page.getByTestId('paywall');
      await paywall.getByText('This is a premium event').waitFor();
      expect(await page.getByTestId('stream-video').count()).toBe(0);

      await paywall.getByRole('button', { name: 'Log in' }).click();
      await viewerLogsIn(page);
      await page.getByRole('button', { name: 'Viewer menu' }).waitFor();
      // Signed in without an access row: still locked; the pay step opens "Make Premium Payment".
      await paywall.getByRole('button', { name: 'Enter for $9.99' }).click();
      const pay = page.getByRole('dialog', { name: 'Make Premium Payment' });
      await pay.getByLabel('Full name on card').waitFor();
      expect(await pay.getByLabel('Premium price (CAD)').inputValue()).toBe('9.99');
      await pay.getByRole('button', { name: 'Close' }).first().click();
      expect(await page.getByTestId('stream-video').count()).toBe(0);

      // A confirmed payment writes the access row; the page then opens (the server is asked, the id is stored).
      await fixture.running.app.services.db.insert(eventAccess).values({ viewerId: await userIdOf(fixture.running, viewerLogin.email), eventId: premium.id, paymentId: 'pay_e2e' });
      await openEventPage(page, `/events/mara_quill/${premium.id}`, premium.name);
      await page.getByTestId('stream-video').waitFor();
      expect(await page.getByTestId('paywall').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('cuepoint.eventPermissions'))).toContain(premium.id);
      expect(await page.evaluate(() => localStorage.getItem('cuepoint.viewerToken'))).toBeTruthy();
      expect(await page.evaluate(() => localStorage.getItem('cuepoint.token'))).toBeNull();

      // Logging out clears the viewer and the stored list: locked again.
      await page.getByRole('button', { name: 'Viewer menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByTestId('paywall').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('cuepoint.eventPermissions'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('shows the skeleton for at least 2 seconds, then the stream, tips and the tip dialog', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const violations = watchPolicyViolations(page);
    const restore = await premiumEventsOver(fixture.running, 'mara_quill');
    try {
      const elapsed = await openEventPage(page, '/events/mara_quill', 'Around the Clock: deep house listening room');
      expect(elapsed).toBeGreaterThanOrEqual(2000);
      await page.getByTestId('stream-video').waitFor();
      // An external source plays, and says so: never LIVE (that is our own ingest on air).
      await page.getByText('Streaming from HLS').first().waitFor();
      expect(await page.getByTestId('live-badge').count()).toBe(0);
      // Related episodes: the creator's published episodes, newest first, each opening its player page.
      const episodes = page.getByRole('region', { name: 'Episodes by Mara Quill' });
      const first = episodes.getByRole('link').first();
      await first.getByText('Low end theory').waitFor();
      expect(await first.getAttribute('href')).toMatch(/^\/video\/.+/);
      await first.getByText('00:00:10').waitFor();
      // Mara's seeded episodes: three recent ones and a back catalogue of three.
      expect(await episodes.getByRole('link').count()).toBe(6);
      // The live chat shows the room's history to a guest (sending needs a viewer sign-in).
      await page.getByTestId('live-chat-slot').getByText('Welcome everyone! We start in a few minutes.').waitFor();

      await page.getByRole('button', { name: /Request a track\s*\$10\.00/ }).click();
      const tip = page.getByRole('dialog', { name: 'Make Tips Payment' });
      expect(await tip.getByLabel('Tip name').inputValue()).toBe('Request a track');
      expect(await tip.getByLabel('Tip amount (CAD)').inputValue()).toBe('10.00');
      expect(await tip.getByLabel('Tip amount (CAD)').getAttribute('readonly')).not.toBeNull();
      await saveScreenshot(page, 'event-page-tip-dialog');
      expect(violations).toEqual([]);
    } finally {
      await restore();
      await context.close();
    }
  });

  it('registers a viewer from the event page and edits "My Profile"', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const restore = await premiumEventsOver(fixture.running, 'tobin_live');
    try {
      await openEventPage(page, '/events/tobin_live', 'Studio Hang: Open Mic Interviews');
      await page.getByTestId('stream-iframe').waitFor();
      expect(await page.getByTestId('stream-iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/jfKfPfyJRdk');

      await page.getByRole('button', { name: 'Register' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a viewer account' });
      await dialog.getByLabel('Email').fill('new.viewer@example.test');
      await dialog.getByLabel('First name').fill('Nora');
      await dialog.getByLabel('Last name').fill('Viewer');
      await dialog.getByLabel('Password', { exact: true }).fill('viewer-password');
      await dialog.getByLabel('Confirm password').fill('viewer-passwor');
      await dialog.getByRole('button', { name: 'Register' }).click();
      await dialog.getByText('Passwords do not match').waitFor();
      await dialog.getByLabel('Confirm password').fill('viewer-password');
      await dialog.getByRole('button', { name: 'Register' }).click();
      await dialog.waitFor({ state: 'detached' });
      const stored = (await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.email, 'new.viewer@example.test'))))!;
      expect(stored).toMatchObject({ role: 'viewer', creatorTag: null, isActive: true });

      await page.getByRole('button', { name: 'Viewer menu' }).click();
      await page.getByRole('menuitem', { name: 'My Profile' }).click();
      const profile = page.getByRole('dialog', { name: 'My Profile' });
      expect(await profile.getByLabel('Email').isDisabled()).toBe(true);
      expect(await profile.getByLabel('Email').inputValue()).toBe('new.viewer@example.test');
      await profile.getByLabel('First name').fill('Nova');
      await profile.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your profile has been saved').waitFor();
      await page.getByRole('button', { name: 'Viewer menu' }).getByText('Nova Viewer').waitFor();
      expect((await firstRow(fixture.running.app.services.db.select().from(users).where(eq(users.id, stored.id))))!.firstName).toBe('Nova');
    } finally {
      await restore();
      await context.close();
    }
  });

  it('fits a 390 px wide screen', async () => {
    const context = await fixture.browser.newContext({ baseURL: fixture.running.url, viewport: { width: 390, height: 844 } });
    // A signed-in viewer, so the chat shows its input.
    const viewer = await createUser(fixture.running.app, { role: 'viewer' });
    await context.addInitScript((token) => window.localStorage.setItem('cuepoint.viewerToken', token), viewer.token);
    const page = await context.newPage();
    const restore = await premiumEventsOver(fixture.running, 'mara_quill');
    try {
      await openEventPage(page, '/events/mara_quill', 'Around the Clock: deep house listening room');
      await page.getByTestId('stream-video').waitFor();
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      const frame = await page.getByTestId('stream-video').boundingBox();
      expect(frame!.width).toBeGreaterThan(300);
      expect(frame!.x + frame!.width).toBeLessThanOrEqual(390);
      // The player on top, then the chat, which takes the full viewport height (platform.md §2 "Shell"), its input inside it.
      const composer = page.getByLabel('Full name');
      await composer.waitFor();
      const input = (await composer.boundingBox())!;
      const chat = (await page.getByTestId('live-chat-slot').boundingBox())!;
      expect(chat.y).toBeGreaterThanOrEqual(frame!.y + frame!.height);
      expect(Math.round(chat.height)).toBe(844);
      expect(input.y).toBeGreaterThan(chat.y);
      expect(input.y + input.height).toBeLessThanOrEqual(chat.y + chat.height);
      // Tips and the event's details sit in tabs beside the chat.
      await page.getByRole('tab', { name: 'Tips' }).click();
      await page.getByRole('button', { name: /Buy me a coffee/ }).waitFor();
      await page.getByRole('tab', { name: 'About' }).click();
      await page.getByTestId('creator-name').waitFor();
      await saveScreenshot(page, 'event-page-390');
    } finally {
      await restore();
      await context.close();
    }
  });

  it('the embed player shows only the stream; an unknown event says so', async () => {
    const live = (await eventNamed(fixture.running, 'Around the Clock: deep house listening room'))!;
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    const restore = await premiumEventsOver(fixture.running, 'mara_quill');
    try {
      await page.goto(`/embed/mara_quill/${live.id}/player`);
      await page.getByTestId('stream-video').waitFor();
      expect(await page.getByRole('heading').count()).toBe(0);
      await page.goto('/events/mara_quill/no-such-event');
      await page.getByText('Event not found').waitFor();
    } finally {
      await restore();
      await context.close();
    }
  });
});
