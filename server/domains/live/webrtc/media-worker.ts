/**
 * The WebRTC media worker (a worker thread, started by engine.ts): werift peer connections, one recvonly per WHIP
 * publisher and one sendonly per WHEP viewer, the publisher's RTP relayed to its viewers and forwarded over loopback
 * UDP to an ffmpeg per publish (an SDP on its stdin) that writes the same HLS and recording part as an RTMP publish.
 * Keyframes are asked of the publisher (RTCP PLI) when ffmpeg starts, when a viewer joins or asks, and whenever none
 * came for a segment's length (browsers send keyframes only when asked; HLS cuts segments at keyframes).
 */
import { performance } from 'node:perf_hooks';
import type { ToWorker } from './protocol';
import { configure, log, onMessage, post } from './worker-peer';
import { Publisher } from './worker-publisher';
import { Viewer } from './worker-viewer';

const publishers = new Map<string, Publisher>();
const viewers = new Map<string, Viewer>();

async function onPublish(message: Extract<ToWorker, { type: 'publish' }>): Promise<void> {
  const publisher = new Publisher(message.id, message.hlsDir, message.recordingPath, () => publishers.delete(message.id));
  publishers.set(message.id, publisher);
  const result = await publisher.answer(message.offer);
  if ('sdp' in result) {
    post({ type: 'answer', reqId: message.reqId, sdp: result.sdp });
    return;
  }
  publishers.delete(message.id);
  publisher.discard();
  post({ type: 'failed', reqId: message.reqId, reason: result.reason, message: result.message });
}

async function onView(message: Extract<ToWorker, { type: 'view' }>): Promise<void> {
  const publisher = publishers.get(message.publishId);
  if (!publisher || publisher.phase === 'ending' || publisher.phase === 'done') {
    post({ type: 'failed', reqId: message.reqId, reason: 'gone', message: 'the stream is not live here' });
    return;
  }
  const viewer = new Viewer(message.viewerId, publisher, () => viewers.delete(message.viewerId));
  viewers.set(viewer.id, viewer);
  publisher.viewers.add(viewer);
  const result = await viewer.answer(message.offer);
  if ('sdp' in result) {
    post({ type: 'answer', reqId: message.reqId, sdp: result.sdp });
    return;
  }
  viewer.close();
  post({ type: 'failed', reqId: message.reqId, reason: result.reason, message: result.message });
}

async function onStop(reqId: number): Promise<void> {
  const ended = [...publishers.values()].map(
    (p) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (p.phase === 'done') {
            clearInterval(check);
            resolve();
          }
        }, 20);
      }),
  );
  for (const viewer of [...viewers.values()]) viewer.close();
  for (const p of [...publishers.values()]) p.end('shutdown');
  await Promise.all(ended);
  post({ type: 'stopped', reqId });
}

// A failure inside one peer connection's promise chain is logged; it must not take every stream down with the thread.
process.on('unhandledRejection', (error) => log('error', { err: (error as Error)?.message ?? String(error) }, 'WebRTC media worker: unhandled rejection'));

onMessage((message: ToWorker) => {
  switch (message.type) {
    case 'init':
      configure(message.settings);
      post({ type: 'ready' });
      return;
    case 'publish':
      void onPublish(message);
      return;
    case 'end-publish':
      publishers.get(message.id)?.end(message.reason);
      return;
    case 'view':
      void onView(message);
      return;
    case 'end-view':
      viewers.get(message.viewerId)?.close();
      return;
    case 'stats':
      post({
        type: 'stats',
        reqId: message.reqId,
        stats: {
          publishers: publishers.size,
          viewers: viewers.size,
          eventLoopUtilization: performance.eventLoopUtilization().utilization,
          processCpuMicros: process.cpuUsage(),
        },
      });
      return;
    case 'stop':
      void onStop(message.reqId);
      return;
  }
});
