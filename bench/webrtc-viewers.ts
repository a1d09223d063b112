/**
 * WHEP viewers for bench/webrtc.ts, in a process of their own (run by tsx), so their packet handling does not share
 * an event loop with autocannon or the delay measure: werift peers from tests/integration/live/webrtc-clients.ts
 * that receive the video and audio RTP and count it (no decoding). Driven over IPC:
 *   { type: 'set', base, eventId, count } → connects or closes viewers until `count` play (each has had a keyframe),
 *     then answers { type: 'set', playing, packets }
 *   { type: 'packets' } → { type: 'packets', perViewer } (video RTP packets received by each viewer so far)
 *   { type: 'stop' } → closes them all and exits
 */
import type { FastifyInstance } from 'fastify';
import { createWhepViewer, type WhepViewer } from '../tests/integration/live/webrtc-clients';

export type ViewersCommand = { type: 'set'; base: string; eventId: string; count: number } | { type: 'packets' } | { type: 'stop' };
export type ViewersReply = { type: 'set'; playing: number; error?: string } | { type: 'packets'; perViewer: number[] };

/** The clients POST through `app.inject`; this one answers it over HTTP from another process. */
export function httpInjector(base: string): FastifyInstance {
  const inject = async (request: { method: string; url: string; headers: Record<string, string>; payload: string }) => {
    const response = await fetch(`${base}${request.url}`, { method: request.method, headers: request.headers, body: request.payload });
    return { statusCode: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) };
  };
  return { inject } as unknown as FastifyInstance;
}

const viewers: { viewer: WhepViewer; location: string }[] = [];

async function waitKeyframe(viewer: WhepViewer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (viewer.times().firstKeyframe === null) {
    if (Date.now() > deadline) throw new Error(`a WHEP viewer had no keyframe within ${timeoutMs} ms (state ${viewer.state()}, ${viewer.videoPackets()} video packets)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function setCount(base: string, eventId: string, count: number): Promise<void> {
  const app = httpInjector(base);
  while (viewers.length > count) {
    const { viewer, location } = viewers.pop()!;
    viewer.close();
    await fetch(`${base}${location}`, { method: 'DELETE' }).catch(() => undefined);
  }
  const added: WhepViewer[] = [];
  while (viewers.length < count) {
    const viewer = await createWhepViewer();
    const answer = await viewer.play(app, eventId);
    if (answer.status !== 201) {
      viewer.close();
      throw new Error(`WHEP viewer ${viewers.length + 1} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    viewers.push({ viewer, location: String(answer.headers.location) });
    added.push(viewer);
  }
  const waits = await Promise.allSettled(added.map((viewer) => waitKeyframe(viewer, 10_000)));
  const failed = waits.filter((wait): wait is PromiseRejectedResult => wait.status === 'rejected');
  if (failed.length) throw new Error(`${failed.length} of ${added.length} new viewers: ${(failed[0]!.reason as Error).message}`);
}

process.on('message', (message: ViewersCommand) => {
  if (message.type === 'set') {
    setCount(message.base, message.eventId, message.count).then(
      () => process.send!({ type: 'set', playing: viewers.length } satisfies ViewersReply),
      (error: Error) => process.send!({ type: 'set', playing: viewers.length, error: error.message } satisfies ViewersReply),
    );
  } else if (message.type === 'packets') {
    process.send!({ type: 'packets', perViewer: viewers.map(({ viewer }) => viewer.videoPackets()) } satisfies ViewersReply);
  } else if (message.type === 'stop') {
    for (const { viewer } of viewers.splice(0)) viewer.close();
    setTimeout(() => process.exit(0), 200);
  }
});
process.once('disconnect', () => {
  for (const { viewer } of viewers.splice(0)) viewer.close();
  process.exit(0);
});
process.send!({ type: 'set', playing: 0 } satisfies ViewersReply);
