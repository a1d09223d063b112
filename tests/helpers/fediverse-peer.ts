import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, signRequest, type Federation } from '@fedify/fedify';
import { Accept, Activity, Announce, Create, Delete, Endpoints, Follow, Image, Like, Note, Person, Reject, Tombstone, Undo, Update } from '@fedify/vocab';
import type { AppDeps } from '@server/app';
import { freePort as freeLoopbackPort } from '../engines/engine';
import { createTestApp, type TestApp } from './app';

/*
 * An independent Fediverse server for the tests, built on Fedify directly (not on our federation module): its own
 * node:http server on 127.0.0.1, its own actors (`alice`, `bob`) and key pairs, Fedify's MemoryKvStore, no queue (its
 * deliveries go out at once). Its inbox verifies what it receives, as any server would; `received` keeps what passed.
 */

// Node 20 has no global `navigator`, which Fedify reads before an Ed25519 key import (Node 21+ defines it).
if (!('navigator' in globalThis)) {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` }, configurable: true, writable: true });
}

export type PeerActorName = 'alice' | 'bob';
const names: readonly PeerActorName[] = ['alice', 'bob'];

export interface ReceivedActivity {
  type: string;
  id: string | null;
  actorId: string | null;
  objectId: string | null;
  /** The recipient inbox path on the peer. */
  inbox: string;
  activity: Activity;
}

export interface SignedPostOptions {
  /** Whose key signs (default: the activity's own actor). */
  as?: PeerActorName;
  /** Sign with this key instead, under `keyId` (a key the actor does not own, a key that signs nothing it claims). */
  key?: { privateKey: CryptoKey; keyId: URL };
  /** No Signature header at all. */
  unsigned?: boolean;
  /** Changes the body after signing (the Digest no longer matches). */
  tamper?: (body: string) => string;
  contentType?: string;
}

export interface FediversePeer {
  origin: string;
  /** host:port, as handles name it. */
  host: string;
  actorUri(name: PeerActorName): URL;
  keyId(name: PeerActorName): URL;
  received: ReceivedActivity[];
  /** GET /.well-known/webfinger of another server (plain HTTP on loopback), parsed. */
  webfinger(server: string, resource: string): Promise<{ status: number; json: { subject?: string; links?: Array<{ rel: string; type?: string; href?: string }> } | null }>;
  /** The actor behind `acct:user@server`: WebFinger, then the `self` link fetched and parsed by Fedify. */
  lookupActor(server: string, acct: string): Promise<Person>;
  /** Sends Follow from `name` to `target`; answers the Follow's id. */
  follow(name: PeerActorName, target: Person): Promise<URL>;
  undoFollow(name: PeerActorName, target: Person, followId: URL): Promise<void>;
  /** Sends Create(Note) from `name` replying to `inReplyTo` (HTML content); answers the note's id. */
  reply(name: PeerActorName, target: Person, inReplyTo: string, html: string): Promise<URL>;
  /** Sends Like or Announce of `objectId` from `name`; answers the activity (to undo it). */
  react(name: PeerActorName, target: Person, kind: 'like' | 'announce', objectId: string): Promise<Like | Announce>;
  /** Sends Undo of a Like or Announce from `name` (embedded, as Mastodon does). */
  undo(name: PeerActorName, target: Person, activity: Like | Announce): Promise<void>;
  /** Sends Delete of one of `name`'s notes (a Tombstone). */
  deleteNote(name: PeerActorName, target: Person, noteId: URL): Promise<void>;
  /** Sends Delete of the actor `name` itself (its account is gone). */
  deleteActor(name: PeerActorName, target: Person): Promise<void>;
  /** POSTs `activity` (JSON) to `url`, signed with draft-cavage as the options say. */
  signedPost(url: string, activity: Record<string, unknown>, options?: SignedPostOptions): Promise<Response>;
  /** Serves a raw JSON-LD document at `path` (e.g. a forged key document). */
  serveDocument(path: string, json: unknown): void;
  /** Resolves once an activity matching `predicate` arrived (rejects after `timeoutMs`). */
  waitFor(predicate: (activity: ReceivedActivity) => boolean, timeoutMs?: number): Promise<ReceivedActivity>;
  close(): Promise<void>;
}

async function toRequest(origin: string, incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(incoming.url ?? '/', origin), { method: incoming.method, headers, ...(body && incoming.method !== 'GET' && incoming.method !== 'HEAD' && { body: new Uint8Array(body) }) });
}

async function writeResponse(outgoing: ServerResponse, response: Response): Promise<void> {
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => outgoing.setHeader(name, value));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

/** Starts a peer on a free loopback port. */
export async function startFediversePeer(): Promise<FediversePeer> {
  const documents = new Map<string, unknown>();
  let federation: Federation<void> | null = null;
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const path = (incoming.url ?? '/').split('?')[0]!;
      const document = documents.get(path);
      if (document !== undefined) {
        outgoing.setHeader('content-type', 'application/activity+json');
        outgoing.end(JSON.stringify(document));
        return;
      }
      const request = await toRequest(origin, incoming);
      await writeResponse(outgoing, await federation!.fetch(request, { contextData: undefined }));
    })().catch((error: unknown) => {
      outgoing.statusCode = 500;
      outgoing.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const host = `127.0.0.1:${port}`;

  const keys = new Map<PeerActorName, { rsa: CryptoKeyPair; ed25519: CryptoKeyPair }>();
  for (const name of names) keys.set(name, { rsa: await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), ed25519: await generateCryptoKeyPair('Ed25519') });

  const received: ReceivedActivity[] = [];
  const waiters = new Set<{ predicate: (activity: ReceivedActivity) => boolean; resolve: (activity: ReceivedActivity) => void }>();
  const record = (inbox: string, activity: Activity) => {
    const entry: ReceivedActivity = {
      type: activity.constructor.name,
      id: activity.id?.href ?? null,
      actorId: activity.actorId?.href ?? null,
      objectId: activity.objectId?.href ?? null,
      inbox,
      activity,
    };
    received.push(entry);
    for (const waiter of waiters) {
      if (waiter.predicate(entry)) {
        waiters.delete(waiter);
        waiter.resolve(entry);
      }
    }
  };

  federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true, origin });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!names.includes(identifier as PeerActorName)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `Peer ${identifier}`,
        icon: new Image({ url: new URL(`/avatars/${identifier}.png`, origin) }),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]!.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => {
      const pair = keys.get(identifier as PeerActorName);
      return pair ? [pair.rsa, pair.ed25519] : [];
    });
  const inboxOf = (ctx: { recipient: string | null }) => (ctx.recipient ? `/users/${ctx.recipient}/inbox` : '/inbox');
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, (ctx, activity) => record(inboxOf(ctx), activity))
    .on(Reject, (ctx, activity) => record(inboxOf(ctx), activity))
    .on(Create, (ctx, activity) => record(inboxOf(ctx), activity))
    .on(Update, (ctx, activity) => record(inboxOf(ctx), activity))
    .on(Delete, (ctx, activity) => record(inboxOf(ctx), activity));

  const context = () => federation!.createContext(new URL(origin), undefined);
  const actorUri = (name: PeerActorName) => context().getActorUri(name);
  const keyId = (name: PeerActorName) => new URL(`${actorUri(name).href}#main-key`);

  const peer: FediversePeer = {
    origin,
    host,
    actorUri,
    keyId,
    received,
    async webfinger(serverOrigin, resource) {
      const response = await fetch(`${serverOrigin}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, { headers: { accept: 'application/jrd+json' } });
      return { status: response.status, json: response.ok ? ((await response.json()) as never) : null };
    },
    async lookupActor(serverOrigin, acct) {
      const { json } = await peer.webfinger(serverOrigin, acct);
      const self = json?.links?.find((link) => link.rel === 'self' && link.type === 'application/activity+json')?.href;
      if (!self) throw new Error(`no self link for ${acct}`);
      const found = await context().lookupObject(self);
      if (!(found instanceof Person)) throw new Error(`${self} is not a Person`);
      return found;
    },
    async follow(name, target) {
      const id = new URL(`${actorUri(name).href}#follows/${Date.now()}-${Math.random().toString(36).slice(2)}`);
      await context().sendActivity({ identifier: name }, target, new Follow({ id, actor: actorUri(name), object: target.id }));
      return id;
    },
    async undoFollow(name, target, followId) {
      const follow = new Follow({ id: followId, actor: actorUri(name), object: target.id });
      const id = new URL(`${actorUri(name).href}#undo/${Date.now()}`);
      await context().sendActivity({ identifier: name }, target, new Undo({ id, actor: actorUri(name), object: follow }));
    },
    async reply(name, target, inReplyTo, html) {
      const actor = actorUri(name);
      const unique = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const noteId = new URL(`${actor.href}/statuses/${unique}`);
      const note = new Note({ id: noteId, attribution: actor, content: html, replyTarget: new URL(inReplyTo), to: new URL('https://www.w3.org/ns/activitystreams#Public') });
      await context().sendActivity({ identifier: name }, target, new Create({ id: new URL(`${noteId.href}/activity`), actor, object: note, to: new URL('https://www.w3.org/ns/activitystreams#Public') }));
      return noteId;
    },
    async react(name, target, kind, objectId) {
      const actor = actorUri(name);
      const id = new URL(`${actor.href}#${kind}s/${Date.now()}-${Math.random().toString(36).slice(2)}`);
      const activity = kind === 'like' ? new Like({ id, actor, object: new URL(objectId) }) : new Announce({ id, actor, object: new URL(objectId), to: new URL('https://www.w3.org/ns/activitystreams#Public') });
      await context().sendActivity({ identifier: name }, target, activity);
      return activity;
    },
    async undo(name, target, activity) {
      const actor = actorUri(name);
      const id = new URL(`${actor.href}#undo/${Date.now()}-${Math.random().toString(36).slice(2)}`);
      await context().sendActivity({ identifier: name }, target, new Undo({ id, actor, object: activity }));
    },
    async deleteNote(name, target, noteId) {
      const actor = actorUri(name);
      const id = new URL(`${noteId.href}#delete`);
      await context().sendActivity({ identifier: name }, target, new Delete({ id, actor, object: new Tombstone({ id: noteId }), to: new URL('https://www.w3.org/ns/activitystreams#Public') }));
    },
    async deleteActor(name, target) {
      const actor = actorUri(name);
      const id = new URL(`${actor.href}#delete/${Date.now()}`);
      await context().sendActivity({ identifier: name }, target, new Delete({ id, actor, object: actor, to: new URL('https://www.w3.org/ns/activitystreams#Public') }));
    },
    async signedPost(url, activity, options = {}) {
      const signer = options.as ?? (names.find((name) => activity.actor === actorUri(name).href) as PeerActorName | undefined) ?? 'alice';
      const body = JSON.stringify(activity);
      const request = new Request(url, { method: 'POST', headers: { 'content-type': options.contentType ?? 'application/activity+json', accept: 'application/activity+json' }, body });
      let sent = request;
      if (!options.unsigned) {
        const key = options.key ?? { privateKey: keys.get(signer)!.rsa.privateKey, keyId: keyId(signer) };
        sent = await signRequest(request, key.privateKey, key.keyId, { spec: 'draft-cavage-http-signatures-12' });
      }
      const finalBody = options.tamper ? options.tamper(body) : body;
      return fetch(sent.url, { method: 'POST', headers: sent.headers, body: finalBody });
    },
    serveDocument(path, json) {
      documents.set(path, json);
    },
    waitFor(predicate, timeoutMs = 5_000) {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve: (activity: ReceivedActivity) => (clearTimeout(timer), resolve(activity)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error('the peer received no matching activity in time'));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return peer;
}

/** A port free right now on 127.0.0.1 (the app's PUBLIC_URL must name its port before the app is built). */
export { freeLoopbackPort };

export interface FederatedApp extends TestApp {
  /** http://127.0.0.1:<port>, the app's PUBLIC_URL and where it listens. */
  origin: string;
  host: string;
}

/** The app listening on loopback with PUBLIC_URL at its own address and private fetch targets allowed (the peer). */
export async function startFederatedApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<FederatedApp> {
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp({ PUBLIC_URL: origin, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', ...env }, deps);
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { ...testApp, origin, host: `127.0.0.1:${port}` };
}
