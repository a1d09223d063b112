import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { openConfiguredDatabase, type DatabaseHandle } from '@db/client';
import { secretFilePath, type AppConfig } from './config';
import type { Services } from './services';
import { RateLimiter } from './platform/rate-limit';
import { createSharedEngines, type SharedEngines } from './platform/bus-engines';
import type { ReadinessProbe } from './platform/readiness';
import { DatabaseSweepLock } from './platform/sweep-lock';
import { DomainEvents } from './platform/domain-events';
import { JobQueue } from './platform/queue/job-queue';
import { BackgroundTasks } from './platform/background-tasks';
import { InstanceHeartbeat, type InstanceHeartbeatOptions } from './platform/instance-heartbeat';
import { loadOrCreateSecret } from './platform/secrets';
import { TokenService } from './platform/tokens';
import { createStorage, type Storage } from './platform/storage';
import { SignedUploads } from './platform/signed-uploads';
import { PublicUploads, type UploadVisibilityRule } from './platform/public-uploads';
import { systemClock, type Clock } from './platform/clock';
import { ListenerKeys } from './platform/listener-keys';
import type { BotCheckProvider } from './providers/bot-check/interface';
import type { IdentityProviders } from './providers/identity/interface';
import type { Mailer } from './providers/mail/interface';
import type { PaymentProvider } from './providers/payments/interface';
import type { PushSender } from './providers/push/interface';
import { createLivePaymentProvider } from './providers/payments';
import { createLiveProviders } from './domains/settings/live-providers';
import { registerHubListeners } from './domains/hub/hub.listeners';
import { registerPushListeners } from './domains/push/push.listeners';
import { registerSubscriptionListeners } from './domains/subscriptions/subscriptions.listeners';
import { registerMembershipListeners } from './domains/memberships/memberships.listeners';
import { registerFederationListeners } from './domains/federation/federation.listeners';
import { registerWebhookListeners } from './domains/webhooks/webhooks.listeners';
import { followSessionChanges } from './domains/users/session-reads';
import { ChatRuntime } from './domains/chat/chat.runtime';
import { WebhooksWorker, type WebhooksWorkerOptions } from './domains/webhooks/webhooks.worker';
import { createPushWorker, type PushWorker } from './domains/push/push.worker';
import { LiveRuntime, type LiveRuntimeOptions } from './domains/live/live.runtime';
import { AnalyticsRuntime, type AnalyticsRuntimeOptions } from './domains/analytics/analytics.runtime';
import { FederationRuntime, type FederationRuntimeOptions } from './domains/federation/federation.runtime';
import type { StreamLocator } from './domains/events/stream-source';
import { fillMissingPodcastGuids } from './domains/podcasts/podcasts.service';
import { userUploads } from './domains/users/users.uploads';
import { tipUploads } from './domains/tips/tips.uploads';
import { podcastUploads } from './domains/podcasts/podcasts.uploads';

/** The domains' runtimes: state and timers a domain keeps per instance, handed to its own routers and shims. */
export interface DomainRuntimes {
  chat: ChatRuntime;
  /** Web push: the VAPID sender, its lane of the job queue and the go-live sweep (server/domains/push). */
  push: PushWorker;
  /** Outgoing webhook deliveries on the job queue (server/domains/webhooks). */
  webhooks: WebhooksWorker;
  /** Live streaming: the RTMP ingest, sessions, recordings and playback tokens (server/domains/live). Events' StreamLocator. */
  live: LiveRuntime;
  /** Events' port to our own ingest (answered by live). */
  streams: StreamLocator;
  /** Audience analytics: the media counter (`mediaAudience`), the counting and retention sweeps (server/domains/analytics). */
  analytics: AnalyticsRuntime;
  /** The Fediverse: Fedify on our store and job queue, actors, inboxes, following (server/domains/federation). */
  federation: FederationRuntime;
}

/** Everything one instance runs on: the platform, the providers and the domains' runtimes (tRPC's and REST's context). */
export type AppServices = Services & DomainRuntimes;

