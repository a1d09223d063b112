/**
 * Publishing from the browser over WHIP (RFC 9725): the quality presets, the capture constraints, the codec order
 * (H.264 + Opus, what the server's HLS path takes) and one publish session (offer, POST, answer, Stop).
 */
import { t } from '@lingui/core/macro';
import { deleteSdpSession, postSdp } from '@web/lib/download';
import { iceGatheringComplete } from '@web/lib/ice-gathering';

export type Quality = '720p' | '1080p' | '480p';
export type Source = 'camera' | 'screen';
export type Facing = 'user' | 'environment';

export interface QualityPreset {
  label: string;
  width: number;
  height: number;
  frameRate: number;
  /** The video sender's ceiling, in bit/s. */
  maxBitrate: number;
}

export const qualityPresets: Record<Quality, QualityPreset> = {
  '720p': { label: '720p · 30 fps', width: 1280, height: 720, frameRate: 30, maxBitrate: 2_500_000 },
  '1080p': { label: '1080p · 30 fps', width: 1920, height: 1080, frameRate: 30, maxBitrate: 4_500_000 },
  '480p': { label: '480p · 30 fps', width: 854, height: 480, frameRate: 30, maxBitrate: 1_200_000 },
};
export const defaultQuality: Quality = '720p';
export const qualityOrder: Quality[] = ['720p', '1080p', '480p'];

export const whipEndpoint = '/live/whip';

function videoSize(quality: Quality): MediaTrackConstraints {
  const preset = qualityPresets[quality];
  return { width: { ideal: preset.width }, height: { ideal: preset.height }, frameRate: { ideal: preset.frameRate } };
}

export function microphoneConstraints(microphoneId: string | null): MediaTrackConstraints | true {
  return microphoneId ? { deviceId: { exact: microphoneId } } : true;
}

/** getUserMedia's constraints for the camera and microphone: a chosen camera by id, else the facing the creator picked. */
export function cameraConstraints(quality: Quality, choice: { cameraId: string | null; microphoneId: string | null; facing: Facing }): MediaStreamConstraints {
  const video: MediaTrackConstraints = choice.cameraId ? { ...videoSize(quality), deviceId: { exact: choice.cameraId } } : { ...videoSize(quality), facingMode: choice.facing };
  return { video, audio: microphoneConstraints(choice.microphoneId) };
}

/** getDisplayMedia's options for a shared screen, window or tab (the microphone comes from getUserMedia beside it). */
export function screenConstraints(quality: Quality): DisplayMediaStreamOptions {
  return { video: videoSize(quality), audio: false };
}

interface CodecLike {
  mimeType: string;
  sdpFmtpLine?: string;
}

function fmtp(codec: CodecLike): Map<string, string> {
  const pairs = (codec.sdpFmtpLine ?? '').split(';').map((part) => part.trim().split('='));
  return new Map(pairs.filter((pair) => pair.length === 2).map(([key, value]) => [key!.toLowerCase(), value!.toLowerCase()]));
}

/** How much we want a video codec: H.264 constrained baseline 3.1 with packetization-mode 1, then other H.264, then the rest. */
function videoRank(codec: CodecLike): number {
  if (codec.mimeType.toLowerCase() !== 'video/h264') return 3;
  const params = fmtp(codec);
  const mode1 = params.get('packetization-mode') === '1';
  if (mode1 && params.get('profile-level-id') === '42e01f') return 0;
  return mode1 ? 1 : 2;
}

/**
 * The codec list for `setCodecPreferences`, the wanted codec first: video puts H.264 (42e01f, packetization-mode 1)
 * ahead, audio puts Opus ahead. The others stay behind in the browser's order (a stable sort), retransmission included.
 */
export function preferredCodecs<T extends CodecLike>(codecs: readonly T[], kind: 'video' | 'audio'): T[] {
  const rank = kind === 'video' ? videoRank : (codec: CodecLike) => (codec.mimeType.toLowerCase() === 'audio/opus' ? 0 : 1);
  return codecs
    .map((codec, index) => ({ codec, index, rank: rank(codec) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.codec);
}

/** The browser can send H.264: without it the server has nothing to play (it takes no VP8/VP9/AV1). */
export function canSendH264(codecs: readonly CodecLike[] | null | undefined): boolean {
  return !codecs || codecs.some((codec) => codec.mimeType.toLowerCase() === 'video/h264');
}

/** The server refused the publish: `message` is its text, as it should be shown. */
export class WhipRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'WhipRefusal';
  }
}

