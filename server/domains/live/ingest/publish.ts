/**
 * One publishing connection of the ingest engine: its RTMP session, the codec gate (media held until the codecs are
 * known and allowed, then handed to ffmpeg), the FLV tags written to ffmpeg's stdin and the health figures.
 * The engine (ingest-server.ts) owns the phases' transitions, ffmpeg's process and the listener.
 */
import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Amf0Object } from './amf0';
import { decodeAmf0 } from './amf0';
import { masterPlaylist, TailBuffer } from './ffmpeg';
import {
  aacCodecs,
  audioCodecName,
  FLV_AUDIO_AAC,
  FLV_AUDIO_MP3,
  FLV_TAG_AUDIO,
  FLV_TAG_SCRIPT,
  FLV_TAG_VIDEO,
  FLV_VIDEO_H264,
  fillTagFraming,
  metadataCodecId,
  parseAvcConfig,
  videoCodecName,
} from './flv';
import { type MediaType, RtmpConnection } from './rtmp-connection';
import type { EndedInfo, IngestLogger, PublishAttempt, StreamHealth } from './types';

export const REFUSE_VIDEO = 'Use H.264 video';
export const REFUSE_AUDIO = 'Use AAC or MP3 audio';

/** ffmpeg's stdin backlog above which the socket is paused (TCP pushes back on the encoder). */
const STDIN_HIGH_WATER = 4 * 1024 * 1024;
/** Media held while codecs are checked, before ffmpeg runs. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** Wait this long after the first media for the other kind (audio/video) before starting without it. */
const CODEC_WAIT_MS = 3_000;
const HEALTH_WINDOW_SAMPLES = 3;
const KEYFRAMES_KEPT = 6;

/** What a publish asks of the engine that owns it. */
export interface PublishOwner {
  readonly log: IngestLogger;
  onPublish(p: Publish, app: string, name: string): void;
  /** Codec refusal after authorize accepted. */
  refuseAccepted(p: Publish, reason: string): void;
  failBeforeStart(p: Publish, message: string): void;
  startFfmpeg(p: Publish): void;
}

export type Phase = 'connecting' | 'authorizing' | 'refused' | 'gating' | 'running' | 'ending' | 'done';

interface Sample {
  at: number;
  bytes: number;
  frames: number;
  videoTs: number;
}

export class Publish {
  phase: Phase = 'connecting';
  readonly rtmp: RtmpConnection;
  attempt: PublishAttempt | null = null;
  hlsDir = '';
  recordingPath = '';
  accepted = false;
  ffmpeg: ChildProcess | null = null;
  readonly stderr = new TailBuffer(4096);
  endReason: EndedInfo['reason'] | null = null;
  ffmpegFailed = false;
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private timers: NodeJS.Timeout[] = [];

  // codec gate
  videoId: number | null = null;
  audioId: number | null = null;
  metadata: Amf0Object | null = null;
  pending: { type: MediaType; ts: number; payload: Buffer }[] = [];
  pendingBytes = 0;
  firstMediaAt = 0;

  // health
  bytesIn = 0;
  frames = 0;
  lastVideoTs = 0;
  readonly keyframes: number[] = [];
  width: number | null = null;
  height: number | null = null;
  videoCodecs: string | null = null;
  audioCodecs: string | null = null;
  startedAt = 0;
  readonly samples: Sample[] = [];
  paused = false;

  constructor(
    readonly id: string,
    readonly socket: Socket,
    readonly engine: PublishOwner,
  ) {
    this.done = new Promise((r) => (this.resolveDone = r));
    this.rtmp = new RtmpConnection(socket, {
      onPublish: (app, name) => engine.onPublish(this, app, name),
      onMedia: (type, ts, payload) => this.onMedia(type, ts, payload),
      onUnpublish: () => this.socket.end(),
      onProtocolError: (message) => {
        engine.log.warn({ connectionId: id, err: message }, 'RTMP protocol error');
        this.socket.destroy();
      },
    });
  }

  timer(ms: number, fn: () => void): void {
    const t = setTimeout(fn, ms);
    t.unref();
    this.timers.push(t);
  }

  clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  settle(): void {
    this.phase = 'done';
    this.clearTimers();
    this.pending = [];
    this.resolveDone();
  }

