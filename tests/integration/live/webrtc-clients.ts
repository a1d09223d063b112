/**
 * WebRTC peers for the WHIP/WHEP tests. The WHIP publisher is not our server's library: node-datachannel
 * (libdatachannel, what OBS uses), sending H.264 + Opus like OBS (complete offer, no trickle), its media made by
 * Debian's ffmpeg as RTP on loopback and relayed packet by packet. The WHEP viewer (werift) records when video RTP and
 * keyframes arrive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import type { FastifyInstance } from 'fastify';
import nodeDataChannel from 'node-datachannel';
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';

const { PeerConnection, Video, Audio } = nodeDataChannel;
type Pc = InstanceType<typeof PeerConnection>;

const VIDEO_SSRC = 0x11112222;
const AUDIO_SSRC = 0x33334444;

export interface SdpResponse {
  status: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export async function postSdp(app: FastifyInstance, url: string, sdp: string, authorization?: string): Promise<SdpResponse> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/sdp', ...(authorization && { authorization }) },
    payload: sdp,
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

/** The offer with every candidate inside (no trickle), as OBS sends it. */
export async function completeOffer(pc: Pc): Promise<string> {
  const gathered = new Promise<void>((resolve) => pc.onGatheringStateChange((state) => state === 'complete' && resolve()));
  pc.setLocalDescription();
  if (pc.gatheringState() !== 'complete') await gathered;
  return pc.localDescription()!.sdp;
}

export function waitOpen(track: { isOpen(): boolean; onOpen(cb: () => void): void }, timeoutMs: number): Promise<void> {
  if (track.isOpen()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('WebRTC track did not open')), timeoutMs);
    track.onOpen(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** An offer as OBS's WHIP output makes it: H.264 (packetization-mode 1) and Opus, sendonly, every candidate inside. */
export interface WhipPublisher {
  offer: string;
  /** POSTs the offer; on 201 applies the answer and waits for the tracks to open, then starts the media. */
  publish(app: FastifyInstance, key: string): Promise<SdpResponse>;
  /** Video packets sent so far. */
  sent(): number;
  close(): Promise<void>;
}

export async function createWhipPublisher(options: { videoCodec?: 'h264' | 'av1'; audio?: boolean } = {}): Promise<WhipPublisher> {
  const pc = new PeerConnection('whip-publisher', { iceServers: [] });
  const video = new Video('0', 'SendOnly');
  if (options.videoCodec === 'av1') video.addVideoCodec(45, 'AV1');
  else video.addH264Codec(96);
  video.addSSRC(VIDEO_SSRC, 'cuepoint-test', 'stream', 'video');
  const videoTrack = pc.addTrack(video);
  let audioTrack: ReturnType<Pc['addTrack']> | null = null;
  if (options.audio !== false) {
    const audio = new Audio('1', 'SendOnly');
    audio.addOpusCodec(111);
    audio.addSSRC(AUDIO_SSRC, 'cuepoint-test', 'stream', 'audio');
    audioTrack = pc.addTrack(audio);
  }
  const offer = await completeOffer(pc);
  let ffmpeg: ChildProcess | null = null;
  const sockets: Socket[] = [];
  let sent = 0;

  const relay = async (ssrc: number, payloadType: number, track: ReturnType<Pc['addTrack']>, onPacket?: () => void) => {
    const socket = createSocket('udp4');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    socket.on('message', (packet: Buffer) => {
      if (packet.length < 12 || ((packet[1]! & 0x7f) >= 72 && (packet[1]! & 0x7f) <= 79)) return; // RTCP from ffmpeg
      packet[1] = (packet[1]! & 0x80) | payloadType;
      packet.writeUInt32BE(ssrc, 8);
      if (track.isOpen()) {
        track.sendMessageBinary(packet);
        onPacket?.();
      }
    });
    return socket.address().port;
  };

  return {
    offer,
    async publish(app, key) {
      const response = await postSdp(app, '/live/whip', offer, `Bearer ${key}`);
      if (response.status !== 201) return response;
      pc.setRemoteDescription(response.body, 'Answer' as never);
      await waitOpen(videoTrack, 10_000);
      const videoPort = await relay(VIDEO_SSRC, 96, videoTrack, () => sent++);
      const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'];
      args.push('-map', '0:v', '-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-bsf:v', 'dump_extra');
      args.push('-payload_type', '96', '-pkt_size', '1200', '-f', 'rtp', `rtp://127.0.0.1:${videoPort}`);
      if (audioTrack) {
        await waitOpen(audioTrack, 10_000);
        const audioPort = await relay(AUDIO_SSRC, 111, audioTrack);
        args.push('-map', '1:a', '-c:a', 'libopus', '-ac', '2', '-b:a', '64k', '-payload_type', '111', '-pkt_size', '1200', '-f', 'rtp', `rtp://127.0.0.1:${audioPort}`);
      }
      ffmpeg = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'inherit'] });
      return response;
    },
    sent: () => sent,
    async close() {
      if (ffmpeg && ffmpeg.exitCode === null) {
        const exited = new Promise((resolve) => ffmpeg!.once('exit', resolve));
        ffmpeg.kill('SIGKILL');
        await exited;
      }
      for (const socket of sockets.splice(0)) socket.close();
      pc.close();
    },
  };
}