/** The publish's own failures, in the active locale. */
export const whipMessages = {
  get noH264() {
    return t`This browser cannot send H.264 video, which Cuepoint needs. Try Chrome, Edge or Firefox.`;
  },
  get noAnswer() {
    return t`The server did not answer. Please check your connection and try again.`;
  },
  refused: (status: number) => t`The server refused the stream (${status}).`,
};

export interface WhipSession {
  pc: RTCPeerConnection;
  /** The session's URL (the answer's `Location`): DELETE ends the stream. */
  resource: string;
  setQuality(quality: Quality): Promise<void>;
  /** Swaps the camera, microphone or screen without a new session (a device picked, the camera turned around). */
  replaceTracks(stream: MediaStream): Promise<void>;
  stop(): Promise<void>;
}

async function setMaxBitrate(sender: RTCRtpSender, maxBitrate: number): Promise<void> {
  const parameters = sender.getParameters();
  if (!parameters.encodings?.length) return;
  parameters.encodings = parameters.encodings.map((encoding) => ({ ...encoding, maxBitrate }));
  await sender.setParameters(parameters);
}

function resolveAgainst(location: string, endpoint: string): string {
  return new URL(location, new URL(endpoint, window.location.href)).toString();
}

/** The refusal text to show: the server's body when it has one (plain text), else a short status line. */
export function refusalText(status: number, body: string): string {
  if (status === 0) return whipMessages.noAnswer;
  const text = body.trim();
  return text && text.length <= 500 && !text.startsWith('<') && !text.startsWith('{') ? text : whipMessages.refused(status);
}

/**
 * Publishes `stream` over WHIP: sendonly transceivers with H.264 and Opus first, the video capped at the quality's
 * bitrate, a complete offer (ICE gathered), the answer applied. Throws WhipRefusal with the server's text when refused.
 */
export async function startWhip(options: { stream: MediaStream; streamKey: string; quality: Quality; endpoint?: string }): Promise<WhipSession> {
  const { stream, streamKey, quality, endpoint = whipEndpoint } = options;
  const videoCodecs = RTCRtpSender.getCapabilities?.('video')?.codecs;
  if (!canSendH264(videoCodecs)) throw new WhipRefusal(0, whipMessages.noH264);
  const audioCodecs = RTCRtpSender.getCapabilities?.('audio')?.codecs;
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  try {
    for (const track of stream.getTracks()) {
      const video = track.kind === 'video';
      const transceiver = pc.addTransceiver(track, {
        direction: 'sendonly',
        streams: [stream],
        ...(video ? { sendEncodings: [{ maxBitrate: qualityPresets[quality].maxBitrate }] } : {}),
      });
      const codecs = video ? videoCodecs : audioCodecs;
      if (codecs && 'setCodecPreferences' in transceiver) transceiver.setCodecPreferences(preferredCodecs(codecs, video ? 'video' : 'audio'));
    }
    await pc.setLocalDescription(await pc.createOffer());
    await iceGatheringComplete(pc);
    const answer = await postSdp(endpoint, pc.localDescription!.sdp, streamKey);
    if (answer.status !== 201 || !answer.location) throw new WhipRefusal(answer.status, refusalText(answer.status, answer.text));
    const resource = resolveAgainst(answer.location, endpoint);
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.text });
    } catch (error) {
      void deleteSdpSession(resource, streamKey);
      throw error;
    }
    let stopped = false;
    return {
      pc,
      resource,
      setQuality: async (next) => {
        const sender = pc.getSenders().find((candidate) => candidate.track?.kind === 'video');
        if (sender) await setMaxBitrate(sender, qualityPresets[next].maxBitrate);
      },
      replaceTracks: async (next) => {
        for (const sender of pc.getSenders()) {
          const track = next.getTracks().find((candidate) => candidate.kind === sender.track?.kind);
          if (track && track !== sender.track) await sender.replaceTrack(track);
        }
      },
      stop: async () => {
        if (stopped) return;
        stopped = true;
        pc.close();
        await deleteSdpSession(resource, streamKey);
      },
    };
  } catch (error) {
    pc.close();
    throw error;
  }
}
