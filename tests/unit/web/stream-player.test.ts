import { describe, expect, it } from 'vitest';
import type { EventStreamOutput } from '@server/domains/events/events.schemas';
import { liveMessages, type LiveStatusOutput } from '@server/domains/live/live.schemas';
import { streamRefetchInterval } from '@web/features/stream-player/use-event-stream';
import { idleMessage, playerView, retryDelayMs, statusOfUpdate, streamIdentity, withLatestToken, type PlayerViewInput } from '@web/features/stream-player/stream-state';
import { formatBytes, formatClock, goesLiveText, healthRows } from '@web/features/live/live-format';

const base = 'https://cue.example/events/mara/e1';
const now = Date.parse('2030-05-01T12:00:00Z');
const onNow = { startDateTime: '2030-05-01T11:00:00Z', endDateTime: '2030-05-01T14:00:00Z' };
const later = { startDateTime: '2030-05-02T11:00:00Z', endDateTime: '2030-05-02T14:00:00Z' };
const over = { startDateTime: '2030-04-30T11:00:00Z', endDateTime: '2030-04-30T14:00:00Z' };
const none: EventStreamOutput = { kind: 'none', url: null, live: false, expiresAt: null };
const live: LiveStatusOutput = { state: 'live', viewers: 3, startedAt: '2030-05-01T11:58:00Z' };

function view(input: Partial<PlayerViewInput>) {
  return playerView({ stream: none, streamFailed: false, playbackFailed: false, status: undefined, schedule: onNow, parentHost: 'cue.example', base, now, ...input });
}

describe('stream player states', () => {
  it('nothing playable: starting soon before a scheduled start, offline while the event is on, ended after it or after the stream', () => {
    expect(view({ schedule: later })).toEqual({ view: 'message', reason: 'starting-soon', text: liveMessages.startingSoon });
    expect(view({})).toEqual({ view: 'message', reason: 'offline', text: liveMessages.offline });
    expect(view({ schedule: { startDateTime: null, endDateTime: null } }).view).toBe('message');
    expect(view({ schedule: over })).toMatchObject({ reason: 'ended', text: liveMessages.ended });
    expect(view({ status: { state: 'ended', viewers: null, startedAt: null } })).toMatchObject({ reason: 'ended' });
    expect(idleMessage(live, later, now).reason).toBe('offline');
  });

  it('a failed events.stream or a player that gave up is a message, never a black player', () => {
    const hls: EventStreamOutput = { kind: 'hls', url: '/live/s1/index.m3u8?token=a', live: true, expiresAt: null };
    expect(view({ stream: undefined, streamFailed: true })).toMatchObject({ reason: 'offline' });
    expect(view({ stream: hls, playbackFailed: true })).toMatchObject({ reason: 'offline' });
    expect(view({ stream: undefined })).toEqual({ view: 'loading' });
  });

  it('our relative HLS and replay URLs resolve against the page; live from the answer or the status', () => {
    expect(view({ stream: { kind: 'hls', url: '/live/s1/index.m3u8?token=a', live: false, expiresAt: null }, status: live })).toEqual({
      view: 'hls',
      url: 'https://cue.example/live/s1/index.m3u8?token=a',
      live: true,
    });
    expect(view({ stream: { kind: 'hls', url: '/live/s1/index.m3u8?token=a', live: true, expiresAt: null } })).toMatchObject({ view: 'hls', live: true });
    // An external playlist during its scheduled time plays, but is never LIVE (that badge is our own ingest's).
    expect(view({ stream: { kind: 'hls', url: 'https://cdn.example/live.m3u8', live: true, expiresAt: null }, status: { state: 'offline', viewers: null, startedAt: null } })).toEqual({
      view: 'hls',
      url: 'https://cdn.example/live.m3u8',
      live: false,
    });
    expect(view({ stream: { kind: 'video', url: '/live/replays/r1.mp4', live: false, expiresAt: null } })).toEqual({ view: 'video', url: 'https://cue.example/live/replays/r1.mp4' });
    expect(view({ stream: { kind: 'iframe', url: 'https://www.youtube.com/watch?v=jfKfPfyJRdk', live: true, expiresAt: null } })).toMatchObject({
      view: 'iframe',
      source: { embedUrl: 'https://www.youtube.com/embed/jfKfPfyJRdk' },
    });
  });
});

