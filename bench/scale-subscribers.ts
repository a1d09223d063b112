/**
 * Chat subscribers of one instance for bench/scale.ts, in a process of their own (one per instance), so that reading
 * thousands of frames per message is not one event loop's queue in front of the measured latency. Each subscriber is
 * a raw websocket to `chat.messages` (as bench/chat.ts opens them) that keeps every message id it receives.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between the bench's processes. */
export const now = (): number => performance.timeOrigin + performance.now();

interface Subscriber {
  socket: WebSocket;
  /** Every chat message id received, in arrival order (the history sent on joining included). */
  ids: string[];
  /** Milliseconds from the send (its time is the message text's second word) to this subscriber parsing the frame. */
  latencies: Map<string, number>;
  closed: boolean;
}

/** What one process's subscribers did with the messages asked about. */
export interface Deliveries {
  subscribers: number;
  messages: number;
  /** One latency per delivery of an asked-about message. */
  latencies: number[];
  /** Deliveries missing in total. */
  missing: number;
  /** Subscribers that received a message twice or out of the sending order (history included). */
  disordered: number;
  /** Subscribers whose socket the server closed. */
  closed: number;
}

type Request = { type: 'connect'; wsUrl: string; eventId: string; count: number } | { type: 'collect'; ids: string[]; timeoutMs: number } | { type: 'stop' };
type Answer = { type: 'connected' } | { type: 'collected'; deliveries: Deliveries };

/** The bench's handle on one subscriber process. */
export class SubscriberProcess {
  private readonly answers: Array<(answer: Answer) => void> = [];

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (answer: Answer) => this.answers.shift()?.(answer));
  }

  static start(): SubscriberProcess {
    return new SubscriberProcess(fork(fileURLToPath(import.meta.url), ['--subscribers'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  private ask(request: Request): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.answers.push(resolve);
      this.child.once('exit', (code) => reject(new Error(`the subscriber process exited with code ${code}`)));
      this.child.send(request);
    });
  }

  /** Opens `count` more subscribers to the room on `wsUrl` (`ws://host:port/trpc`); resolves once all have started. */
  async connect(wsUrl: string, eventId: string, count: number): Promise<void> {
    await this.ask({ type: 'connect', wsUrl, eventId, count });
  }

  /** Waits until every subscriber holds every id in `ids` (the sender's order) or `timeoutMs` passes, and reports. */
  async collect(ids: string[], timeoutMs: number): Promise<Deliveries> {
    return ((await this.ask({ type: 'collect', ids, timeoutMs })) as Extract<Answer, { type: 'collected' }>).deliveries;
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'stop' } satisfies Request);
    });
  }
}

// ---------------------------------------------------------------- the subscriber process

async function connectSubscribers(subscribers: Subscriber[], wsUrl: string, eventId: string, count: number): Promise<void> {
  const request = JSON.stringify({ id: 1, method: 'subscription', params: { path: 'chat.messages', input: { eventId } } });
  const connectOne = () =>
    new Promise<Subscriber>((resolve, reject) => {
      const socket = new WebSocket(wsUrl);
      const subscriber: Subscriber = { socket, ids: [], latencies: new Map(), closed: false };
      socket.once('error', reject);
      socket.on('close', () => {
        subscriber.closed = true;
      });
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { result?: { type: string; data?: { data?: { type: string; message?: { id: string; text: string } } } } };
        if (frame.result?.type === 'started') resolve(subscriber);
        const item = frame.result?.data?.data;
        if (frame.result?.type !== 'data' || item?.type !== 'message' || !item.message) return;
        subscriber.ids.push(item.message.id);
        subscriber.latencies.set(item.message.id, now() - Number(item.message.text.split(' ')[1]));
      });
      socket.once('open', () => socket.send(request));
    });
  for (let start = 0; start < count; start += 250) {
    subscribers.push(...(await Promise.all(Array.from({ length: Math.min(250, count - start) }, connectOne))));
  }
}

/** Checks the messages `ids` reached each subscriber once and in order; an id seen twice or going backwards anywhere is a disorder. */
export function deliveries(subscribers: Array<Pick<Subscriber, 'ids' | 'latencies' | 'closed'>>, ids: string[]): Deliveries {
  const measured = new Set(ids);
  const latencies: number[] = [];
  let missing = 0;
  let disordered = 0;
  for (const subscriber of subscribers) {
    if (!subscriber.ids.every((id, index) => index === 0 || id > subscriber.ids[index - 1]!)) disordered += 1;
    const got = subscriber.ids.filter((id) => measured.has(id));
    missing += ids.length - new Set(got).size;
    for (const id of got) latencies.push(subscriber.latencies.get(id)!);
  }
  return { subscribers: subscribers.length, messages: ids.length, latencies, missing, disordered, closed: subscribers.filter((subscriber) => subscriber.closed).length };
}

async function collect(subscribers: Subscriber[], ids: string[], timeoutMs: number): Promise<Deliveries> {
  const deadline = Date.now() + timeoutMs;
  const complete = () => subscribers.every((subscriber) => ids.every((id) => subscriber.latencies.has(id)));
  while (ids.length > 0 && Date.now() < deadline && !complete()) await new Promise((resolve) => setTimeout(resolve, 50));
  return deliveries(subscribers, ids);
}

if (process.argv.includes('--subscribers') && process.send) {
  const subscribers: Subscriber[] = [];
  process.on('message', (request: Request) => {
    if (request.type === 'connect') {
      void connectSubscribers(subscribers, request.wsUrl, request.eventId, request.count).then(() => process.send!({ type: 'connected' } satisfies Answer));
    } else if (request.type === 'collect') {
      void collect(subscribers, request.ids, request.timeoutMs).then((result) => process.send!({ type: 'collected', deliveries: result } satisfies Answer));
    } else {
      for (const subscriber of subscribers) subscriber.socket.terminate();
      process.exit(0);
    }
  });
}
