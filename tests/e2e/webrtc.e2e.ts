/**
 * Going live from the browser (issue 35): Chromium's fake camera and microphone publish over WHIP from the Go live
 * page, a viewer watches over WHEP with "Low latency", a viewer past the WebRTC cap gets HLS without doing anything,
 * the HLS segments decode as H.264 + AAC, a second publisher on the same key reads the server's refusal on the page,
 * Stop ends the stream, and the recording becomes a replay. The publisher panel fits a 390×844 phone.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { liveMessages } from '@server/domains/live/live.schemas';
import { callerAs } from '../helpers/app';
import { chromiumArgs, chromiumPath, login, saveScreenshot, seededLogins, startApp, type RunningApp } from './harness';

const { mara } = seededLogins;
const fakeMedia = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
/** Two WebRTC viewers per stream: the creator's own Go live preview and one viewer; a third viewer is sent to HLS. */
const env = {
  LOGIN_RATE_LIMIT: '1000',
  REGISTER_RATE_LIMIT: '1000',
  RTMP_PORT: '0',
  RTMP_HOST: '127.0.0.1',
  LIVE_WEBRTC_UDP_PORTS: '44600-44700',
  LIVE_WEBRTC_MAX_VIEWERS: '2',
};

let running: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Uncaught errors of any page: none is expected. */
const pageErrors: string[] = [];

beforeAll(async () => {
  running = await startApp(env);
  const started = await running.app.services.live.start();
  expect(started.enabled, started.reason ?? '').toBe(true);
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMedia] });
});

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  await browser?.close();
  await running?.close();
});

async function open(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: running.url, viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

async function openGoLive(page: Page): Promise<void> {
  await login(page, mara.email, mara.password);
  await page.goto('/apps/live');
  await page.getByRole('heading', { name: 'Go live from this browser' }).waitFor({ timeout: 15_000 });
}

/** The <video> matched by `selector` plays: its currentTime moves on by at least a second. */
async function advances(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => (document.querySelector<HTMLVideoElement>(css)?.currentTime ?? 0) > 0.5, selector, { timeout: 30_000 });
  const before = await page.$eval(selector, (video: HTMLVideoElement) => video.currentTime);
  await page.waitForFunction(([css, from]) => (document.querySelector<HTMLVideoElement>(css as string)?.currentTime ?? 0) > (from as number) + 1, [selector, before] as const, {
    timeout: 15_000,
  });
}