/** Whether an H.264 RTP payload starts or carries an IDR picture (single NAL, STAP-A, FU-A start). */
function carriesKeyframe(payload: Buffer): boolean {
  const type = payload[0]! & 0x1f;
  if (type === 5) return true;
  if (type === 28) return (payload[1]! & 0x80) !== 0 && (payload[1]! & 0x1f) === 5;
  if (type === 24) {
    for (let at = 1; at + 2 < payload.length; ) {
      const size = payload.readUInt16BE(at);
      if ((payload[at + 2]! & 0x1f) === 5) return true;
      at += 2 + size;
    }
  }
  return false;
}

export interface WhepViewer {
  offer: string;
  /** POSTs the offer (Bearer token when given); on 201 applies the answer. */
  play(app: FastifyInstance, eventId: string, token?: string): Promise<SdpResponse>;
  /** When the peer connection connected, the first video RTP and the first keyframe arrived (ms since epoch). */
  times(): { connected: number | null; firstVideo: number | null; firstKeyframe: number | null };
  videoPackets(): number;
  state(): string;
  close(): void;
}

/**
 * A receive-only WHEP peer on werift. (node-datachannel's receiving side dropped a viewer's whole stream now and then
 * on this machine while werift and Chromium got every packet, so the viewers are werift; the publisher stays the
 * independent library.)
 */
export interface WhepPeer {
  offer: string;
  onVideoRtp(listener: (packet: Buffer, payload: Buffer) => void): void;
  applyAnswer(sdp: string): Promise<void>;
  state(): string;
  /** When the peer connection connected (ms since epoch). */
  connectedAt(): number | null;
  close(): Promise<void>;
}

export async function createWhepPeer(): Promise<WhepPeer> {
  const pc = new RTCPeerConnection({
    codecs: {
      video: [new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, payloadType: 96, parameters: 'packetization-mode=1;profile-level-id=42e01f;level-asymmetry-allowed=1', rtcpFeedback: [{ type: 'nack', parameter: 'pli' }] })],
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 })],
    },
  });
  const video = pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  const listeners: Array<(packet: Buffer, payload: Buffer) => void> = [];
  let connectedAt: number | null = null;
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') connectedAt ??= Date.now();
  });
  video.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => listeners.forEach((listener) => listener(rtp.serialize(), rtp.payload))));
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await new Promise<void>((resolve) => pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()));
  return {
    offer: pc.localDescription!.sdp,
    onVideoRtp: (listener) => void listeners.push(listener),
    applyAnswer: async (sdp) => void (await pc.setRemoteDescription({ type: 'answer', sdp })),
    state: () => pc.connectionState,
    connectedAt: () => connectedAt,
    close: () => pc.close(),
  };
}

export async function createWhepViewer(): Promise<WhepViewer> {
  const peer = await createWhepPeer();
  const times = { connected: null as number | null, firstVideo: null as number | null, firstKeyframe: null as number | null };
  let packets = 0;
  peer.onVideoRtp((_packet, payload) => {
    if (payload.length === 0) return;
    packets++;
    times.firstVideo ??= Date.now();
    if (times.firstKeyframe === null && carriesKeyframe(payload)) times.firstKeyframe = Date.now();
  });
  return {
    offer: peer.offer,
    async play(app, eventId, token) {
      const response = await postSdp(app, `/live/whep/${eventId}`, peer.offer, token ? `Bearer ${token}` : undefined);
      if (response.status === 201) await peer.applyAnswer(response.body);
      return response;
    },
    times: () => ({ ...times, connected: peer.connectedAt() }),
    videoPackets: () => packets,
    state: () => peer.state(),
    close: () => void peer.close().catch(() => undefined),
  };
}

/** The publishers and viewers a test file makes, closed together by `closeAll()` in its afterAll. */
export function webrtcPeers() {
  const closers: Array<() => unknown> = [];
  return {
    async publisher(options?: Parameters<typeof createWhipPublisher>[0]): Promise<WhipPublisher> {
      const peer = await createWhipPublisher(options);
      closers.push(() => peer.close());
      return peer;
    },
    async viewer(): Promise<WhepViewer> {
      const peer = await createWhepViewer();
      closers.push(() => peer.close());
      return peer;
    },
    async closeAll(): Promise<void> {
      for (const close of closers.splice(0)) await close();
    },
  };
}