  /** Bytes from the socket: parsed as RTMP; while ffmpeg lags too far behind, the socket is paused. */
  onData(data: Buffer): void {
    this.bytesIn += data.length;
    const stdin = this.phase === 'running' ? this.ffmpeg?.stdin : null;
    if (stdin) {
      stdin.cork();
      this.rtmp.feed(data);
      stdin.uncork();
      if (stdin.writableLength > STDIN_HIGH_WATER && !this.paused) {
        this.paused = true;
        this.socket.pause();
        this.engine.log.warn({ connectionId: this.id, backlog: stdin.writableLength }, 'ffmpeg is behind; pausing the publisher');
        stdin.once('drain', () => {
          this.paused = false;
          if (!this.socket.destroyed) this.socket.resume();
        });
      }
    } else {
      this.rtmp.feed(data);
    }
  }

  // ---- media ----

  onMedia(type: MediaType, ts: number, payload: Buffer): void {
    if (this.phase === 'running') {
      if (type === FLV_TAG_VIDEO) this.trackVideo(ts, payload);
      else if (type === FLV_TAG_AUDIO) this.trackAudio(payload);
      else if (type === FLV_TAG_SCRIPT) {
        const meta = this.scriptPayload(payload);
        if (!meta) return;
        payload = meta;
      }
      this.writeTag(type, ts, payload);
      return;
    }
    if (this.phase !== 'gating') return;
    if (type === FLV_TAG_SCRIPT) {
      const meta = this.scriptPayload(payload);
      if (!meta) return;
      payload = meta;
      if (!this.checkMetadata(meta)) return;
    } else if (type === FLV_TAG_VIDEO) {
      if (payload.length < 1) return;
      if (this.videoId === null) {
        const id = payload[0]! & 0x80 ? -1 : payload[0]! & 0x0f; // 0x80: enhanced RTMP (HEVC, AV1, ...)
        this.videoId = id;
        if (id !== FLV_VIDEO_H264) return this.engine.refuseAccepted(this, REFUSE_VIDEO);
      }
      this.trackVideo(ts, payload);
    } else if (type === FLV_TAG_AUDIO) {
      if (payload.length < 1) return;
      if (this.audioId === null) {
        const id = payload[0]! >>> 4;
        this.audioId = id;
        if (id !== FLV_AUDIO_AAC && id !== FLV_AUDIO_MP3) return this.engine.refuseAccepted(this, REFUSE_AUDIO);
      }
      this.trackAudio(payload);
    }
    this.pending.push({ type, ts, payload });
    this.pendingBytes += payload.length;
    if (this.firstMediaAt === 0 && type !== FLV_TAG_SCRIPT) {
      this.firstMediaAt = Date.now();
      this.timer(CODEC_WAIT_MS, () => {
        if (this.phase === 'gating') this.maybeStart(true);
      });
    }
    this.maybeStart(this.pendingBytes > MAX_PENDING_BYTES);
  }

  /** `@setDataFrame` + onMetaData → the onMetaData script tag; other data messages are dropped. */
  private scriptPayload(payload: Buffer): Buffer | null {
    // AMF0 string '@setDataFrame': marker 0x02, length 13, 13 bytes
    if (payload.length > 16 && payload[0] === 0x02 && payload.readUInt16BE(1) === 13) {
      if (payload.toString('latin1', 3, 16) !== '@setDataFrame') return null;
      payload = payload.subarray(16);
    }
    if (payload.length > 13 && payload[0] === 0x02 && payload.readUInt16BE(1) === 10) {
      if (payload.toString('latin1', 3, 13) === 'onMetaData') return payload;
    }
    return null;
  }

