/**
 * One WHIP publisher in the media worker: its recvonly peer connection, the RTP relayed to its viewers' tracks and
 * forwarded over loopback UDP to its ffmpeg (HLS + recording part), keyframe requests and the health figures.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MediaStreamTrack, type RTCRtpTransceiver, type RtpPacket, RtcpSrPacket } from 'werift';
import { rtpRemuxArgs, TailBuffer } from '../ingest/ffmpeg';
import type { EndedInfo, StreamHealth } from '../ingest/types';
import { NAL_IDR, NAL_SPS, nalUnits, parseSps } from './h264';
import { answerOffer, DISCONNECTED_GRACE_MS, freePortPair, log, newPeerConnection, post, settings } from './worker-peer';

const VIDEO_PT = 96;
const AUDIO_PT = 97;
/** After the first media, wait this long for the other kind before ffmpeg starts with what came. */
const KIND_WAIT_MS = 3_000;
const FFMPEG_EXIT_GRACE_MS = 15_000;
const SECOND_SIGINT_MS = 500;
const HEALTH_INTERVAL_MS = 2_000;
const KEYFRAME_CHECK_MS = 500;
/** At most one PLI to a publisher this often. */
const PLI_MIN_GAP_MS = 500;
const KEYFRAMES_KEPT = 6;

/** A viewer relaying this publisher (worker-viewer.ts). */
export interface RelayViewer {
  close(): void;
}

export type Phase = 'waiting' | 'starting' | 'running' | 'ending' | 'done';

export class Publisher {
  phase: Phase = 'waiting';
  readonly pc = newPeerConnection();
  readonly videoOut = new MediaStreamTrack({ kind: 'video' });
  readonly audioOut = new MediaStreamTrack({ kind: 'audio' });
  readonly viewers = new Set<RelayViewer>();
  private video: { ssrc: number; transceiver: RTCRtpTransceiver } | null = null;
  private audio: { ssrc: number; transceiver: RTCRtpTransceiver } | null = null;
  private expectVideo = false;
  private expectAudio = false;
  private firstMediaAt = 0;
  private ffmpeg: ChildProcess | null = null;
  private readonly stderr = new TailBuffer(4096);
  private forward: Socket | null = null;
  private ports = { video: 0, audio: 0 };
  private endReason: EndedInfo['reason'] | null = null;
  private ffmpegFailed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private disconnectTimer: NodeJS.Timeout | null = null;
  private lastPliAt = 0;
  private lastKeyframeAt = 0;
  // health
  private startedAt = 0;
  private bytes = 0;
  private frames = 0;
  private lastFrameTs = -1;
  private readonly keyframeTs: number[] = [];
  private width: number | null = null;
  private height: number | null = null;
  private readonly samples: { at: number; bytes: number; frames: number }[] = [];

  constructor(
    readonly id: string,
    private readonly hlsDir: string,
    private readonly recordingPath: string,
    /** Called once, when the publish ended (before its 'ended' message). */
    private readonly onDone: () => void,
  ) {
    this.pc.connectionStateChange.subscribe((state) => this.onConnectionState(state));
    this.pc.onTrack.subscribe((track) => this.onTrack(track));
    this.timer(settings().connectTimeoutMs, () => {
      if (this.pc.connectionState !== 'connected' && this.phase === 'waiting' && !this.firstMediaAt) {
        log('warn', { connectionId: this.id }, 'WHIP publisher did not connect in time');
        this.end('publisher-left');
      }
    });
  }

  timer(ms: number, fn: () => void, repeat = false): NodeJS.Timeout {
    const t = repeat ? setInterval(fn, ms) : setTimeout(fn, ms);
    this.timers.add(t);
    return t;
  }

  async answer(offer: string) {
    return answerOffer(this.pc, offer, async (transceivers) => {
      for (const t of transceivers) {
        if (t.kind === 'video') this.expectVideo = true;
        if (t.kind === 'audio') this.expectAudio = true;
        t.setDirection('recvonly');
      }
    });
  }

