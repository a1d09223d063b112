/**
 * Going live in the browser: the Go live page (server URL, hidden key, Reveal, Rotate), a real RTMP push from Debian's
 * ffmpeg, and the creator's event page switching from its placeholder to the playing stream without a reload.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { liveMessages } from '@server/domains/live/live.schemas';
import { eventForPublish } from '@server/domains/live/live.service';
import { login, newPage, saveScreenshot, seededLogins, useBrowserApp } from './harness';

const { mara } = seededLogins;
const roomyLimits = { LOGIN_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000' };

function pushTestStream(url: string): { child: ChildProcess; stderr: () => string } {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'];
  args.push('-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-g', '50', '-c:a', 'aac', '-t', '90', '-f', 'flv', url);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, stderr: () => err };
}

async function openGoLivePage(page: Page): Promise<void> {
  await page.goto('/apps/live');
  await page.getByRole('heading', { level: 1, name: 'Go live' }).waitFor({ timeout: 15_000 });
}

async function streamKeyText(page: Page): Promise<string> {
  return (await page.getByTestId('stream-key').textContent())?.trim() ?? '';
}

describe('live: the Go live page and a real stream', () => {
  const fixture = useBrowserApp({ ...roomyLimits, RTMP_PORT: '0', RTMP_HOST: '127.0.0.1' });
  // main.ts starts the RTMP listener after listening; the harness builds the app only.
  beforeAll(async () => {
    const started = await fixture.running.app.services.live.start();
    expect(started.enabled, started.reason ?? '').toBe(true);
  });

  it('shows the server URL and the hidden key; Reveal shows it, Rotate changes it', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      await openGoLivePage(page);
      await page.getByRole('heading', { name: 'Stream setup' }).waitFor();
      await page.getByRole('heading', { name: 'OBS settings' }).waitFor();
      expect(await page.getByTestId('ingest-url').textContent()).toMatch(/^rtmp:\/\/[^/:]+:\d+\/live$/);
      const hidden = await streamKeyText(page);
      expect(hidden).not.toContain('live_');

      await page.getByRole('button', { name: 'Reveal' }).click();
      const first = await streamKeyText(page);
      expect(first).toMatch(/^live_\S{20,}$/);
      await page.getByRole('button', { name: 'Hide' }).click();
      expect(await streamKeyText(page)).toBe(hidden);

      await page.getByRole('button', { name: 'Rotate key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate the stream key?' });
      await dialog.getByText(/a stream running on it ends now/).waitFor();
      await dialog.getByRole('button', { name: 'Rotate key' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction((old) => {
        const text = document.querySelector('[data-testid="stream-key"]')?.textContent?.trim() ?? '';
        return text.startsWith('live_') && text !== old;
      }, first);
      await page.getByText(liveMessages.recordingsRule(fixture.running.config.live.recordingsMaxGb)).waitFor();
      await saveScreenshot(page, 'go-live-page');

      // The calendar's dialog says which event a publish would go live in now (the seeded event on today).
      await page.getByTestId('goes-live-in').getByText('Around the Clock: deep house listening room').waitFor();
      await page.goto('/apps/calendar');
      await page.locator('.fc-event', { hasText: 'Around the Clock' }).first().click();
      await page.getByRole('dialog', { name: 'Edit event' }).getByText(liveMessages.goesLiveHere).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a stream pushed with ffmpeg plays on the creator’s event page, which switches to live without a reload', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    let publisher: ReturnType<typeof pushTestStream> | undefined;
    try {
      await login(page, mara.email, mara.password);
      await openGoLivePage(page);
      await page.getByRole('button', { name: 'Reveal' }).click();
      const key = await streamKeyText(page);
      const ingestUrl = (await page.getByTestId('ingest-url').textContent())!.trim();
      const port = new URL(ingestUrl.replace(/^rtmp:/, 'http:')).port;
      expect(Number(port)).toBeGreaterThan(0);
      // Her last broadcast (seeded last week) has ended: the page starts offline or "Stream ended".
      await page.getByTestId('live-state').and(page.locator('[data-state="offline"], [data-state="ended"]')).waitFor();

      const { db } = fixture.running.app.services;
      const maraId = (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.email, mara.email))))!.id;
      const event = await eventForPublish(db, maraId);
      expect(event, 'the seed has an event of Mara on now').toBeTruthy();

      // The event page before the stream: a state message over the player, never a black player at 0:00.
      const viewer = await context.newPage();
      await viewer.goto(`/events/mara_quill/${event!.id}`);
      await viewer.getByRole('heading', { level: 1, name: event!.name }).waitFor({ timeout: 15_000 });
      const state = viewer.getByTestId('stream-state');
      await state.waitFor({ timeout: 20_000 });
      expect([liveMessages.offline, liveMessages.startingSoon]).toContain((await state.textContent())?.trim());
      // On now by the schedule but not on air: the event's badge is not LIVE (common/event-badge.ts).
      const liveEventBadge = viewer.locator('[data-testid="event-badge"][data-kind="live"]');
      expect(await liveEventBadge.count()).toBe(0);
      await viewer.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

      publisher = pushTestStream(`rtmp://127.0.0.1:${port}/live/${key}`);

      // The page turns live on its own and the <video> plays the stream.
      await viewer.getByTestId('live-badge').waitFor({ timeout: 30_000 });
      await liveEventBadge.getByText('LIVE').waitFor({ timeout: 20_000 });
      await viewer.waitForFunction(
        () => {
          const video = document.querySelector<HTMLVideoElement>('[data-testid="stream-video"]');
          return !!video && video.currentTime > 1;
        },
        undefined,
        { timeout: 25_000, polling: 250 },
      );
      const [t1, reloaded] = await viewer.evaluate(() => [
        document.querySelector<HTMLVideoElement>('[data-testid="stream-video"]')!.currentTime,
        !(window as unknown as { samePage?: boolean }).samePage,
      ]);
      expect(reloaded).toBe(false);
      await viewer.waitForFunction((before) => document.querySelector<HTMLVideoElement>('[data-testid="stream-video"]')!.currentTime > before + 1, t1, { timeout: 10_000 });
      expect(await viewer.getByTestId('stream-state').count()).toBe(0);
      await saveScreenshot(viewer, 'event-page-live');

      // A guest on a phone: /chats is chat-only (a link to the event page, no player), the embed player fills its frame.
      const guest = await fixture.browser.newContext({ baseURL: fixture.running.url, viewport: { width: 390, height: 844 } });
      try {
        const chats = await guest.newPage();
        await chats.goto(`/chats/mara_quill/${event!.id}`);
        await chats.getByRole('link', { name: 'Watch on the event page' }).waitFor({ timeout: 20_000 });
        expect(await chats.getByTestId('stream-video').count()).toBe(0);
        const widths = await chats.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.client);
        await saveScreenshot(chats, 'chats-live-390');
        await chats.goto(`/embed/mara_quill/${event!.id}/player`);
        await chats.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="stream-video"]')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 });
      } finally {
        await guest.close();
      }

      // The Go live page: on air, with health from the stream and the event it went live in.
      await page.getByTestId('live-state').and(page.locator('[data-state="live"]')).waitFor({ timeout: 15_000 });
      await page.getByText(`Live in “${event!.name}”`).waitFor();
      await page.getByTestId('health-resolution').getByText('320×180').waitFor({ timeout: 15_000 });
      await saveScreenshot(page, 'go-live-page-live');

      // The calendar marks the event that is live now.
      await page.goto('/apps/calendar');
      await page.locator('.cp-event-live').filter({ hasText: `● LIVE · ${event!.isPremium ? '★ ' : ''}${event!.name}` }).first().waitFor({ timeout: 20_000 });
    } catch (error) {
      if (publisher) console.error('ffmpeg said:', publisher.stderr());
      throw error;
    } finally {
      publisher?.child.kill('SIGINT');
      await context.close();
    }
  }, 120_000);
});

describe('live: ingest off', () => {
  const fixture = useBrowserApp({ ...roomyLimits, LIVE_INGEST: 'off' });
  beforeAll(async () => {
    expect((await fixture.running.app.services.live.start()).enabled).toBe(false);
  });

  it('the Go live page says why it cannot go live', async () => {
    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, mara.email, mara.password);
      await openGoLivePage(page);
      const alert = page.getByTestId('ingest-off');
      await alert.getByText(liveMessages.ingestOff).waitFor();
      await saveScreenshot(page, 'go-live-page-ingest-off');
    } finally {
      await context.close();
    }
  });
});
