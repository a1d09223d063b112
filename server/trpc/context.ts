import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, Store } from '@db/client';
import type { users } from '@db/schema/users';
import type { UserRole } from '@common/roles';
import { findUserById } from '@server/domains/users/session-reads';
import type { AppConfig } from '@server/config';
import type { BotCheckProvider } from '@server/providers/bot-check/interface';
import type { IdentityProviders } from '@server/providers/identity/interface';
import type { Mailer } from '@server/providers/mail/interface';
import type { PaymentProvider } from '@server/providers/payments/interface';
import type { RateLimiter } from '@server/platform/rate-limit';
import type { SignedUploads } from '@server/platform/signed-uploads';
import type { MessageBus } from '@server/platform/bus';
import type { SharedEngines } from '@server/platform/bus-engines';
import type { ReadinessProbe } from '@server/platform/readiness';
import type { SweepLock } from '@server/platform/sweep-lock';
import type { DomainEvents } from '@server/platform/domain-events';
import type { ChatRuntime } from '@server/domains/chat/chat.runtime';
import type { PushWorker } from '@server/domains/push/push.worker';
import type { WebhooksWorker } from '@server/domains/webhooks/webhooks.worker';
import type { JobQueue } from '@server/platform/queue/job-queue';
import type { BackgroundTasks } from '@server/platform/background-tasks';
import type { Storage } from '@server/platform/storage';
import type { LiveRuntime } from '@server/domains/live/live.runtime';
import type { ApiTokenScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { isApiTokenString, resolveApiTokenActor } from '@server/domains/api-tokens/api-tokens.service';
import { TokenInvalidError, type TokenService, type TokenType } from '@server/platform/tokens';

export interface AppServices {
  db: Db;
  /** The store behind `db`: its dialect, transactions, and the embedded SQLite connection when there is one. */
  store: Store;
  config: AppConfig;
  tokens: TokenService;
  botCheck: BotCheckProvider;
  identity: IdentityProviders;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** The message bus (chat rooms, hub groups, live status, session changes): in process, or Redis across instances. */
  bus: MessageBus;
  /** One instance at a time runs each periodic sweep (server/platform/sweep-lock.ts). */
  sweeps: SweepLock;
  /** Who is present in a set (live viewers), counted across instances with Redis (server/platform/bus-presence.ts). */
  presence: SharedEngines['presence'];
  /** Short-lived entries taken once, by whichever instance a later request reaches (server/platform/bus-once.ts). */
  once: SharedEngines['once'];
  /** Names one holder keeps alive with a heartbeat, counted per group (live publishers; server/platform/bus-leases.ts). */
  leases: SharedEngines['leases'];
  /** What `/readyz` checks: one named probe per engine this instance needs (server/platform/readiness.ts). */
  readiness: ReadinessProbe[];
  /** Facts a domain announces after committing them, and requests across domains (server/platform/domain-events.ts). */
  domainEvents: DomainEvents;
  chat: ChatRuntime;
  /** The persisted job queue (server/platform/queue): push and webhook deliveries, each kind with its handler and metrics. */
  jobs: JobQueue;
  /** Web push: the VAPID sender, its lane of the job queue and the go-live sweep (server/domains/push). */
  push: PushWorker;
  /** Outgoing webhook deliveries on the job queue (server/domains/webhooks). */
  webhooks: WebhooksWorker;
  /** Live streaming: the RTMP ingest, sessions, recordings and playback tokens (server/domains/live). */
  live: LiveRuntime;
  /** Signed /uploads URLs of members-only files, for their creator's podcasts app (server/platform/signed-uploads.ts). */
  signedUploads: SignedUploads;
  /** Media: uploads, icons, live segments and recordings (DATA_DIR files, or an S3-compatible bucket; server/platform/storage). */
  storage: Storage;
  /** Work nobody awaits (receipt mails, notices, sweeps) that the app's close waits for (server/platform/background-tasks.ts). */
  background: BackgroundTasks;
}

export type UserRow = typeof users.$inferSelect;

export interface Actor {
  id: string;
  role: UserRole;
  typ: TokenType;
  /** The admin behind an emulation token (checked on every request: still an active admin, same token version). */
  emulatedBy?: { id: string; tokenVersion: number };
  issuedAt: number;
  /** The bearer token this request came with. */
  token: string;
  user: UserRow;
  /** Set when the bearer is a personal API token (`cp_...`): it acts as its owner within these scopes only. */
  apiToken?: { id: string; scopes: readonly ApiTokenScope[] };
}

export interface Context {
  services: AppServices;
  actor: Actor | null;
  /** Why a presented token was not accepted ("Invalid access_token" or "access_token expired"). */
  authError: string | null;
  clientIp: string;
}

export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match?.[1] ?? null;
}

export async function resolveActor(
  services: AppServices,
  token: string | null,
): Promise<{ actor: Actor | null; authError: string | null }> {
  if (!token) return { actor: null, authError: null };
  if (isApiTokenString(token)) return resolveApiTokenActor(services, token);
  try {
    const claims = await services.tokens.verify(token);
    const user = await findUserById(services, claims.sub);
    if (!user || user.tokenVersion !== claims.ver || user.role !== claims.role || (!user.isActive && user.role !== 'viewer') || user.deactivatedAt !== null) {
      return { actor: null, authError: 'Invalid access_token' };
    }
    const actor: Actor = { id: user.id, role: user.role, typ: claims.typ, issuedAt: claims.iat, token, user };
    if (claims.act) {
      if (!(await isActingAdminValid(services, claims.act))) return { actor: null, authError: 'Invalid access_token' };
      actor.emulatedBy = { id: claims.act.sub, tokenVersion: claims.act.ver };
    }
    return { actor, authError: null };
  } catch (error) {
    if (error instanceof TokenInvalidError) return { actor: null, authError: error.message };
    throw error;
  }
}

/** An emulation token lives only as long as its admin: still there, still an active admin, same token version. */
async function isActingAdminValid(services: AppServices, act: { sub: string; ver: number }): Promise<boolean> {
  const admin = await findUserById(services, act.sub);
  return !!admin && admin.role === 'admin' && admin.isActive && admin.tokenVersion === act.ver;
}

export async function createContext(
  services: AppServices,
  request: Pick<FastifyRequest, 'headers' | 'ip'>,
  connectionParams?: Record<string, string | undefined> | null,
): Promise<Context> {
  const token = bearerToken(request.headers.authorization) ?? connectionParams?.token ?? null;
  const { actor, authError } = await resolveActor(services, token);
  return { services, actor, authError, clientIp: request.ip };
}
