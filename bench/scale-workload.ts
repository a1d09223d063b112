/**
 * The app workload of bench/scale.ts's ratio rows beyond the session lookup: reads a viewer's browser makes on a
 * creator's page (the public schedule, the event page's event) and a tip paid through the local provider. The same
 * paths run against each engine, found through the app's own API (the seeded demo creator, her event and tip
 * buttons, the demo viewer), so the SQLite and PostgreSQL instances get identical requests.
 */
import autocannon from 'autocannon';
import { demoPassword } from '../seed/accounts';
import type { Slice, Target } from './run';

/** The seeded creator whose page the reads open (seed/accounts.ts, seed/events.ts). */
const creatorTag = 'mara_quill';
const viewerEmail = 'viewer@cuepoint.local';

/** A row's request: run.ts's target, with a method and body for mutations, and a check of a successful answer. */
export interface RequestTarget extends Target {
  method?: 'GET' | 'POST';
  body?: string;
  /** What is wrong with a 200 answer's parsed body (null: nothing); checked once before the row is loaded. */
  problem?: (body: unknown) => string | null;
  /** CPU time (µs) of the row's database server processes so far, when the database is a server of its own. */
  databaseCpuMicros?: () => number;
}

/** One slice of load; `databaseCpuMicros` is the database server's CPU time over it (PostgreSQL rows). */
export interface RequestSlice extends Slice {
  databaseCpuMicros?: number;
}

/** run.ts's `load` with the target's method and body: autocannon, and the server's own CPU time over the slice. */
export async function loadRequests(target: RequestTarget, seconds: number, connections: number): Promise<RequestSlice> {
  const cpuBefore = await target.server.cpuMicros();
  const databaseBefore = target.databaseCpuMicros?.();
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.body === undefined ? target.headers : { ...target.headers, 'content-type': 'application/json' },
    body: target.body,
    connections,
    duration: seconds,
  });
  const cpuMicros = (await target.server.cpuMicros()) - cpuBefore;
  const slice: RequestSlice = { requests: result.requests.total, seconds, cpuMicros, p99: result.latency.p99, errors: result.errors + result.non2xx };
  if (databaseBefore !== undefined) slice.databaseCpuMicros = target.databaseCpuMicros!() - databaseBefore;
  return slice;
}

const idleWindowMs = 250;
/** A server is done with a slice when it uses less than this share of one core over `idleWindowMs`. */
const idleShare = 0.1;

/**
 * Waits until the row's server (and its database server) have finished what the slice left: a write answered late
 * (tips retried after serialization failures), jobs it queued. Otherwise that work runs on the shared cores during the
 * next row's slice and is charged to it. At most 15 s.
 */
export async function untilSettled(target: RequestTarget): Promise<void> {
  const deadline = Date.now() + 15_000;
  const busyMicros = idleWindowMs * 1000 * idleShare;
  for (;;) {
    const app = await target.server.cpuMicros();
    const database = target.databaseCpuMicros?.() ?? 0;
    await new Promise((resolve) => setTimeout(resolve, idleWindowMs));
    const appBusy = (await target.server.cpuMicros()) - app;
    const databaseBusy = (target.databaseCpuMicros?.() ?? 0) - database;
    if ((appBusy < busyMicros && databaseBusy < busyMicros) || Date.now() > deadline) return;
  }
}

/** Sends the row's request once, as loaded; throws what is wrong unless it answers 200 with a body the row accepts. */
export async function expectAnswer(target: RequestTarget): Promise<void> {
  const response = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: target.body === undefined ? target.headers : { ...target.headers, 'content-type': 'application/json' },
    body: target.body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name}: ${target.url} answered ${response.status}: ${text.slice(0, 500)}`);
  const problem = target.problem?.(JSON.parse(text));
  if (problem) throw new Error(`${target.name}: ${problem}`);
}

/** The ids the workload's requests carry, read from one instance (each engine has its own seeded ids). */
export interface Workload {
  creatorId: string;
  eventId: string;
  tipOptionId: string;
  tipsAmount: number;
  /** The demo viewer's token (the tips are theirs: a creator cannot tip their own event). */
  viewerToken: string;
}

const trpcInput = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify(input))}`;

/** The `{ result: { data } }` of a tRPC answer, or what went wrong. */
export function trpcData<T>(path: string, status: number, body: unknown): T {
  const data = (body as { result?: { data?: T } } | null)?.result?.data;
  if (status !== 200 || data === undefined) throw new Error(`${path} answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  return data;
}

async function trpcQuery<T>(base: string, path: string, input: unknown): Promise<T> {
  const response = await fetch(`${base}/trpc/${path}${trpcInput(input)}`);
  return trpcData<T>(path, response.status, await response.json().catch(() => null));
}

/** Signs the demo viewer in and finds the creator's event page event and tip buttons. */
export async function workloadOf(base: string): Promise<Workload> {
  const login = await fetch(`${base}/api/user/viewer-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: viewerEmail, password: demoPassword }),
  });
  const text = await login.text();
  const token = login.status === 200 ? (JSON.parse(text) as { token?: string }).token : undefined;
  if (!token) throw new Error(`the demo viewer could not sign in at ${base} (${login.status}): ${text.slice(0, 300)}`);
  const event = await trpcQuery<{ id: string; userId: string }>(base, 'events.latest', { subdomain: creatorTag });
  const tips = await trpcQuery<Array<{ id: string; tipsAmount: number }>>(base, 'tips.publicList', { userId: event.userId });
  const tip = tips[0];
  if (!tip) throw new Error(`the demo creator ${creatorTag} has no tip buttons at ${base}`);
  return { creatorId: event.userId, eventId: event.id, tipOptionId: tip.id, tipsAmount: tip.tipsAmount, viewerToken: token };
}

/** What a tip's answer must say: the charge succeeded (a declined or pending intent is not a tip). */
export function tipProblem(body: unknown): string | null {
  const status = (body as { result?: { data?: { status?: unknown } } } | null)?.result?.data?.status;
  return status === 'succeeded' ? null : `the tip answered status ${JSON.stringify(status)}, not "succeeded": ${JSON.stringify(body).slice(0, 300)}`;
}

/** The request of each workload row, relative to an instance's base URL. */
export function workloadRequests(workload: Workload) {
  return {
    /** The creator's public schedule (the calendar on her page): the creator, then her dated events. */
    schedule: { path: `/trpc/events.publicSchedule${trpcInput({ subdomain: creatorTag })}` },
    /** The event a creator's page opens with (public, no session). */
    eventPage: { path: `/trpc/events.latest${trpcInput({ subdomain: creatorTag })}` },
    /**
     * A tip of the creator's first button from the demo viewer, paid with a wallet's test token: one request creates
     * the payment, the local provider charges it in its transaction and its webhook records the payment and ledger.
     */
    tip: {
      path: '/trpc/payments.createTipsPaymentWithToken',
      method: 'POST' as const,
      body: JSON.stringify({ userId: workload.creatorId, eventId: workload.eventId, tipsAmount: workload.tipsAmount, tipOptionId: workload.tipOptionId, tokenId: 'tok_visa' }),
      headers: { authorization: `Bearer ${workload.viewerToken}` },
      problem: tipProblem,
    },
  };
}