  private checkMetadata(meta: Buffer): boolean {
    let obj: Amf0Object | null = null;
    try {
      const values = decodeAmf0(meta);
      const v = values[1];
      if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) obj = v as Amf0Object;
    } catch {
      return true;
    }
    if (!obj) return true;
    this.metadata = obj;
    const video = metadataCodecId(obj.videocodecid, 'video');
    const audio = metadataCodecId(obj.audiocodecid, 'audio');
    if (video !== null && video !== FLV_VIDEO_H264) {
      this.engine.refuseAccepted(this, REFUSE_VIDEO);
      return false;
    }
    if (audio !== null && audio !== FLV_AUDIO_AAC && audio !== FLV_AUDIO_MP3) {
      this.engine.refuseAccepted(this, REFUSE_AUDIO);
      return false;
    }
    if (typeof obj.width === 'number' && obj.width > 0) this.width = Math.round(obj.width);
    if (typeof obj.height === 'number' && obj.height > 0) this.height = Math.round(obj.height);
    return true;
  }

  /** Expecting video/audio: seen in a tag, or announced by onMetaData (when it names codecs at all). */
  private maybeStart(force: boolean): void {
    const meta = this.metadata;
    const metaKnown = meta !== null && ('videocodecid' in meta || 'audiocodecid' in meta);
    const wantVideo = metaKnown ? 'videocodecid' in meta! : true;
    const wantAudio = metaKnown ? 'audiocodecid' in meta! : true;
    const ready = (!wantVideo || this.videoId !== null) && (!wantAudio || this.audioId !== null);
    if (!ready && !force) return;
    if (this.videoId === null && this.audioId === null) {
      if (force) this.engine.failBeforeStart(this, 'No audio or video arrived');
      return;
    }
    this.engine.startFfmpeg(this);
  }

  trackVideo(ts: number, payload: Buffer): void {
    if (payload.length < 2) return;
    const first = payload[0]!;
    if ((first & 0x0f) === FLV_VIDEO_H264 && payload[1] === 0) {
      // AVC sequence header: picture size and codec string
      const info = parseAvcConfig(payload.subarray(5));
      if (info) {
        this.width = info.width;
        this.height = info.height;
        this.videoCodecs = info.codecs;
      }
      return;
    }
    this.frames++;
    this.lastVideoTs = ts;
    if (first >>> 4 === 1) {
      const k = this.keyframes;
      if (k.length === 0 || k[k.length - 1] !== ts) {
        if (k.length >= KEYFRAMES_KEPT) k.shift();
        k.push(ts);
      }
    }
  }

  trackAudio(payload: Buffer): void {
    if (this.audioCodecs === null && payload.length > 2 && payload[0]! >>> 4 === FLV_AUDIO_AAC && payload[1] === 0) {
      this.audioCodecs = aacCodecs(payload.subarray(2));
    } else if (this.audioCodecs === null && payload[0]! >>> 4 === FLV_AUDIO_MP3) {
      this.audioCodecs = 'mp4a.40.34';
    }
  }

  writeTag(type: number, ts: number, payload: Buffer): void {
    const stdin = this.ffmpeg?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return;
    // one buffer per tag (header + payload + PreviousTagSize): a copy of a few hundred KB/s is cheaper than
    // three writes; the socket's reads are corked so each read becomes one writev to ffmpeg
    const tag = Buffer.allocUnsafe(payload.length + 15);
    fillTagFraming(tag, type, payload.length, ts);
    tag.writeUInt32BE(payload.length + 11, payload.length + 11);
    payload.copy(tag, 11);
    stdin.write(tag);
  }

  /** The master playlist of a transcoded publish (source and 480p variants), from the metadata and codecs seen. */
  masterPlaylist(): string {
    const meta = this.metadata;
    const kbps =
      (typeof meta?.videodatarate === 'number' ? meta.videodatarate : 0) +
      (typeof meta?.audiodatarate === 'number' ? meta.audiodatarate : 0);
    return masterPlaylist({
      bandwidth: kbps > 0 ? kbps * 1000 * 1.1 : 3_000_000,
      width: this.width,
      height: this.height,
      videoCodecs: this.videoCodecs,
      audioCodecs: this.audioId === null ? null : this.audioCodecs,
    });
  }

  health(now: number): StreamHealth {
    const s = this.samples;
    s.push({ at: now, bytes: this.bytesIn, frames: this.frames, videoTs: this.lastVideoTs });
    if (s.length > HEALTH_WINDOW_SAMPLES + 1) s.shift();
    const oldest = s[0]!;
    let bitrateKbps: number | null = null;
    let frameRate: number | null = null;
    if (s.length > 1 && now > oldest.at) {
      bitrateKbps = Math.round(((this.bytesIn - oldest.bytes) * 8) / (now - oldest.at));
      const frames = this.frames - oldest.frames;
      const span = this.lastVideoTs - oldest.videoTs;
      if (frames > 1 && span > 0) frameRate = Math.round((frames * 1000 * 100) / span) / 100;
    }
    if (frameRate === null && this.metadata && typeof this.metadata.framerate === 'number') {
      frameRate = this.metadata.framerate;
    }
    const k = this.keyframes;
    const keyframeIntervalSeconds = k.length > 1 ? Math.round((k[k.length - 1]! - k[0]!) / (k.length - 1)) / 1000 : null;
    return {
      videoCodec: this.videoId === null ? null : videoCodecName(this.videoId),
      audioCodec: this.audioId === null ? null : audioCodecName(this.audioId),
      width: this.width,
      height: this.height,
      frameRate,
      bitrateKbps,
      keyframeIntervalSeconds,
      uptimeSeconds: Math.round((now - this.startedAt) / 100) / 10,
    };
  }
}
