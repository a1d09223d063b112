/**
 * The glass-to-glass pieces of bench/webrtc.ts: frames made in Node with their send time drawn in as blocks, a WHIP
 * publisher that encodes them (ffmpeg libx264 baseline zerolatency → RTP → node-datachannel, like OBS), and the two
 * ways back to a decoded frame: a WHEP viewer (RTP → ffmpeg → raw gray frames) and an HLS client (playlist polled,
 * each new segment fetched once and decoded by ffmpeg). Every delay is read from the frame itself: now − drawn time,
 * both on the same clock (ms since the bench's t0).
 *
 * The publisher and viewer peers are adapted from tests/integration/live/webrtc-clients.ts (that publisher can only
 * send ffmpeg's test pattern; that viewer only counts packets).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import nodeDataChannel from 'node-datachannel';
import { completeOffer, createWhepPeer, waitOpen } from '../tests/integration/live/webrtc-clients';

const { PeerConnection, Video, Audio } = nodeDataChannel;
type Pc = InstanceType<typeof PeerConnection>;
type Track = ReturnType<Pc['addTrack']>;

export const WIDTH = 640;
export const HEIGHT = 360;
export const FPS = 30;
const BLOCK = 40;
const COLUMNS = WIDTH / BLOCK; // 16 bits a row
const STAMP_ROWS = 3; // high 16 bits, low 16 bits, low 16 bits inverted (a check)
const LUMA_PLANE = WIDTH * HEIGHT;
const FRAME_BYTES = LUMA_PLANE * 1.5;
const VIDEO_SSRC = 0x11112222;
const AUDIO_SSRC = 0x33334444;
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

// ---------------------------------------------------------------- the stamp

function stampBits(value: number): number[] {
  const high = (value >>> 16) & 0xffff;
  const low = value & 0xffff;
  return [high, low, ~low & 0xffff];
}

/** Draws `value` (32 bits) into the top rows of a yuv420p frame's luma plane: black 16 / white 235 blocks. */
export function drawStamp(frame: Buffer, value: number): void {
  const rows = stampBits(value);
  for (let row = 0; row < STAMP_ROWS; row += 1) {
    for (let column = 0; column < COLUMNS; column += 1) {
      const luma = (rows[row]! >> (COLUMNS - 1 - column)) & 1 ? 235 : 16;
      for (let y = row * BLOCK; y < (row + 1) * BLOCK; y += 1) frame.fill(luma, y * WIDTH + column * BLOCK, y * WIDTH + (column + 1) * BLOCK);
    }
  }
}

/** Reads the stamp back from a decoded gray frame (centre of each block), or null when the check row disagrees. */
export function readStamp(gray: Buffer): number | null {
  const rows: number[] = [];
  for (let row = 0; row < STAMP_ROWS; row += 1) {
    let bits = 0;
    for (let column = 0; column < COLUMNS; column += 1) {
      let sum = 0;
      const y0 = row * BLOCK + BLOCK / 2 - 4;
      const x0 = column * BLOCK + BLOCK / 2 - 4;
      for (let y = y0; y < y0 + 8; y += 1) for (let x = x0; x < x0 + 8; x += 1) sum += gray[y * WIDTH + x]!;
      bits = (bits << 1) | (sum / 64 >= 128 ? 1 : 0);
    }
    rows.push(bits);
  }
  if ((~rows[1]! & 0xffff) !== rows[2]) return null;
  return ((rows[0]! << 16) | rows[1]!) >>> 0;
}

/** Splits a raw gray stream (ffmpeg stdout) into frames. */
function frameReader(onFrame: (gray: Buffer) => void): (chunk: Buffer) => void {
  const size = WIDTH * HEIGHT;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  return (chunk) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < size) return;
    let all = Buffer.concat(pending);
    while (all.length >= size) {
      onFrame(all.subarray(0, size));
      all = all.subarray(size);
    }
    pending = all.length ? [all] : [];
    pendingBytes = all.length;
  };
}

// ---------------------------------------------------------------- peers

export interface SdpAnswer {
  status: number;
  body: string;
  location: string | null;
}

export async function postSdp(url: string, sdp: string, authorization?: string): Promise<SdpAnswer> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/sdp', ...(authorization && { authorization }) }, body: sdp });
  return { status: response.status, body: await response.text(), location: response.headers.get('location') };
}

async function boundSocket(): Promise<Socket> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return socket;
}