describe('signed URL refresh without reloading the player', () => {
  it('rewrites the token of our own requests that carry one, nothing else', () => {
    const latest = 'https://cue.example/live/s1/index.m3u8?token=new';
    expect(withLatestToken('https://cue.example/live/s1/segment7.ts?token=old', latest)).toBe('https://cue.example/live/s1/segment7.ts?token=new');
    expect(withLatestToken('https://cue.example/live/s1/index.m3u8?token=new', latest)).toBe('https://cue.example/live/s1/index.m3u8?token=new');
    expect(withLatestToken('https://cdn.example/seg.ts?token=old', latest)).toBe('https://cdn.example/seg.ts?token=old');
    expect(withLatestToken('https://cue.example/live/s1/seg.ts', latest)).toBe('https://cue.example/live/s1/seg.ts');
    expect(withLatestToken('https://cue.example/live/s1/seg.ts?token=old', 'https://cue.example/live/s1/index.m3u8')).toBe('https://cue.example/live/s1/seg.ts?token=old');
  });

  it('a new token is the same stream; another session is not', () => {
    expect(streamIdentity('https://cue.example/live/s1/index.m3u8?token=a')).toBe(streamIdentity('https://cue.example/live/s1/index.m3u8?token=b'));
    expect(streamIdentity('https://cue.example/live/s1/index.m3u8?token=a')).not.toBe(streamIdentity('https://cue.example/live/s2/index.m3u8?token=a'));
  });

  it('asks for a new URL a minute before it expires, soon while a stream starts, else every 30 s', () => {
    const expiresAt = new Date(now + 10 * 60_000).toISOString();
    expect(streamRefetchInterval({ kind: 'hls', url: '/x.m3u8?token=a', live: true, expiresAt }, now)).toBe(9 * 60_000);
    expect(streamRefetchInterval(none, now, live)).toBe(3_000);
    expect(streamRefetchInterval(none, now)).toBe(30_000);
  });

  it('reads plain and tracked status updates; retries back off to 30 s', () => {
    expect(statusOfUpdate(live)).toEqual(live);
    expect(statusOfUpdate({ id: '1', data: live })).toEqual(live);
    expect(statusOfUpdate(null)).toBeUndefined();
    expect([0, 1, 2, 3, 9].map(retryDelayMs)).toEqual([4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});

describe('Go live page formats', () => {
  it('health rows, with the keyframe warning above 4 s', () => {
    const health = { videoCodec: 'H.264', audioCodec: 'AAC', width: 1280, height: 720, frameRate: 29.97, bitrateKbps: 2480.4, keyframeIntervalSeconds: 2, uptimeSeconds: 3723 };
    expect(healthRows(health).map((row) => [row.label, row.value])).toEqual([
      ['Bitrate', '2,480 kbps'],
      ['Resolution', '1280×720'],
      ['Frame rate', '29.97 fps'],
      ['Video codec', 'H.264'],
      ['Audio codec', 'AAC'],
      ['Keyframe interval', '2 s'],
      ['Uptime', '01:02:03'],
    ]);
    expect(healthRows(health).some((row) => row.warning)).toBe(false);
    expect(healthRows({ ...health, keyframeIntervalSeconds: 8 }).find((row) => row.warning)?.warning).toBe(liveMessages.keyframeWarning);
  });

  it('sizes, clocks and where a publish goes live', () => {
    expect([formatBytes(812_000), formatBytes(1_400_000), formatBytes(20_500_000_000), formatBytes(null)]).toEqual(['812 KB', '1.40 MB', '20.5 GB', '—']);
    expect(formatClock(12.4)).toBe('00:00:12');
    expect(goesLiveText({ name: 'Sunday set' }, 'Mara')).toBe('Going live now streams into “Sunday set”.');
    expect(goesLiveText(null, 'Mara Quill')).toBe('Going live now creates a free event “Mara Quill is live”.');
  });
});
