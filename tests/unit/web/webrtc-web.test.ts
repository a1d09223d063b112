/**
 * The browser side of WebRTC (issue 35) without a browser: the codec order the publisher and the player ask for, the
 * capture constraints of each quality, the refusal text the Go live page shows, the health rows read from getStats,
 * and what the player reads from `events.stream` to try WHEP.
 */
import { describe, expect, it } from 'vitest';
import type { EventStreamOutput } from '@server/domains/events/events.schemas';
import { bitrateKbps, browserHealthRows, codecName, limitationWarnings, sampleFromStats } from '@web/features/live/media-health';
import { captureFailureMessage, mediaMessages } from '@web/features/live/use-browser-media';
import { canSendH264, cameraConstraints, preferredCodecs, qualityPresets, refusalText, screenConstraints, whipMessages } from '@web/features/live/whip-client';
import { playbackTokenOf, receiveCodecOrder, whepUrlOf } from '@web/features/stream-player/whep-client';

/** What Chromium 120+ answers for RTCRtpSender.getCapabilities('video') (abridged, in its order). */
const chromeVideo = [
  { mimeType: 'video/VP8', clockRate: 90000 },
  { mimeType: 'video/rtx', clockRate: 90000, sdpFmtpLine: 'apt=96' },
  { mimeType: 'video/VP9', clockRate: 90000, sdpFmtpLine: 'profile-id=0' },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f' },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f' },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' },
  { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=640c1f' },
  { mimeType: 'video/AV1', clockRate: 90000 },
  { mimeType: 'video/red', clockRate: 90000 },
  { mimeType: 'video/ulpfec', clockRate: 90000 },
];
const chromeAudio = [
  { mimeType: 'audio/red', clockRate: 48000, channels: 2 },
  { mimeType: 'audio/opus', clockRate: 48000, channels: 2, sdpFmtpLine: 'minptime=10;useinbandfec=1' },
  { mimeType: 'audio/G722', clockRate: 8000 },
  { mimeType: 'audio/PCMU', clockRate: 8000 },
];

describe('codec preferences', () => {
  it('puts H.264 constrained baseline (42e01f, packetization-mode 1) first, then other H.264 mode 1, then mode 0, then the rest in order', () => {
    const ordered = preferredCodecs(chromeVideo, 'video').map((codec) => `${codec.mimeType} ${codec.sdpFmtpLine ?? ''}`.trim());
    expect(ordered).toEqual([
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=640c1f',
      'video/H264 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f',
      'video/VP8',
      'video/rtx apt=96',
      'video/VP9 profile-id=0',
      'video/AV1',
      'video/red',
      'video/ulpfec',
    ]);
    // Nothing dropped (retransmission and FEC stay), nothing changed.
    expect(new Set(preferredCodecs(chromeVideo, 'video'))).toEqual(new Set(chromeVideo));
  });

  it('puts Opus first for audio and keeps the rest', () => {
    expect(preferredCodecs(chromeAudio, 'audio').map((codec) => codec.mimeType)).toEqual(['audio/opus', 'audio/red', 'audio/G722', 'audio/PCMU']);
  });

  it('matches H.264 whatever the case of its MIME type and fmtp', () => {
    const firefox = [
      { mimeType: 'video/VP8' },
      { mimeType: 'video/h264', sdpFmtpLine: 'PROFILE-LEVEL-ID=42E01F;PACKETIZATION-MODE=1' },
    ];
    expect(preferredCodecs(firefox, 'video')[0]!.mimeType).toBe('video/h264');
  });

  it('knows a browser that cannot send H.264 (the Go live page says so rather than publishing what the server refuses)', () => {
    expect(canSendH264(chromeVideo)).toBe(true);
    expect(canSendH264([{ mimeType: 'video/VP8' }, { mimeType: 'video/AV1' }])).toBe(false);
    // A browser without getCapabilities: let the server's answer decide.
    expect(canSendH264(undefined)).toBe(true);
  });

  it('the WHEP player asks for H.264 and Opus first too', () => {
    expect(receiveCodecOrder(chromeVideo, 'video/h264').slice(0, 4).every((codec) => codec.mimeType === 'video/H264')).toBe(true);
    expect(receiveCodecOrder(chromeAudio, 'audio/opus')[0]!.mimeType).toBe('audio/opus');
  });
});