/** A free loopback UDP port (bound then released) for an ffmpeg that binds it itself. */
async function freeUdpPort(): Promise<number> {
  const socket = await boundSocket();
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

function isRtcp(packet: Buffer): boolean {
  const pt = packet[1]! & 0x7f;
  return pt >= 72 && pt <= 79;
}

async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export interface StampedPublisher {
  location: string;
  /** Video RTP bytes relayed to the server so far. */
  videoBytes(): number;
  /** Frames written to the encoder, and how many were late by more than a frame (a loaded machine). */
  frames(): { written: number; late: number };
  close(base: string, key: string): Promise<void>;
  /** Kills its encoders at once (this process is exiting). */
  kill(): void;
}

/**
 * Publishes over WHIP (H.264 baseline + Opus, complete offer, no trickle) frames drawn here, each stamped with the
 * time it is written to the encoder (`clock()`, ms). The rest of each frame is moving noise, so the encoder spends a
 * realistic bitrate (`bitrateKbps`, CBR-ish) and the relay carries a realistic packet rate.
 */
export async function publishStamped(base: string, key: string, clock: () => number, bitrateKbps = 1500): Promise<StampedPublisher> {
  const pc = new PeerConnection('bench-whip', { iceServers: [] });
  const video = new Video('0', 'SendOnly');
  video.addH264Codec(96);
  video.addSSRC(VIDEO_SSRC, 'cuepoint-bench', 'stream', 'video');
  const videoTrack = pc.addTrack(video);
  const audio = new Audio('1', 'SendOnly');
  audio.addOpusCodec(111);
  audio.addSSRC(AUDIO_SSRC, 'cuepoint-bench', 'stream', 'audio');
  const audioTrack = pc.addTrack(audio);
  const answer = await postSdp(`${base}/live/whip`, await completeOffer(pc), `Bearer ${key}`);
  if (answer.status !== 201 || !answer.location) throw new Error(`WHIP publish answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  pc.setRemoteDescription(answer.body, 'Answer' as never);
  await Promise.all([waitOpen(videoTrack, 10_000), waitOpen(audioTrack, 10_000)]);

  const sockets: Socket[] = [];
  let videoBytes = 0;
  const relay = async (ssrc: number, payloadType: number, track: Track, count: boolean): Promise<number> => {
    const socket = await boundSocket();
    sockets.push(socket);
    socket.on('message', (packet: Buffer) => {
      if (packet.length < 12 || isRtcp(packet)) return;
      packet[1] = (packet[1]! & 0x80) | payloadType;
      packet.writeUInt32BE(ssrc, 8);
      if (!track.isOpen()) return;
      track.sendMessageBinary(packet);
      if (count) videoBytes += packet.length;
    });
    return socket.address().port;
  };
  const videoPort = await relay(VIDEO_SSRC, 96, videoTrack, true);
  const audioPort = await relay(AUDIO_SSRC, 111, audioTrack, false);

  const encoderArgs = ['-hide_banner', '-loglevel', 'error'];
  encoderArgs.push('-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${WIDTH}x${HEIGHT}`, '-framerate', String(FPS), '-i', 'pipe:0');
  encoderArgs.push('-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(FPS));
  encoderArgs.push('-b:v', `${bitrateKbps}k`, '-maxrate', `${bitrateKbps}k`, '-bufsize', `${Math.round(bitrateKbps / 2)}k`, '-bsf:v', 'dump_extra');
  encoderArgs.push('-payload_type', '96', '-pkt_size', '1200', '-f', 'rtp', `rtp://127.0.0.1:${videoPort}`);
  const encoder = spawn(ffmpeg, encoderArgs, { stdio: ['pipe', 'ignore', 'inherit'] });
  encoder.stdin!.on('error', () => undefined);
  const audioArgs = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'];
  audioArgs.push('-c:a', 'libopus', '-ac', '2', '-b:a', '64k', '-payload_type', '111', '-pkt_size', '1200', '-f', 'rtp', `rtp://127.0.0.1:${audioPort}`);
  const audioEncoder = spawn(ffmpeg, audioArgs, { stdio: ['ignore', 'ignore', 'inherit'] });

  // Moving noise below the stamp: a pool of random planes, one per frame in turn (x264 ultrafast keeps 1 reference).
  const noise = Array.from({ length: 12 }, () => {
    const plane = Buffer.alloc(LUMA_PLANE - STAMP_ROWS * BLOCK * WIDTH);
    for (let i = 0; i < plane.length; i += 1) plane[i] = 96 + ((Math.random() * 64) | 0);
    return plane;
  });
  let written = 0;
  let late = 0;
  let stopped = false;
  const startedAt = clock();
  const tick = () => {
    if (stopped) return;
    const frame = Buffer.alloc(FRAME_BYTES, 128);
    noise[written % noise.length]!.copy(frame, STAMP_ROWS * BLOCK * WIDTH);
    const now = clock();
    if (now - (startedAt + (written * 1000) / FPS) > 1000 / FPS) late += 1;
    drawStamp(frame, Math.round(now));
    encoder.stdin!.write(frame);
    written += 1;
    setTimeout(tick, Math.max(0, startedAt + (written * 1000) / FPS - clock()));
  };
  tick();

  return {
    location: answer.location,
    videoBytes: () => videoBytes,
    frames: () => ({ written, late }),
    kill() {
      stopped = true;
      encoder.kill('SIGKILL');
      audioEncoder.kill('SIGKILL');
    },
    async close(closeBase, closeKey) {
      stopped = true;
      await fetch(`${closeBase}${answer.location}`, { method: 'DELETE', headers: { authorization: `Bearer ${closeKey}` } }).catch(() => undefined);
      await Promise.all([stopChild(encoder), stopChild(audioEncoder)]);
      for (const socket of sockets.splice(0)) socket.close();
      pc.close();
    },
  };
}

export interface DelaySample {
  /** When the frame was decoded (bench clock, ms). */
  at: number;
  delayMs: number;
}

export interface DelayViewer {
  samples: DelaySample[];
  unreadable(): number;
  close(): Promise<void>;
}

/**
 * A WHEP viewer that decodes what it receives: its video RTP goes over loopback to an ffmpeg reading an SDP (one
 * decoding thread, no input buffering, no frame rate conversion), whose raw gray frames are read back here.
 */
export async function watchWhep(base: string, eventId: string, clock: () => number): Promise<DelayViewer> {
  const peer = await createWhepPeer();
  const port = await freeUdpPort();
  const sdp = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=bench WHEP', 'c=IN IP4 127.0.0.1', 't=0 0', `m=video ${port} RTP/AVP 96`, 'a=rtpmap:96 H264/90000', 'a=fmtp:96 packetization-mode=1'];
  const decoder = spawn(
    ffmpeg,
    [
      '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'pipe,udp,rtp', '-fflags', 'nobuffer', '-flags', 'low_delay', '-threads', '1',
      '-analyzeduration', '1000000', '-f', 'sdp', '-i', 'pipe:0',
      '-map', '0:v', '-fps_mode', 'passthrough', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  decoder.stdin!.end(`${sdp.join('\r\n')}\r\n`);
  const samples: DelaySample[] = [];
  let unreadable = 0;
  decoder.stdout!.on(
    'data',
    frameReader((gray) => {
      const at = clock();
      const stamp = readStamp(gray);
      if (stamp === null) unreadable += 1;
      else samples.push({ at, delayMs: at - stamp });
    }),
  );
  const out = await boundSocket();
  peer.onVideoRtp((received) => {
    const packet = Buffer.from(received);
    packet[1] = (packet[1]! & 0x80) | 96;
    out.send(packet, port, '127.0.0.1');
  });
  const answer = await postSdp(`${base}/live/whep/${eventId}`, peer.offer);
  if (answer.status !== 201) throw new Error(`WHEP answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  await peer.applyAnswer(answer.body);
  return {
    samples,
    unreadable: () => unreadable,
    async close() {
      if (answer.location) await fetch(`${base}${answer.location}`, { method: 'DELETE' }).catch(() => undefined);
      await peer.close();
      out.close();
      await stopChild(decoder);
    },
  };
}

export interface HlsSegmentSample {
  /** When the segment's download finished (bench clock, ms). */
  availableAt: number;
  targetDuration: number;
  /** Drawn times of its frames, in order. */
  stamps: number[];
  unreadable: number;
}

export interface HlsWatcher {
  segments: HlsSegmentSample[];
  errors: string[];
  close(): Promise<void>;
}

function decodeSegment(data: Buffer): Promise<{ stamps: number[]; unreadable: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-threads', '1', '-f', 'mpegts', '-i', 'pipe:0', '-map', '0:v', '-fps_mode', 'passthrough', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const stamps: number[] = [];
    let unreadable = 0;
    child.stdout!.on(
      'data',
      frameReader((gray) => {
        const stamp = readStamp(gray);
        if (stamp === null) unreadable += 1;
        else stamps.push(stamp);
      }),
    );
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(data);
    child.once('error', reject);
    child.once('exit', () => resolve({ stamps, unreadable }));
  });
}

/**
 * An HLS client polling the live playlist every `pollMs` (faster than a player, so "available" is when the server
 * had it, give or take `pollMs`) and fetching each segment once, as soon as it is listed.
 */
export function watchHls(playlistUrl: string, clock: () => number, pollMs = 100): HlsWatcher {
  const segments: HlsSegmentSample[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  let stopped = false;
  let first = true;
  const decoding: Promise<void>[] = [];
  const poll = async () => {
    while (!stopped) {
      try {
        const response = await fetch(playlistUrl);
        const text = await response.text();
        if (response.status === 200) {
          const targetDuration = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1] ?? NaN);
          const uris = text.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
          for (const uri of uris) {
            if (seen.has(uri)) continue;
            seen.add(uri);
            if (first) continue; // what was listed before the watch began is not "as it appears"
            const segment = await fetch(new URL(uri, playlistUrl));
            const data = Buffer.from(await segment.arrayBuffer());
            const availableAt = clock();
            if (segment.status !== 200) {
              errors.push(`${uri}: ${segment.status}`);
              continue;
            }
            decoding.push(decodeSegment(data).then(({ stamps, unreadable }) => void segments.push({ availableAt, targetDuration, stamps, unreadable })));
          }
          first = false;
        }
      } catch (error) {
        errors.push((error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };
  const polling = poll();
  return {
    segments,
    errors,
    async close() {
      stopped = true;
      await polling;
      await Promise.all(decoding);
    },
  };
}
