/**
 * Low-latency playback over WHEP: what `events.stream` offers (the WHEP URL and the viewer's token), and one WHEP
 * session (a recvonly offer with every ICE candidate, POSTed with the token; the answer; DELETE when done). Any
 * refusal or failure is the player's cue to fall back to HLS, so nothing here has text for people.
 */
import type { EventStreamOutput } from '@server/domains/events/events.schemas';
import { deleteSdpSession, postSdp } from '@web/lib/download';
import { iceGatheringComplete } from '@web/lib/ice-gathering';

/** A player that got no picture over WebRTC this long after the answer gives up on it (HLS instead). */
export const firstFrameTimeoutMs = 4_000;
/** ICE gathering that takes longer than this is not waited for: the offer goes with the candidates found so far. */
export const iceGatheringTimeoutMs = 3_000;

/** The WHEP URL of an `events.stream` answer: present only while the event is live through a WHIP publish this server holds. */
export function whepUrlOf(stream: EventStreamOutput | undefined): string | null {
  return stream?.kind === 'hls' && stream.live && stream.whepUrl ? stream.whepUrl : null;
}

/** The viewer's live playback token (the `token` of the signed playlist URL); null for a free event (WHEP is open then). */
export function playbackTokenOf(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, base).searchParams.get('token');
  } catch {
    return null;
  }
}

interface CodecLike {
  mimeType: string;
}

/** Receive codecs with the ones the server sends first (H.264 video, Opus audio), the others kept behind in order. */
export function receiveCodecOrder<T extends CodecLike>(codecs: readonly T[], wanted: string): T[] {
  const first = codecs.filter((codec) => codec.mimeType.toLowerCase() === wanted);
  return [...first, ...codecs.filter((codec) => codec.mimeType.toLowerCase() !== wanted)];
}

export class WhepUnavailable extends Error {
  constructor(readonly status: number) {
    super(`WHEP unavailable (${status})`);
    this.name = 'WhepUnavailable';
  }
}

export interface WhepSession {
  pc: RTCPeerConnection;
  stream: MediaStream;
  stop(): void;
}

/** Opens a WHEP session: resolves with the remote stream once the answer is applied; throws WhepUnavailable on any non-201. */
export async function startWhep(url: string, token: string | null): Promise<WhepSession> {
  const endpoint = new URL(url, window.location.href).toString();
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  const stream = new MediaStream();
  pc.addEventListener('track', (event) => stream.addTrack(event.track));
  let resource: string | null = null;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    pc.close();
    if (resource) void deleteSdpSession(resource, token);
  };
  try {
    for (const kind of ['video', 'audio'] as const) {
      const transceiver = pc.addTransceiver(kind, { direction: 'recvonly' });
      const codecs = RTCRtpReceiver.getCapabilities?.(kind)?.codecs;
      if (codecs && 'setCodecPreferences' in transceiver) transceiver.setCodecPreferences(receiveCodecOrder(codecs, kind === 'video' ? 'video/h264' : 'audio/opus'));
    }
    await pc.setLocalDescription(await pc.createOffer());
    await iceGatheringComplete(pc, iceGatheringTimeoutMs);
    const answer = await postSdp(endpoint, pc.localDescription!.sdp, token);
    if (answer.status !== 201 || !answer.location) throw new WhepUnavailable(answer.status);
    resource = new URL(answer.location, endpoint).toString();
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.text });
    return { pc, stream, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
