import './node20-navigator';
import './node20-builtins';
import { and, eq } from 'drizzle-orm';
import {
  createFederation,
  exportJwk,
  FetchError,
  generateCryptoKeyPair,
  getAuthenticatedDocumentLoader,
  getDocumentLoader,
  importJwk,
  type Context,
  type DocumentLoader,
  type Federation,
  type InboxContext,
} from '@fedify/fedify';
import { Accept, Activity, Announce, Create, Delete, Endpoints, Follow, Image, Like, Person, Reject, Tombstone, Undo, isActor, type Actor, type Recipient } from '@fedify/vocab';
import { federationActorKeys, type FederationKeyKind } from '@db/schema/federation';
import type { Db } from '@db/store';
import type { AppConfig } from '@server/config';
import { newId } from '@server/lib/ids';
import type { Clock } from '@server/platform/clock';
import type { JobQueue } from '@server/platform/queue/job-queue';
import type { Services } from '@server/services';
import type { ChatRuntime } from '@server/domains/chat/chat.runtime';
import { DatabaseKvStore } from './federation.kv';
import { FederationPoster } from './federation.posting';
import { countOutboxPosts, createActivity, outboxPageSize, outboxPosts, subjectOf } from './federation.posts';
import { JobQueueMessageQueue, type FederationQueueOptions } from './federation.queue';
import { receiveDelete, receiveReaction, receiveReply, undoReaction } from './federation.replies';
import {
  actorAccount,
  actorCounts,
  claimActorDelete,
  creatorSettings,
  deleteFollower,
  deliverableFollowers,
  followerById,
  markAccepted,
  removeFollowerByActor,
  storeFollower,
  type FollowerRow,
} from './federation.service';
import { softwareVersion } from './software-version';

export type FederationRuntimeOptions = FederationQueueOptions;

type RuntimeServices = Pick<Services, 'db' | 'config' | 'log' | 'sweeps'> & { chat: ChatRuntime };

const keyKinds: ReadonlyArray<{ kind: FederationKeyKind; algorithm: 'RSASSA-PKCS1-v1_5' | 'Ed25519' }> = [
  { kind: 'rsa', algorithm: 'RSASSA-PKCS1-v1_5' },
  { kind: 'ed25519', algorithm: 'Ed25519' },
];

/** Paths of the actor's documents; `{identifier}` is the creator tag, so the actor id is PUBLIC_URL/c/{tag}. */
export const federationPaths = {
  actor: '/c/{identifier}',
  inbox: '/c/{identifier}/inbox',
  sharedInbox: '/inbox',
  outbox: '/c/{identifier}/outbox',
  followers: '/c/{identifier}/followers',
  following: '/c/{identifier}/following',
  nodeInfo: '/nodeinfo/2.1',
} as const;

/** Refuses plain-HTTP documents unless private addresses are allowed (tests on loopback); Fedify refuses private addresses. */
function httpsOnly(loader: DocumentLoader, allowHttp: boolean): DocumentLoader {
  if (allowHttp) return loader;
  return (url, options) => {
    if (!url.startsWith('https://')) return Promise.reject(new FetchError(url, 'Only https:// documents are fetched'));
    return loader(url, options);
  };
}

function recipientOf(row: FollowerRow): Recipient {
  return { id: new URL(row.actorId), inboxId: new URL(row.inbox), endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null };
}

function handleOfActor(actor: Actor): string {
  const username = actor.preferredUsername?.toString() ?? actor.id?.pathname.split('/').filter(Boolean).pop() ?? 'unknown';
  return `@${username}@${actor.id?.host ?? 'unknown'}`;
}

/**
 * The Fediverse per instance (issue 32): Fedify's federation object with our key-value store and job queue, the
 * actor, WebFinger and NodeInfo dispatchers, the inbox listeners (Follow, Undo; replies, likes, boosts and Deletes in
 * federation.replies.ts) and what other domains call to send
 * (`sendToFollowers`, `approve`, `reject`, `announceDeleted`). Every URL it builds comes from PUBLIC_URL
 * (Fedify's `origin`), never from request headers. Off (`enabled` false) without PUBLIC_URL or with FEDERATION=off.
 */