describe('qualities and capture', () => {
  it('720p30 at 2.5 Mbit/s by default, 1080p30 at 4.5 and 480p at 1.2', () => {
    expect(qualityPresets['720p']).toMatchObject({ width: 1280, height: 720, frameRate: 30, maxBitrate: 2_500_000 });
    expect(qualityPresets['1080p']).toMatchObject({ width: 1920, height: 1080, frameRate: 30, maxBitrate: 4_500_000 });
    expect(qualityPresets['480p']).toMatchObject({ height: 480, maxBitrate: 1_200_000 });
  });

  it('asks for the picked camera by id, else the facing; the microphone by id, else the default', () => {
    expect(cameraConstraints('1080p', { cameraId: null, microphoneId: null, facing: 'environment' })).toEqual({
      video: { width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 30 }, facingMode: 'environment' },
      audio: true,
    });
    const picked = cameraConstraints('480p', { cameraId: 'cam-2', microphoneId: 'mic-1', facing: 'user' });
    expect(picked.video).toEqual({ width: { ideal: 854 }, height: { ideal: 480 }, frameRate: { ideal: 30 }, deviceId: { exact: 'cam-2' } });
    expect(picked.audio).toEqual({ deviceId: { exact: 'mic-1' } });
    expect(screenConstraints('720p')).toEqual({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } }, audio: false });
  });

  it('says what went wrong when the camera or the screen cannot be had', () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(captureFailureMessage(named('NotAllowedError'), 'camera')).toBe(mediaMessages.blocked);
    expect(captureFailureMessage(named('NotAllowedError'), 'screen')).toBe(mediaMessages.screenCancelled);
    expect(captureFailureMessage(named('NotFoundError'), 'camera')).toBe(mediaMessages.notFound);
    expect(captureFailureMessage(named('NotReadableError'), 'camera')).toBe(mediaMessages.busy);
    expect(captureFailureMessage(named('OverconstrainedError'), 'camera')).toBe(mediaMessages.unusable);
    expect(captureFailureMessage('weird', 'camera')).toBe(mediaMessages.failed);
  });
});

describe('WHIP refusals on the page', () => {
  it('shows the server’s own text, and a short status line when the body is not text for people', () => {
    expect(refusalText(401, 'Unknown stream key')).toBe('Unknown stream key');
    expect(refusalText(409, 'This stream key is already live\n')).toBe('This stream key is already live');
    expect(refusalText(502, '<html><body>Bad gateway</body></html>')).toBe(whipMessages.refused(502));
    expect(refusalText(500, '{"message":"x"}')).toBe(whipMessages.refused(500));
    expect(refusalText(503, '')).toBe(whipMessages.refused(503));
    expect(refusalText(0, 'Network error')).toBe(whipMessages.noAnswer);
  });
});

/** A Chromium getStats() report of a sending peer connection (the fields we read; others omitted). */
function report(at: number, counters: { bytesVideo: number; bytesAudio: number; keyFrames: number; encoded: number; captured: number; limitation?: string }) {
  return [
    { id: 'COT01_102', type: 'codec', mimeType: 'video/H264', payloadType: 102 },
    { id: 'COT01_111', type: 'codec', mimeType: 'audio/opus', payloadType: 111 },
    { id: 'SV1', type: 'media-source', kind: 'video', width: 1280, height: 720, frames: counters.captured, framesPerSecond: 30 },
    {
      id: 'OT01V',
      type: 'outbound-rtp',
      kind: 'video',
      timestamp: at,
      codecId: 'COT01_102',
      mediaSourceId: 'SV1',
      bytesSent: counters.bytesVideo,
      frameWidth: 1280,
      frameHeight: 720,
      framesPerSecond: 29.97,
      framesEncoded: counters.encoded,
      keyFramesEncoded: counters.keyFrames,
      qualityLimitationReason: counters.limitation ?? 'none',
    },
    { id: 'OT01A', type: 'outbound-rtp', kind: 'audio', timestamp: at, codecId: 'COT01_111', bytesSent: counters.bytesAudio },
    { id: 'CP1', type: 'candidate-pair', bytesSent: 999_999_999 },
  ];
}