/** The codecs ffprobe finds in the newest segment of a live playlist (with its init section for fMP4). */
async function segmentCodecs(playlistUrl: string): Promise<string[]> {
  let playlist = '';
  const deadline = Date.now() + 30_000;
  while (!(playlist = await (await fetch(playlistUrl)).text()).includes('#EXTINF') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
  const segment = playlist.split('\n').filter((line) => line.trim() && !line.startsWith('#')).at(-1)!;
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  const bytes = async (uri: string) => Buffer.from(await (await fetch(new URL(uri, playlistUrl))).arrayBuffer());
  const file = join(running.dataDir, 'probe-segment');
  writeFileSync(file, Buffer.concat([...(init ? [await bytes(init)] : []), await bytes(segment)]));
  const out = execFileSync('ffprobe', ['-v', 'error', '-of', 'json', '-show_streams', file], { encoding: 'utf8', timeout: 30_000 });
  return (JSON.parse(out) as { streams: Array<{ codec_name: string }> }).streams.map((stream) => stream.codec_name).sort();
}

describe('webrtc: going live from the browser', () => {
  it('publishes from the Go live page, plays over WHEP with "Low latency", falls back to HLS past the cap, refuses a second publisher, and the recording becomes a replay', async () => {
    const creator = await open();
    await openGoLive(creator);
    const publisher = creator.getByTestId('browser-publisher');
    await publisher.getByRole('button', { name: 'Start' }).click();
    await publisher.getByTestId('browser-live').waitFor({ timeout: 30_000 });

    // The preview plays, the microphone moves the meter, and the health panel reads what the browser sends.
    await advances(creator, '[data-testid="browser-preview"]');
    await creator.waitForFunction(() => Number(document.querySelector('[data-testid="mic-level"]')?.getAttribute('aria-valuenow')) > 0, undefined, { timeout: 15_000 });
    const health = (name: string) => publisher.getByTestId(`browser-health-${name}`);
    await creator.waitForFunction(() => /^[1-9][\d,]* kbps$/.test(document.querySelector('[data-testid="browser-health-bitrate"]')?.textContent ?? ''), undefined, { timeout: 15_000 });
    expect(await health('resolution').textContent()).toMatch(/^\d{3,4}×\d{3,4}$/);
    expect(await health('frame-rate').textContent()).toMatch(/^\d+(\.\d)? fps$/);
    expect(await health('video-codec').textContent()).toBe('H.264');
    expect(await health('audio-codec').textContent()).toBe('Opus');
    expect(await health('keyframes').textContent()).toMatch(/^\d+/);
    expect(await health('dropped-frames').textContent()).toMatch(/^\d+/);
    // The dashboard (polled from the server) is on air too.
    await creator.locator('[data-testid="live-state"][data-state="live"]').waitFor({ timeout: 20_000 });
    await saveScreenshot(creator, 'webrtc-go-live-publishing');

    const token = (await creator.evaluate(() => localStorage.getItem('cuepoint.token')))!;
    const asMara = await callerAs(running.app, token);
    const dashboard = await asMara.live.dashboard();
    const eventId = dashboard.session!.eventId;
    const stream = await (await callerAs(running.app)).events.stream({ eventId });
    expect(stream).toMatchObject({ kind: 'hls', live: true, whepUrl: `/live/whep/${eventId}` });

    // The creator's own preview is low latency too (the first of the two WebRTC viewers).
    await creator.getByTestId('stream-player').getByTestId('low-latency').waitFor({ timeout: 30_000 });

    // A viewer's event page plays over WHEP: "Low latency" and the picture moves.
    const viewer = await open();
    await viewer.goto(`/events/mara_quill/${eventId}`);
    await viewer.getByTestId('low-latency').waitFor({ timeout: 30_000 });
    await advances(viewer, '[data-testid="stream-video"][data-transport="webrtc"]');
    await saveScreenshot(viewer, 'webrtc-viewer-low-latency');

    // The HLS rendition of the same publish decodes as H.264 + AAC (Opus transcoded for HLS).
    expect(await segmentCodecs(`${running.url}${stream!.url}`)).toEqual(['aac', 'h264']);

    // Past LIVE_WEBRTC_MAX_VIEWERS the player goes on over HLS by itself: it plays, without the badge.
    const late = await open();
    await late.goto(`/events/mara_quill/${eventId}`);
    await late.getByTestId('live-badge').waitFor({ timeout: 30_000 });
    await advances(late, '[data-testid="stream-video"]:not([data-transport])');
    expect(await late.getByTestId('low-latency').count()).toBe(0);

    // A second publisher on the same key reads the server's refusal on the Go live page; the first stays live.
    const second = await open();
    await openGoLive(second);
    await second.getByTestId('browser-publisher').getByRole('button', { name: 'Start' }).click();
    const refusal = second.getByTestId('browser-publish-error');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect((await refusal.textContent())?.trim()).toBe(liveMessages.alreadyLive);
    expect(await second.getByTestId('browser-live').count()).toBe(0);
    await second.context().close();
    expect(await publisher.getByTestId('browser-live').isVisible()).toBe(true);

    // Leaving the page in the app while live asks first; "Cancel" keeps the stream.
    const asked: string[] = [];
    creator.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await creator.getByRole('link', { name: 'Calendar' }).first().click();
    expect(asked).toEqual(['You are live from this page: leaving it ends your stream.']);
    expect(new URL(creator.url()).pathname).toBe('/apps/live');
    expect(await publisher.getByTestId('browser-live').isVisible()).toBe(true);

    // Stop ends the stream: the dashboard and the viewer's page say so.
    await publisher.getByRole('button', { name: 'Stop' }).click();
    await publisher.getByRole('button', { name: 'Start' }).waitFor({ timeout: 15_000 });
    await creator.locator('[data-testid="live-state"]:is([data-state="ended"], [data-state="offline"])').waitFor({ timeout: 60_000 });
    await viewer.getByTestId('low-latency').waitFor({ state: 'detached', timeout: 30_000 });

    // The recording becomes a replay: published as an episode from the Go live page, played on the event page.
    await asMara.podcasts.createTitle({ name: 'Browser replays', isVideo: true });
    await creator.reload();
    const row = creator.getByTestId('recording-row').filter({ has: creator.getByRole('button', { name: 'Publish as episode' }) }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Publish as episode' }).click();
    const dialog = creator.getByRole('dialog', { name: 'Publish as episode' });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await dialog.waitFor({ state: 'detached' });
    const recordings = await asMara.live.recordings();
    const replay = recordings.find((recording) => recording.eventId === eventId && recording.episodeId);
    expect(replay, 'the browser publish was recorded and published').toBeTruthy();
    expect(replay!.durationSeconds ?? 0).toBeGreaterThan(3);
    await viewer.goto(`/events/mara_quill/${eventId}`);
    await viewer.getByTestId('replay-badge').waitFor({ timeout: 30_000 });
    await advances(viewer, '[data-testid="stream-video"]');
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it('fits a 390×844 phone: the publisher panel, its preview and Start without sideways scrolling', async () => {
    const phone = await open({ width: 390, height: 844 });
    await openGoLive(phone);
    const publisher = phone.getByTestId('browser-publisher');
    await publisher.getByRole('button', { name: 'Turn on camera' }).click();
    await advances(phone, '[data-testid="browser-preview"]');
    const box = (await publisher.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const start = (await publisher.getByRole('button', { name: 'Start' }).boundingBox())!;
    expect(start.x + start.width).toBeLessThanOrEqual(390);
    // The page as a whole does not scroll sideways either (the elements that stick out, to say where to look).
    const width = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      offenders: [...document.body.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > 390.5 && !(element.parentElement && element.parentElement.getBoundingClientRect().right > 390.5))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).slice(0, 4).join('.')}`),
    }));
    expect(width.scroll, width.offenders.join(' | ')).toBeLessThanOrEqual(390);
    await saveScreenshot(phone, 'webrtc-go-live-390');
    expect(pageErrors).toEqual([]);
  });
});