export class FederationRuntime {
  readonly enabled: boolean;
  readonly kv: DatabaseKvStore | null;
  readonly queue: JobQueueMessageQueue | null;
  private federation: Federation<void> | null = null;
  private services: RuntimeServices | null = null;
  private readonly abort = new AbortController();
  private sweepTimer: NodeJS.Timeout | undefined;
  private episodeTimer: NodeJS.Timeout | undefined;
  private poster: FederationPoster | null = null;

  constructor(
    private readonly config: AppConfig,
    db: Db,
    jobs: JobQueue,
    clock: Clock,
    options: FederationRuntimeOptions = {},
  ) {
    this.enabled = config.federation.enabled && Boolean(config.publicUrl);
    this.kv = this.enabled ? new DatabaseKvStore(db, () => clock.now()) : null;
    this.queue = this.enabled ? new JobQueueMessageQueue(db, jobs, () => clock.now(), options) : null;
  }

  /** Builds the federation once the services exist (the composition root). */
  attach(services: RuntimeServices): void {
    this.services = services;
    if (!this.enabled || !this.kv || !this.queue) return;
    const allowPrivateAddress = this.config.federation.allowPrivateAddresses;
    const userAgent = { software: `Cuepoint/${softwareVersion}`, url: new URL(this.config.publicUrl!) };
    const federation = createFederation<void>({
      kv: this.kv,
      queue: this.queue,
      manuallyStartQueue: true,
      origin: this.config.publicUrl!,
      // Private, loopback and link-local addresses and plain HTTP are refused unless FEDERATION_ALLOW_PRIVATE_ADDRESSES.
      documentLoaderFactory: (options) => httpsOnly(getDocumentLoader({ ...options, userAgent, allowPrivateAddress }), allowPrivateAddress),
      contextLoaderFactory: (options) => httpsOnly(getDocumentLoader({ ...options, userAgent, allowPrivateAddress }), allowPrivateAddress),
      authenticatedDocumentLoaderFactory: (identity, options) => httpsOnly(getAuthenticatedDocumentLoader(identity, { ...options, userAgent, allowPrivateAddress }), allowPrivateAddress),
    });
    this.federation = federation;
    this.registerActor(federation, services);
    this.registerCollections(federation, services);
    this.registerInbox(federation, services);
    this.posts.register(federation);
    federation.setNodeInfoDispatcher(federationPaths.nodeInfo, async () => {
      const users = await actorCounts(services.db);
      return {
        software: { name: 'cuepoint', version: softwareVersion, homepage: new URL(this.config.publicUrl!) },
        protocols: ['activitypub'],
        openRegistrations: false,
        usage: { users: { total: users, activeHalfyear: users, activeMonth: users }, localPosts: 0, localComments: 0 },
      };
    });
  }

  /** Starts Fedify's worker on the job queue and the hourly sweep of expired entries (once across instances). */
  start(): void {
    if (!this.federation || !this.services) return;
    void this.federation.startQueue(undefined, { signal: this.abort.signal });
    const services = this.services;
    this.sweepTimer = setInterval(() => {
      void services.sweeps
        .runExclusive('federation-sweep', { ttlMs: 600_000, periodMs: 3600_000 }, async () => {
          await this.kv?.sweep();
          await this.queue?.sweep();
        })
        .catch((error: unknown) => services.log.error({ err: error }, 'federation: the sweep failed'));
    }, 3600_000);
    this.sweepTimer.unref();
    this.episodeTimer = setInterval(() => {
      void services.sweeps
        .runExclusive('federation-due-episodes', { ttlMs: 50_000, periodMs: 60_000 }, () => this.posts.postDueEpisodes())
        .catch((error: unknown) => services.log.error({ err: error }, 'federation: posting due episodes failed'));
    }, 60_000);
    this.episodeTimer.unref();
  }

