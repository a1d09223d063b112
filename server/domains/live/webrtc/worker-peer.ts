/** What the media worker's publishers and viewers share: the settings, messages to the engine, peer connections. */
import { createSocket, type Socket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { RTCPeerConnection, RTCRtpCodecParameters, type RTCRtpTransceiver } from 'werift';
import type { FailReason, FromWorker, MediaSettings, ToWorker } from './protocol';
import { announcePublicIp, hasCandidates } from './sdp';

const GATHER_TIMEOUT_MS = 5_000;
/** A disconnected peer that does not come back within this long is gone. */
export const DISCONNECTED_GRACE_MS = 5_000;

const port = parentPort!;
let current: MediaSettings | null = null;

export function configure(next: MediaSettings): void {
  current = next;
}

export function settings(): MediaSettings {
  if (!current) throw new Error('the media worker is not configured');
  return current;
}

export function onMessage(handler: (message: ToWorker) => void): void {
  port.on('message', handler);
}

export function post(message: FromWorker): void {
  port.postMessage(message);
}
export function log(level: 'info' | 'warn' | 'error', obj: Record<string, unknown>, msg: string): void {
  post({ type: 'log', level, obj, msg });
}

function codecs() {
  const feedback = [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }];
  return {
    // no profile-level-id: any H.264 profile a publisher sends is taken (OBS: high; browsers: constrained baseline)
    video: [new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: feedback, parameters: 'packetization-mode=1' })],
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
  };
}

export function newPeerConnection(): RTCPeerConnection {
  return new RTCPeerConnection({
    codecs: codecs(),
    icePortRange: settings().portRange,
    iceUseIpv6: false,
    iceUseTcp: false,
    bundlePolicy: 'max-bundle',
  });
}

/** Answers a remote offer: the complete answer (all candidates inside, no trickle), or why not. */
export async function answerOffer(pc: RTCPeerConnection, offer: string, prepare: (transceivers: RTCRtpTransceiver[]) => Promise<void>): Promise<{ sdp: string } | { reason: FailReason; message: string }> {
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await prepare(pc.getTransceivers());
    await pc.setLocalDescription(await pc.createAnswer());
  } catch (error) {
    return { reason: 'negotiation', message: (error as Error).message };
  }
  if (pc.iceGatheringState !== 'complete') {
    await pc.iceGatheringStateChange.watch((state) => state === 'complete', GATHER_TIMEOUT_MS).catch(() => undefined);
  }
  const sdp = pc.localDescription?.sdp ?? '';
  if (!hasCandidates(sdp)) return { reason: 'no-port', message: 'no free UDP port' };
  return { sdp: announcePublicIp(sdp, settings().publicIp) };
}

/** Two free consecutive loopback UDP ports (RTP and its RTCP) for ffmpeg to listen on. */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const rtp = randomInt(10_000, 30_000) * 2;
    const sockets: Socket[] = [];
    try {
      for (const p of [rtp, rtp + 1]) {
        const socket = createSocket('udp4');
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('error', reject);
          socket.bind(p, '127.0.0.1', () => resolve());
        });
      }
      return rtp;
    } catch {
      continue;
    } finally {
      await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.close(() => resolve())).catch(() => undefined)));
    }
  }
  throw new Error('no free loopback UDP port pair for ffmpeg');
}