  private onConnectionState(state: string): void {
    if (state === 'connected') {
      if (this.disconnectTimer) clearTimeout(this.disconnectTimer);
      this.disconnectTimer = null;
    } else if (state === 'disconnected') {
      this.disconnectTimer ??= this.timer(DISCONNECTED_GRACE_MS, () => this.end('publisher-left'));
    } else if (state === 'failed' || state === 'closed') {
      this.end('publisher-left');
    }
  }

  private onTrack(track: MediaStreamTrack): void {
    const transceiver = this.pc.getTransceivers().find((t) => t.receiver.tracks.includes(track));
    if (!transceiver) return;
    if (track.kind === 'video') {
      track.onReceiveRtp.subscribe((rtp) => this.onVideo(rtp, transceiver));
    } else if (track.kind === 'audio') {
      track.onReceiveRtp.subscribe((rtp) => this.onAudio(rtp, transceiver));
    }
    transceiver.receiver.onRtcp.subscribe((packet) => {
      if (packet instanceof RtcpSrPacket) this.forwardSr(packet);
    });
  }

  private noteMedia(): void {
    if (this.firstMediaAt) return;
    this.firstMediaAt = Date.now();
    this.timer(KIND_WAIT_MS, () => {
      if (this.phase === 'waiting') void this.startFfmpeg();
    });
  }

  private onVideo(rtp: RtpPacket, transceiver: RTCRtpTransceiver): void {
    if (this.phase === 'ending' || this.phase === 'done') return;
    this.video ??= { ssrc: rtp.header.ssrc, transceiver };
    this.video.ssrc = rtp.header.ssrc;
    this.bytes += rtp.payload.length + 12;
    const ts = rtp.header.timestamp;
    if (ts !== this.lastFrameTs) {
      this.lastFrameTs = ts;
      this.frames++;
    }
    for (const nal of nalUnits(rtp.payload)) {
      const type = nal[0]! & 0x1f;
      if (type === NAL_SPS && this.width === null) {
        const info = parseSps(nal);
        if (info) {
          this.width = info.width;
          this.height = info.height;
        }
      } else if (type === NAL_IDR) {
        this.lastKeyframeAt = Date.now();
        const k = this.keyframeTs;
        if (k[k.length - 1] !== ts) {
          if (k.length >= KEYFRAMES_KEPT) k.shift();
          k.push(ts);
        }
      }
    }
    this.videoOut.writeRtp(withoutExtensions(rtp));
    this.send(rtp, VIDEO_PT, this.ports.video);
    this.noteMedia();
    if (this.phase === 'waiting' && (!this.expectAudio || this.audio)) void this.startFfmpeg();
  }

  private onAudio(rtp: RtpPacket, transceiver: RTCRtpTransceiver): void {
    if (this.phase === 'ending' || this.phase === 'done') return;
    this.audio ??= { ssrc: rtp.header.ssrc, transceiver };
    this.bytes += rtp.payload.length + 12;
    this.audioOut.writeRtp(withoutExtensions(rtp));
    this.send(rtp, AUDIO_PT, this.ports.audio);
    this.noteMedia();
    if (this.phase === 'waiting' && (!this.expectVideo || this.video)) void this.startFfmpeg();
  }

  private send(rtp: RtpPacket, payloadType: number, toPort: number): void {
    if (this.phase !== 'running' || !this.forward || !toPort) return;
    const buf = rtp.serialize();
    buf[1] = (buf[1]! & 0x80) | payloadType;
    this.forward.send(buf, toPort, '127.0.0.1');
  }

  /** Sender reports let ffmpeg line audio and video up (the RTCP port is the RTP port + 1). */
  private forwardSr(sr: RtcpSrPacket): void {
    if (this.phase !== 'running' || !this.forward) return;
    const to = sr.ssrc === this.video?.ssrc ? this.ports.video : sr.ssrc === this.audio?.ssrc ? this.ports.audio : 0;
    if (to) this.forward.send(sr.serialize(), to + 1, '127.0.0.1');
  }