/** What a caller (main.ts, a test) may replace; everything else follows the config. */
export interface ServiceDeps {
  database?: DatabaseHandle;
  botCheck?: BotCheckProvider;
  identity?: IdentityProviders;
  mailer?: Mailer;
  /** Replaces the Web Push sender (VAPID keys from DATA_DIR or the config otherwise). */
  pushSender?: PushSender;
  paymentProvider?: PaymentProvider;
  /** Outgoing webhooks: tests may turn off background sending and drive deliveries themselves. */
  webhooks?: WebhooksWorkerOptions;
  /** Live streaming timings (tests shorten the reconnect grace). */
  live?: LiveRuntimeOptions;
  /** Replaces the media storage the config names. */
  storage?: Storage;
  /** The instance heartbeat's timing (PostgreSQL without Redis; tests shorten it). */
  instanceHeartbeat?: InstanceHeartbeatOptions;
  clock?: Clock;
  /** Audience analytics' timings (tests settle it themselves). */
  analytics?: AnalyticsRuntimeOptions;
  /** The Fediverse's queue lane (tests may drive it themselves). */
  federation?: FederationRuntimeOptions;
}

export interface ComposedServices {
  services: AppServices;
  /** The app's signing secret (security headers and payments read it too). */
  secret: string;
  engines: SharedEngines;
  database: DatabaseHandle;
  /** Who may load each stored upload (/uploads), as the domains' rules answer. */
  publicUploads: PublicUploads;
  /** Starts the queue, the heartbeat and the push sweep (after the routes are registered). */
  start(): void;
  /** Stops what `start` started and the live ingest, first of all (Fastify's preClose). */
  stopFirst(): Promise<void>;
  /** Closes the rest in order: queue, background work, chat, database, shared engines, storage. */
  close(): Promise<void>;
}

/**
 * Each domain's listeners of other domains' events and its request handlers (server/platform/domain-events.ts),
 * registered once at start-up. Listeners of one event run in this order.
 */
const domainListeners: ReadonlyArray<(services: AppServices) => void> = [
  registerWebhookListeners,
  registerHubListeners,
  registerPushListeners,
  registerSubscriptionListeners,
  registerMembershipListeners,
  registerFederationListeners,
];

/**
 * The domains' answers to who may load a stored upload (server/platform/public-uploads.ts). Asked in this order until
 * one shows the file always: avatars and tip icons first (one indexed read each), podcast files last.
 */
const uploadVisibilityRules: readonly UploadVisibilityRule[] = [userUploads, tipUploads, podcastUploads];

/**
 * The composition root: builds the platform's engines, the providers and every domain runtime, hands each domain the
 * ports it needs of others (live answers events' StreamLocator), and registers the domains' listeners.
 */