  /** The creator's posts (federation.posting.ts): what the listeners and the minute sweep call. */
  get posts(): FederationPoster {
    if (!this.poster) this.poster = new FederationPoster(this, () => this.services, this.config.publicUrl ?? '');
    return this.poster;
  }

  stop(): void {
    clearInterval(this.sweepTimer);
    clearInterval(this.episodeTimer);
    this.abort.abort();
  }

  /** Fedify's own answer to a request (built from PUBLIC_URL and the path). `onNotAcceptable`: the HTML page instead. */
  async fetch(request: Request, onNotFound: () => Response | Promise<Response>, onNotAcceptable: () => Response | Promise<Response>): Promise<Response> {
    if (!this.federation) return onNotFound();
    return this.federation.fetch(request, { contextData: undefined, onNotFound, onNotAcceptable });
  }

  /** A context on PUBLIC_URL (throws while federation is off). */
  context(): Context<void> {
    if (!this.federation) throw new Error('federation: not enabled');
    return this.federation.createContext(new URL(this.config.publicUrl!), undefined);
  }

  /** The actor id of a creator tag (PUBLIC_URL/c/{tag}). */
  actorUri(tag: string): URL {
    return this.context().getActorUri(tag);
  }

  /**
   * Sends an activity of a creator's actor to its accepted followers that no block excludes (shared inboxes used);
   * answers how many followers it was addressed to. The later parts (posts) send through this.
   */
  async sendToFollowers(userId: string, tag: string, activity: Activity): Promise<number> {
    if (!this.federation || !this.services) return 0;
    const recipients = (await deliverableFollowers(this.services.db, userId)).map(recipientOf);
    if (!recipients.length) return 0;
    await this.context().sendActivity({ identifier: tag }, recipients, activity, { preferSharedInbox: true });
    return recipients.length;
  }

  /** Approves a pending follower: stored as accepted, and its server gets the Accept. */
  async approve(userId: string, tag: string, followerId: string): Promise<void> {
    const { db } = this.requireServices();
    const row = await followerById(db, userId, followerId);
    await markAccepted(db, row.id);
    await this.answerFollow(tag, row, 'accept');
  }

  /** Rejects a pending follower (or removes an accepted one): the row goes, its server gets a Reject. */
  async reject(userId: string, tag: string, followerId: string): Promise<void> {
    const { db } = this.requireServices();
    const row = await followerById(db, userId, followerId);
    await deleteFollower(db, row.id);
    await this.answerFollow(tag, row, 'reject');
  }

  /**
   * A deactivated account's actor: its followers get Delete(Person), once across instances (the actor answers 410 from
   * then on). Meant for the users domain's deactivation event.
   */
  async announceDeleted(userId: string, tag: string): Promise<number> {
    if (!this.federation || !this.services) return 0;
    if (!(await claimActorDelete(this.services.db, userId))) return 0;
    const actor = this.actorUri(tag);
    return this.sendToFollowers(userId, tag, new Delete({ id: new URL(`${actor.href}#delete/${newId()}`), actor, object: actor, to: new URL('https://www.w3.org/ns/activitystreams#Public') }));
  }

  private requireServices(): RuntimeServices {
    if (!this.services || !this.federation) throw new Error('federation: not enabled');
    return this.services;
  }

  private async answerFollow(tag: string, row: FollowerRow, answer: 'accept' | 'reject'): Promise<void> {
    if (!this.federation) return;
    const actor = this.actorUri(tag);
    const follow = new Follow({ id: new URL(row.followId), actor: new URL(row.actorId), object: actor });
    const values = { id: new URL(`${actor.href}#${answer}/${newId()}`), actor, object: follow, to: new URL(row.actorId) };
    await this.context().sendActivity({ identifier: tag }, recipientOf(row), answer === 'accept' ? new Accept(values) : new Reject(values));
  }