describe('health from getStats', () => {
  const first = sampleFromStats(report(1_000_000, { bytesVideo: 0, bytesAudio: 0, keyFrames: 1, encoded: 1, captured: 1 }));
  const previous = sampleFromStats(report(1_008_000, { bytesVideo: 2_000_000, bytesAudio: 64_000, keyFrames: 2, encoded: 240, captured: 241 }));
  const current = sampleFromStats(report(1_010_000, { bytesVideo: 2_600_000, bytesAudio: 80_000, keyFrames: 3, encoded: 300, captured: 305, limitation: 'cpu' }));

  it('reads the video and audio senders, their codecs and the video source', () => {
    expect(current).toEqual({
      at: 1_010_000,
      bytesSent: 2_680_000,
      width: 1280,
      height: 720,
      framesPerSecond: 29.97,
      framesEncoded: 300,
      keyFramesEncoded: 3,
      framesDropped: 5,
      qualityLimitationReason: 'cpu',
      videoCodec: 'H.264',
      audioCodec: 'Opus',
    });
    // A Map-like RTCStatsReport reads the same as the array of its stats.
    const asMap = new Map(report(5, { bytesVideo: 1, bytesAudio: 1, keyFrames: 0, encoded: 0, captured: 0 }).map((stat) => [stat.id, stat]));
    expect(sampleFromStats(asMap).bytesSent).toBe(2);
  });

  it('the bitrate is the bytes sent between two readings, audio and video together', () => {
    // 616,000 bytes in 2 s = 2,464 kbit/s.
    expect(bitrateKbps(previous, current)).toBe(2464);
    expect(bitrateKbps(null, current)).toBeNull();
    expect(bitrateKbps(current, current)).toBeNull();
  });

  it('fills the OBS panel’s rows: bitrate, resolution, fps, codecs, keyframes with their interval, dropped frames, uptime', () => {
    const rows = browserHealthRows({ previous, current, first, startedAt: 1_000_000, now: 1_083_000 });
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['Bitrate', '2,464 kbps'],
      ['Resolution', '1280×720'],
      ['Frame rate', '30 fps'],
      ['Video codec', 'H.264'],
      ['Audio codec', 'Opus'],
      // Two new keyframes in 10 s since the first reading.
      ['Keyframes', '3 · every 5 s'],
      ['Dropped frames', '5 (limited by cpu)'],
      ['Uptime', '00:01:23'],
    ]);
    expect(rows.find((row) => row.label === 'Dropped frames')!.warning).toBe(limitationWarnings.cpu);
    expect(rows.filter((row) => row.warning)).toHaveLength(1);
  });

  it('shows dashes before there is anything to show, and no warning while the browser sends at full quality', () => {
    const empty = sampleFromStats([]);
    const rows = browserHealthRows({ previous: null, current: empty, first: empty, startedAt: 0, now: 0 });
    expect(rows.slice(0, 7).every((row) => row.value === '—')).toBe(true);
    expect(browserHealthRows({ previous, current: previous, first, startedAt: 0, now: 0 }).some((row) => row.warning)).toBe(false);
  });

  it('names codecs for people', () => {
    expect(codecName('video/H264')).toBe('H.264');
    expect(codecName('audio/opus')).toBe('Opus');
    expect(codecName('video/VP9')).toBe('VP9');
    expect(codecName(null)).toBeNull();
  });
});

describe('what the player reads from events.stream', () => {
  const live: EventStreamOutput = { kind: 'hls', url: '/live/s1/index.m3u8?token=tok.abc', live: true, expiresAt: '2030-01-01T00:10:00Z' };

  it('tries WHEP only on a live HLS answer that carries whepUrl', () => {
    expect(whepUrlOf({ ...live, whepUrl: '/live/whep/e1' })).toBe('/live/whep/e1');
    expect(whepUrlOf(live)).toBeNull();
    expect(whepUrlOf({ ...live, whepUrl: null })).toBeNull();
    expect(whepUrlOf({ kind: 'video', url: '/replays/r1.mp4', live: false, expiresAt: null, whepUrl: '/live/whep/e1' })).toBeNull();
    expect(whepUrlOf(undefined)).toBeNull();
  });

  it('sends the token of the signed playlist URL, and none for a free event', () => {
    expect(playbackTokenOf(live.url, 'https://cue.example/events/mara/e1')).toBe('tok.abc');
    expect(playbackTokenOf('/live/s1/index.m3u8', 'https://cue.example/')).toBeNull();
    expect(playbackTokenOf(null, 'https://cue.example/')).toBeNull();
  });
});