export async function createServices(config: AppConfig, log: FastifyBaseLogger, deps: ServiceDeps = {}): Promise<ComposedServices> {
  // PostgreSQL with DATABASE_URL, else the SQLite file in DATA_DIR; the same services on either.
  const database = deps.database ?? (await openConfiguredDatabase({ databaseUrl: config.databaseUrl, sqlitePath: join(config.dataDir, 'cuepoint.db') }));
  const secret = loadOrCreateSecret(secretFilePath(config.dataDir), config.jwtSecret);
  // Bus, rate limits, sweep locks and presence: in this process, or shared through Redis with REDIS_URL.
  const engines = createSharedEngines(config.redis, log, (error, topic) => log.error({ err: error, topic }, 'bus listener failed'));
  // Bot check, social sign-in and mail follow the admin's platform settings (environment values as defaults).
  const liveProviders = await createLiveProviders(database.db, config, secret, log, engines.once);
  const { bus } = engines;
  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? liveProviders.mailer;
  const jobs = new JobQueue(database.db, log);
  const background = new BackgroundTasks(log);
  const storage = deps.storage ?? createStorage(config.storage, config.dataDir);
  const storageProbe: ReadinessProbe = { name: 'storage', check: async () => (await storage.ping(), true) };
  // The SQLite file is this process's own; a PostgreSQL server is checked like the other shared engines.
  const databaseProbes: ReadinessProbe[] = database.store.dialect === 'postgres' ? [{ name: 'database', check: async () => (await database.store.ping(), true) }] : [];
  const live = new LiveRuntime(secret, deps.live);
  // Downloads and plays are counted unless ANALYTICS_COUNTING=off (the media benchmark's baseline).
  const analytics = new AnalyticsRuntime(config.analyticsCounting, deps.analytics);
  const services: AppServices = {
    db: database.db,
    store: database.store,
    config,
    clock,
    tokens: new TokenService(secret, config.tokenTtlSeconds),
    botCheck: deps.botCheck ?? liveProviders.botCheck,
    identity: deps.identity ?? liveProviders.identity,
    mailer,
    rateLimiter: new RateLimiter(() => clock.now(), engines.rateLimits),
    payments: deps.paymentProvider ?? createLivePaymentProvider(liveProviders.currentConfig, database.db, secret),
    log,
    bus,
    orderedLog: engines.orderedLog,
    // Without Redis, instances sharing a PostgreSQL database take turns through a row of it.
    sweeps: !config.redis && database.store.dialect === 'postgres' ? new DatabaseSweepLock(database.db, log) : engines.sweeps,
    presence: engines.presence,
    once: engines.once,
    leases: engines.leases,
    readiness: [...databaseProbes, ...engines.probes, storageProbe],
    domainEvents: new DomainEvents(log, () => database.store.inTransaction()),
    chat: new ChatRuntime(database.db, engines.orderedLog, log),
    jobs,
    push: createPushWorker(config, database.db, jobs, deps.pushSender),
    webhooks: new WebhooksWorker({ db: database.db, config, log, mailer, background }, jobs, deps.webhooks),
    live,
    streams: live,
    signedUploads: new SignedUploads(secret),
    storage,
    background,
    listenerKeys: new ListenerKeys(database.db, clock),
    mediaAudience: analytics.audience,
    analytics,
    federation: new FederationRuntime(config, database.db, jobs, clock, deps.federation),
  };
  await services.listenerKeys.ready();
  services.live.attach(services);
  analytics.attach(services);
  services.federation.attach(services);
  for (const register of domainListeners) register(services);
  // With instances sharing a bus, a password, role or activation change on one reaches every other's session cache.
  followSessionChanges(services);
  // Podcast titles from before podcast:guid was stored get it once, from today's feed URL (never recomputed after).
  await fillMissingPodcastGuids(services);
  // PostgreSQL without Redis: instances find each other through the database and warn that the bus stays per instance.
  const heartbeat = database.store.dialect === 'postgres' && !config.redis ? new InstanceHeartbeat(database.db, log, deps.instanceHeartbeat) : null;

  return {
    services,
    secret,
    engines,
    database,
    publicUploads: new PublicUploads(database.store, uploadVisibilityRules),
    start() {
      services.jobs.start();
      heartbeat?.start();
      // Push deliveries in flight finish and are recorded before the database closes (a restart sends nothing twice).
      services.push.start(services);
      analytics.start();
      services.federation.start();
    },
    async stopFirst() {
      await services.push.stop();
      services.federation.stop();
      // The RTMP listener (started by main.ts, or a test) stops first: publishers end, recordings are finished.
      await services.live.stop();
    },
    async close() {
      await heartbeat?.stop();
      // Requests counted in memory are written before the database closes.
      await analytics.stop();
      // Jobs in flight (webhook deliveries queued while live sessions ended, too) are recorded before the database closes.
      await services.jobs.stop();
      // Receipt mails, notices and sweeps started by requests and jobs write their rows before the database closes.
      await services.background.drain();
      await services.chat.close();
      await database.close();
      await engines.close();
      services.storage.close();
    },
  };
}
