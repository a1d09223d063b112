import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FetchError, UrlError } from '@fedify/fedify';
import type { Services } from '@server/services';
import type { FederationRuntime } from './federation.runtime';
import { actorAccount, hostOf, isBlocked } from './federation.service';

/** What the federation's routes use: the platform and the domain's runtime (the composition root's services). */
type FederationHttpServices = Services & { federation: FederationRuntime };

/** The inbox refuses bodies past this (413); the digest is checked over the raw bytes. */
export const inboxBodyLimit = 1024 * 1024;
/** Activities accepted from one remote host per minute (429 past it). */
export const inboxRateLimit = { limit: 60, windowMs: 60_000 };

/** An Accept header naming ActivityPub's types (`application/activity+json`, `application/ld+json; profile=...`). */
const wantsActivityJson = (accept: string | undefined) => /(^|,)\s*application\/(activity\+json|ld\+json)\b/i.test(accept ?? '');

/** The request as Fedify reads it: PUBLIC_URL and the path (never the Host or X-Forwarded-* headers), the raw body. */
function toFetchRequest(publicUrl: string, request: FastifyRequest, body?: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, ...(body && { body: new Uint8Array(body) }) });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

const jsonNotFound = () => new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** `keyId` of a draft-cavage `Signature` header or `keyid` of an RFC 9421 `Signature-Input`. */
function signatureKeyId(request: FastifyRequest): string | null {
  const cavage = request.headers.signature;
  const rfc9421 = request.headers['signature-input'];
  const text = `${typeof cavage === 'string' ? cavage : ''} ${typeof rfc9421 === 'string' ? rfc9421 : ''}`;
  return /\bkey[iI]d="([^"]+)"/.exec(text)?.[1] ?? null;
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}

/**
 * The Fediverse's HTTP side (issue 32), registered only when federation is on: WebFinger, NodeInfo, the actor on
 * `/c/{tag}` by content negotiation (`Vary: Accept`; the HTML page otherwise, from the app's page handler), its
 * collections, and the inboxes in a scope of their own (raw body, 1 MiB, rate limit per remote host, blocks).
 */
export async function federationPlugin(app: FastifyInstance, { services }: { services: FederationHttpServices }): Promise<void> {
  const federation = services.federation;
  const publicUrl = services.config.publicUrl;
  if (!federation.enabled || !publicUrl) return;

  const dispatch = async (request: FastifyRequest, reply: FastifyReply) => sendFetchResponse(reply, await federation.fetch(toFetchRequest(publicUrl, request), jsonNotFound, jsonNotFound));

  app.get('/.well-known/webfinger', dispatch);
  app.get('/.well-known/nodeinfo', dispatch);
  app.get('/nodeinfo/2.1', dispatch);
  app.get('/c/:tag/outbox', dispatch);
  app.get('/c/:tag/followers', dispatch);
  app.get('/c/:tag/following', dispatch);
  app.get('/c/:tag/posts/:id', dispatch);
  app.get<{ Params: { tag: string; id: string } }>('/c/:tag/posts/:id/event', async (request, reply) => {
    const event = await federation.posts.eventObject(request.params.tag, request.params.id);
    if (!event) return reply.code(404).send({ message: 'Not found' });
    return reply.header('content-type', 'application/activity+json').header('vary', 'Accept').send(JSON.stringify(event));
  });

  // The creator page and the actor share one URL: ActivityPub clients get the actor, browsers the page.
  app.get('/c/:tag', async (request, reply) => {
    reply.header('vary', 'Accept');
    if (!wantsActivityJson(request.headers.accept)) return reply.callNotFound();
    const page = new Response(null, { status: 406 });
    const response = await federation.fetch(toFetchRequest(publicUrl, request), jsonNotFound, () => page);
    if (response === page) return reply.callNotFound();
    return sendFetchResponse(reply, response);
  });

  await app.register(async (inbox) => {
    inbox.removeAllContentTypeParsers();
    inbox.addContentTypeParser(['application/activity+json', 'application/ld+json', 'application/json'], { parseAs: 'buffer', bodyLimit: inboxBodyLimit }, (_request, body, done) => done(null, body));
    const receive = async (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body as Buffer;
      let activity: Record<string, unknown>;
      try {
        activity = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (!activity || typeof activity !== 'object' || Array.isArray(activity)) throw new Error('not an object');
      } catch {
        return reply.code(400).send({ message: 'The request body is not valid JSON' });
      }
      const keyId = signatureKeyId(request);
      const actorId = idOf(activity.actor);
      const remoteHost = hostOf(keyId ?? actorId ?? '') ?? `address:${request.ip}`;
      const type = typeof activity.type === 'string' ? activity.type : null;
      const refuse = (status: number, reason: string, message: string) => {
        request.log.info({ remoteHost, type, status, reason }, 'federation: inbox refused an activity');
        return reply.code(status).send({ message });
      };
      const verdict = await services.rateLimiter.hit(`federation-inbox:${remoteHost}`, inboxRateLimit);
      if (!verdict.allowed) {
        reply.header('retry-after', String(Math.ceil(verdict.retryAfterMs / 1000)));
        return refuse(429, 'rate limit', 'Too many activities from this server; try again later');
      }
      // A key from another server than the actor's is never the actor's key (whatever its document claims).
      if (keyId && actorId && new URL(keyId, publicUrl).origin !== new URL(actorId, publicUrl).origin) return refuse(401, 'key not the actor’s', 'The signature key does not belong to the actor');
      const tag = (request.params as { tag?: string }).tag;
      const creatorIds = await blockScopesOf(services, tag, idOf(activity.object));
      if (await isBlocked(services.db, [actorId, keyId].filter((id): id is string => Boolean(id)), creatorIds)) return refuse(403, 'blocked', 'This server or account is blocked');
      let response: Response;
      try {
        response = await federation.fetch(toFetchRequest(publicUrl, request, body), jsonNotFound, jsonNotFound);
      } catch (error) {
        // The signer's key could not be fetched (a private or plain-HTTP address refused, a server that failed).
        if (error instanceof FetchError || error instanceof UrlError) return refuse(401, 'key not fetched', 'The signature could not be verified');
        throw error;
      }
      request.log.info({ remoteHost, type, status: response.status }, 'federation: inbox answered');
      return sendFetchResponse(reply, response);
    };
    inbox.post('/inbox', receive);
    inbox.post('/c/:tag/inbox', receive);
  });
}

/** Whose blocks apply to an activity: the creator whose inbox it came to, or whose actor it names as its object. */
async function blockScopesOf(services: FederationHttpServices, tag: string | undefined, objectId: string | null): Promise<string[]> {
  const tags = new Set<string>();
  if (tag) tags.add(tag);
  const actorPrefix = `${services.config.publicUrl}/c/`;
  if (objectId?.startsWith(actorPrefix)) tags.add(decodeURIComponent(objectId.slice(actorPrefix.length).split(/[/?#]/)[0] ?? ''));
  const ids: string[] = [];
  for (const one of tags) {
    const found = await actorAccount(services, one);
    if (found && !found.gone) ids.push(found.account.id);
  }
  return ids;
}