  /** The actor's key pairs, made on first need and kept in `federation_actor_keys` (never logged). */
  private async keyPairs(db: Db, userId: string): Promise<CryptoKeyPair[]> {
    const pairs: CryptoKeyPair[] = [];
    for (const { kind, algorithm } of keyKinds) {
      const [row] = await db.select().from(federationActorKeys).where(and(eq(federationActorKeys.userId, userId), eq(federationActorKeys.kind, kind)));
      if (row) {
        pairs.push({ publicKey: await importJwk(row.publicJwk, 'public'), privateKey: await importJwk(row.privateJwk, 'private') });
        continue;
      }
      const pair = await generateCryptoKeyPair(algorithm);
      await db
        .insert(federationActorKeys)
        .values({ userId, kind, publicJwk: await exportJwk(pair.publicKey), privateJwk: await exportJwk(pair.privateKey) })
        .onConflictDoNothing();
      // Another request may have made its pair first: the stored one is the actor's.
      const [stored] = await db.select().from(federationActorKeys).where(and(eq(federationActorKeys.userId, userId), eq(federationActorKeys.kind, kind)));
      pairs.push({ publicKey: await importJwk(stored!.publicJwk, 'public'), privateKey: await importJwk(stored!.privateJwk, 'private') });
    }
    return pairs;
  }

  private registerActor(federation: Federation<void>, services: RuntimeServices): void {
    const origin = this.config.publicUrl!;
    federation
      .setActorDispatcher(federationPaths.actor, async (ctx, identifier) => {
        const found = await actorAccount(services, identifier);
        if (!found) return null;
        if (found.gone) return new Tombstone({ id: ctx.getActorUri(found.tag) });
        const { account } = found;
        const tag = account.creatorTag;
        const keys = await ctx.getActorKeyPairs(tag);
        const settings = await creatorSettings(services.db, account.id);
        return new Person({
          id: ctx.getActorUri(tag),
          preferredUsername: tag,
          name: account.displayName,
          summary: account.description || null,
          url: new URL(`/c/${encodeURIComponent(tag)}`, origin),
          icon: account.imageUrl ? new Image({ url: new URL(account.imageUrl, origin) }) : null,
          inbox: ctx.getInboxUri(tag),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          outbox: ctx.getOutboxUri(tag),
          followers: ctx.getFollowersUri(tag),
          following: ctx.getFollowingUri(tag),
          manuallyApprovesFollowers: settings.approveFollowers,
          discoverable: true,
          publicKey: keys[0]?.cryptographicKey ?? null,
          assertionMethods: keys.map((key) => key.multikey),
        });
      })
      // A deactivated actor keeps its keys: its Delete is signed with them (receivers verify it with the key they cached).
      .setKeyPairsDispatcher(async (_ctx, identifier) => {
        const found = await actorAccount(services, identifier);
        if (!found) return [];
        return this.keyPairs(services.db, found.gone ? found.id : found.account.id);
      })
      .mapHandle(async (_ctx, username) => {
        const found = await actorAccount(services, username);
        return found && !found.gone ? found.account.creatorTag : null;
      });
  }

