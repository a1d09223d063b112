import type { FastifyBaseLogger } from 'fastify';
import type { Db, Store } from '@db/client';
import type { AppConfig } from '@server/config';
import type { RateLimiter } from './rate-limit';
import type { SignedUploads } from './signed-uploads';
import type { MessageBus } from './bus';
import type { OrderedLog } from './ordered-log';
import type { SharedEngines } from './bus-engines';
import type { ReadinessProbe } from './readiness';
import type { SweepLock } from './sweep-lock';
import type { DomainEvents } from './domain-events';
import type { JobQueue } from './queue/job-queue';
import type { BackgroundTasks } from './background-tasks';
import type { Storage } from './storage';
import type { TokenService } from './tokens';
import type { Clock } from './clock';
import type { ListenerKeys } from './listener-keys';
import type { MediaAudience } from './media-audience';

/**
 * The engines every domain is handed (built once per instance by the composition root, server/composition.ts). Nothing
 * here knows a domain: what one domain needs of another is a port the composition root hands in.
 */
export interface PlatformServices {
  db: Db;
  /** The store behind `db`: its dialect, transactions, backups and change watching (db/store.ts). */
  store: Store;
  config: AppConfig;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** What time it is (tests may move it). */
  clock: Clock;
  /** The message bus (chat rooms, hub groups, live status, session changes): in process, or Redis across instances. */
  bus: MessageBus;
  /** Topics whose entries get ids in delivery order on every instance, kept until stored (chat rooms; server/platform/ordered-log.ts). */
  orderedLog: OrderedLog;
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
  /** The persisted job queue (server/platform/queue): push and webhook deliveries, each kind with its handler and metrics. */
  jobs: JobQueue;
  /** Signed /uploads URLs of members-only files, for their creator's podcasts app (server/platform/signed-uploads.ts). */
  signedUploads: SignedUploads;
  /** Media: uploads, icons, live segments and recordings (DATA_DIR files, or an S3-compatible bucket; server/platform/storage). */
  storage: Storage;
  /** Work nobody awaits (receipt mails, notices, sweeps) that the app's close waits for (server/platform/background-tasks.ts). */
  background: BackgroundTasks;
  /** Salted listener and viewer keys (daily salts, server/platform/listener-keys.ts): what analytics stores instead of addresses. */
  listenerKeys: ListenerKeys;
  /** Where media routes tell what they served (downloads and plays; server/platform/media-audience.ts). */
  mediaAudience: MediaAudience;
}