  /** Asks the publisher for a keyframe (RTCP PLI), at most every PLI_MIN_GAP_MS. */
  requestKeyframe(): void {
    const video = this.video;
    const now = Date.now();
    if (!video || this.phase === 'ending' || this.phase === 'done' || now - this.lastPliAt < PLI_MIN_GAP_MS) return;
    this.lastPliAt = now;
    void video.transceiver.receiver.sendRtcpPLI(video.ssrc).catch(() => undefined);
  }

  private async startFfmpeg(): Promise<void> {
    if (this.phase !== 'waiting') return;
    this.phase = 'starting';
    const hasVideo = !!this.video;
    const hasAudio = !!this.audio;
    try {
      this.ports = { video: hasVideo ? await freePortPair() : 0, audio: hasAudio ? await freePortPair() : 0 };
      this.forward = createSocket('udp4');
      this.forward.on('error', () => undefined);
      await new Promise<void>((resolve) => this.forward!.bind(0, '127.0.0.1', () => resolve()));
      mkdirSync(this.hlsDir, { recursive: true });
      mkdirSync(dirname(this.recordingPath), { recursive: true });
    } catch (error) {
      log('error', { connectionId: this.id, err: (error as Error).message }, 'WHIP publish could not start');
      this.phase = 'waiting';
      this.end('error');
      return;
    }
    if ((this.phase as Phase) !== 'starting') return;
    const args = rtpRemuxArgs({
      hlsDir: this.hlsDir,
      recordingPath: this.recordingPath,
      segmentSeconds: settings().segmentSeconds,
      playlistSize: settings().playlistSize,
      hasVideo,
      hasAudio,
      transcode480p: false,
    });
    const sdp = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=Cuepoint WHIP', 'c=IN IP4 127.0.0.1', 't=0 0'];
    if (hasVideo) sdp.push(`m=video ${this.ports.video} RTP/AVP ${VIDEO_PT}`, `a=rtpmap:${VIDEO_PT} H264/90000`, `a=fmtp:${VIDEO_PT} packetization-mode=1`);
    if (hasAudio) sdp.push(`m=audio ${this.ports.audio} RTP/AVP ${AUDIO_PT}`, `a=rtpmap:${AUDIO_PT} opus/48000/2`);
    let child: ChildProcess;
    try {
      child = spawn(settings().ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    } catch (error) {
      log('error', { connectionId: this.id, err: (error as Error).message }, 'ffmpeg could not be started');
      this.phase = 'waiting';
      this.end('error');
      return;
    }
    this.ffmpeg = child;
    this.phase = 'running';
    this.startedAt = Date.now();
    child.stderr!.on('data', (d: Buffer) => this.stderr.push(d));
    child.stdin!.on('error', () => undefined);
    child.once('error', (err) => this.stderr.push(Buffer.from(err.message)));
    child.once('close', (code, signal) => this.onFfmpegExit(code, signal));
    child.stdin!.end(sdp.join('\r\n') + '\r\n');
    child.once('spawn', () => {
      if (this.phase !== 'running') return;
      log('info', { connectionId: this.id, video: hasVideo, audio: hasAudio }, 'ffmpeg started (WHIP)');
      post({ type: 'started', id: this.id, pid: child.pid ?? 0 });
      // ffmpeg binds its ports after reading the SDP: ask for keyframes once it listens
      for (const ms of [300, 1000]) this.timer(ms, () => this.requestKeyframe());
    });
    this.timer(KEYFRAME_CHECK_MS, () => {
      if (this.video && Date.now() - this.lastKeyframeAt >= settings().segmentSeconds * 1000) this.requestKeyframe();
    }, true);
    this.timer(HEALTH_INTERVAL_MS, () => post({ type: 'health', id: this.id, health: this.health(Date.now()) }), true);
  }

  private onFfmpegExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.endReason === null) {
      this.ffmpegFailed = true;
      log('error', { connectionId: this.id, code, signal, stderr: this.stderr.text().slice(-1000) }, 'ffmpeg exited during a WHIP publish');
      this.endReason = 'error';
      this.phase = 'ending';
      void this.pc.close().catch(() => undefined);
      this.closeViewers();
    }
    this.finish(true);
  }

  /** Ends the publish whatever its phase; the first reason wins. ffmpeg (if it runs) is asked to flush and exit. */
  end(reason: EndedInfo['reason']): void {
    if (this.phase === 'ending' || this.phase === 'done') return;
    this.endReason ??= reason;
    const wasRunning = this.phase === 'running';
    this.phase = 'ending';
    void this.pc.close().catch(() => undefined);
    this.closeViewers();
    if (!wasRunning) {
      this.finish(false);
      return;
    }
    const child = this.ffmpeg!;
    // ffmpeg acts on a first SIGINT only once its blocking UDP read returns (no packets come any more: ~10 s); a
    // second one interrupts the read, and it then flushes the segment, the playlist and the recording part.
    child.kill('SIGINT');
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    }, SECOND_SIGINT_MS).unref();
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) {
        log('warn', { connectionId: this.id }, 'ffmpeg did not exit after SIGINT; killing it');
        child.kill('SIGKILL');
      }
    }, FFMPEG_EXIT_GRACE_MS).unref();
  }

  /** A publish whose answer failed: nothing started, nothing to report. */
  discard(): void {
    this.phase = 'done';
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    void this.pc.close().catch(() => undefined);
  }

  private closeViewers(): void {
    for (const viewer of [...this.viewers]) viewer.close();
    this.videoOut.stop();
    this.audioOut.stop();
  }

  private finish(started: boolean): void {
    if (this.phase === 'done') return;
    this.phase = 'done';
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.forward?.close();
    this.forward = null;
    this.onDone();
    const info: EndedInfo = { reason: this.endReason ?? 'publisher-left', recordingPath: this.recordingPath, started };
    if (this.ffmpegFailed) info.error = this.stderr.text().slice(-1000);
    post({ type: 'ended', id: this.id, info });
  }

  private health(now: number): StreamHealth {
    const s = this.samples;
    s.push({ at: now, bytes: this.bytes, frames: this.frames });
    if (s.length > 4) s.shift();
    const oldest = s[0]!;
    const seconds = (now - oldest.at) / 1000;
    const k = this.keyframeTs;
    const interval = k.length > 1 ? ((k[k.length - 1]! - k[0]!) >>> 0) / 90000 / (k.length - 1) : null;
    return {
      videoCodec: this.video ? 'H.264' : null,
      audioCodec: this.audio ? 'Opus' : null,
      width: this.width,
      height: this.height,
      frameRate: seconds > 0 && s.length > 1 ? Math.round(((this.frames - oldest.frames) / seconds) * 100) / 100 : null,
      bitrateKbps: seconds > 0 && s.length > 1 ? Math.round(((this.bytes - oldest.bytes) * 8) / seconds / 1000) : null,
      keyframeIntervalSeconds: interval === null ? null : Math.round(interval * 1000) / 1000,
      uptimeSeconds: Math.round((now - this.startedAt) / 100) / 10,
    };
  }
}

/**
 * The publisher's header extensions carry ids negotiated with the publisher; a viewer's sender adds its own, so the
 * relayed copy goes without them (werift keeps any it finds, under the publisher's ids).
 */
function withoutExtensions(rtp: RtpPacket): RtpPacket {
  if (!rtp.header.extensions.length) return rtp;
  const copy = rtp.clone();
  copy.header.extensions = [];
  copy.header.extension = false;
  return copy;
}
