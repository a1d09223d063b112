/** The messages between the WebRTC engine (main thread, engine.ts) and its media worker (media-worker.ts). */
import type { EndedInfo, StreamHealth } from '../ingest/types';

export interface MediaSettings {
  /** UDP ports for ICE (LIVE_WEBRTC_UDP_PORTS); each peer connection binds one. */
  portRange: [number, number];
  /** Announced beside the local candidates (LIVE_WEBRTC_PUBLIC_IP). */
  publicIp: string | undefined;
  ffmpegPath: string;
  segmentSeconds: number;
  playlistSize: number;
  transcode480p: boolean;
  /** A peer connection that is not connected this long after its answer is closed. */
  connectTimeoutMs: number;
}

export interface WorkerStats {
  publishers: number;
  viewers: number;
  /** The worker thread's event loop: time busy / total since it started (0..1). */
  eventLoopUtilization: number;
  /** process.cpuUsage() seen from the worker (the whole process: Node 20 has no per-thread figure). */
  processCpuMicros: { user: number; system: number };
}

export type ToWorker =
  | { type: 'init'; settings: MediaSettings }
  | { type: 'publish'; reqId: number; id: string; offer: string; hlsDir: string; recordingPath: string }
  | { type: 'end-publish'; id: string; reason: EndedInfo['reason'] }
  | { type: 'view'; reqId: number; viewerId: string; publishId: string; offer: string }
  | { type: 'end-view'; viewerId: string }
  | { type: 'stats'; reqId: number }
  | { type: 'stop'; reqId: number };

export type FailReason = 'no-port' | 'negotiation' | 'gone';

export type FromWorker =
  | { type: 'ready' }
  | { type: 'answer'; reqId: number; sdp: string }
  | { type: 'failed'; reqId: number; reason: FailReason; message: string }
  | { type: 'stats'; reqId: number; stats: WorkerStats }
  | { type: 'stopped'; reqId: number }
  | { type: 'started'; id: string; pid: number }
  | { type: 'health'; id: string; health: StreamHealth }
  | { type: 'ended'; id: string; info: EndedInfo }
  | { type: 'viewer'; viewerId: string; state: 'connected' | 'closed' }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string };