  private registerCollections(federation: Federation<void>, services: RuntimeServices): void {
    const actorOf = async (identifier: string) => {
      const found = await actorAccount(services, identifier);
      return found && !found.gone ? found.account : null;
    };
    // The creator's posts as their Create activities, latest first, paged (the cursor is the offset).
    federation
      .setOutboxDispatcher(federationPaths.outbox, async (ctx, identifier, cursor) => {
        const account = await actorOf(identifier);
        if (!account || cursor === null) return null;
        const offset = Number.parseInt(cursor, 10) || 0;
        const rows = await outboxPosts(services.db, account.id, offset, outboxPageSize + 1);
        const items: Activity[] = [];
        for (const row of rows.slice(0, outboxPageSize)) {
          const subject = await subjectOf(services.db, this.config.publicUrl!, row.kind, row.subjectId);
          if (subject) items.push(await createActivity(ctx, row, subject));
        }
        return { items, nextCursor: rows.length > outboxPageSize ? String(offset + outboxPageSize) : null };
      })
      .setFirstCursor(async (_ctx, identifier) => ((await actorOf(identifier)) ? '0' : null))
      .setCounter(async (_ctx, identifier) => {
        const account = await actorOf(identifier);
        return account ? countOutboxPosts(services.db, account.id) : null;
      });
    federation
      .setFollowingDispatcher(federationPaths.following, async (_ctx, identifier) => ((await actorOf(identifier)) ? { items: [] } : null))
      .setCounter(async (_ctx, identifier) => ((await actorOf(identifier)) ? 0 : null));
    federation
      .setFollowersDispatcher(federationPaths.followers, async (_ctx, identifier) => {
        const account = await actorOf(identifier);
        if (!account) return null;
        return { items: (await deliverableFollowers(services.db, account.id)).map(recipientOf) };
      })
      .setCounter(async (_ctx, identifier) => {
        const account = await actorOf(identifier);
        return account ? (await deliverableFollowers(services.db, account.id)).length : null;
      });
  }

  private registerInbox(federation: Federation<void>, services: RuntimeServices): void {
    const targetOf = async (ctx: InboxContext<void>, object: URL | null) => {
      const parsed = object ? ctx.parseUri(object) : null;
      const identifier = parsed?.type === 'actor' ? parsed.identifier : ctx.recipient;
      if (!identifier) return null;
      const found = await actorAccount(services, identifier);
      return found && !found.gone ? found.account : null;
    };
    federation
      .setInboxListeners(federationPaths.inbox, federationPaths.sharedInbox)
      // An activity id seen before (at either inbox, from any sender) is accepted and ignored.
      .withIdempotency('global')
      .on(Follow, async (ctx, follow) => {
        if (!follow.id || !follow.actorId) return;
        const account = await targetOf(ctx, follow.objectId);
        if (!account) return;
        const follower = await follow.getActor(ctx);
        if (!follower || !isActor(follower) || !follower.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return;
        const settings = await creatorSettings(services.db, account.id);
        const stored = await storeFollower(
          services.db,
          account.id,
          { actorId: follower.id.href, handle: handleOfActor(follower), inbox: follower.inboxId.href, sharedInbox: follower.endpoints?.sharedInbox?.href ?? null, followId: follow.id.href },
          settings.approveFollowers,
        );
        services.log.info({ creatorId: account.id, follower: follower.id.href, status: stored.status }, 'federation: follow received');
        if (stored.status === 'accepted') {
          const actor = ctx.getActorUri(account.creatorTag);
          await ctx.sendActivity({ identifier: account.creatorTag }, follower, new Accept({ id: new URL(`${actor.href}#accept/${newId()}`), actor, object: follow, to: follower.id }));
        }
      })
      .on(Create, (ctx, create) => receiveReply(services, ctx, create))
      .on(Like, (ctx, like) => receiveReaction(services, ctx, like, 'like'))
      .on(Announce, (ctx, announce) => receiveReaction(services, ctx, announce, 'announce'))
      .on(Delete, (_ctx, deleted) => receiveDelete(services, deleted))
      .on(Undo, async (ctx, undo) => {
        if (await undoReaction(services, ctx, undo)) return;
        const object = await undo.getObject(ctx);
        if (!(object instanceof Follow) || !undo.actorId || object.actorId?.href !== undo.actorId.href) return;
        const account = await targetOf(ctx, object.objectId);
        if (!account) return;
        await removeFollowerByActor(services.db, account.id, undo.actorId.href);
        services.log.info({ creatorId: account.id, follower: undo.actorId.href }, 'federation: follow undone');
      })
      .onError((_ctx, error) => {
        services.log.warn({ err: error }, 'federation: an inbox activity failed');
      });
  }
}
