import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET (RFC 9110 §13): strong validators for generated answers and stored files, the precondition
 * evaluation in the RFC's order, and If-Range. Feeds, the calendar and /uploads answer 304 through here.
 */

export interface Validators {
  /** A strong entity tag, quoted: `"…"`. */
  etag: string;
  lastModified: Date;
}

/** A strong ETag of a generated body: the same bytes always get the same tag. */
export function bodyEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Validators of a stored file from its identity (inode, size, modification time). Uploads are written once under a
 * random name and never rewritten in place, so the identity changes whenever the bytes could.
 */
export function fileValidators(stat: Pick<Stats, 'ino' | 'size' | 'mtimeMs' | 'mtime'>): Validators {
  return {
    etag: `"${stat.ino.toString(36)}-${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
    lastModified: stat.mtime,
  };
}

/** HTTP dates carry whole seconds: a Last-Modified is compared as it was sent. */
function toSecond(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function parseDate(value: string | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** The entity tags of an If-Match / If-None-Match list; `*` stands for any. */
function entityTags(value: string): string[] {
  return value.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

function matchesAny(list: string, etag: string, weak: boolean): boolean {
  return entityTags(list).some((tag) => {
    if (tag === '*') return true;
    if (!weak && tag.startsWith('W/')) return false;
    return opaque(tag) === opaque(etag);
  });
}

export const preconditionFailedMessage = 'The resource has changed';

export type Precondition = 'proceed' | 'not-modified' | 'precondition-failed';

/**
 * RFC 9110 §13.2.2: If-Match, else If-Unmodified-Since; then If-None-Match (weak comparison), else
 * If-Modified-Since (GET and HEAD only). An unparsable date is ignored, as the RFC asks.
 */
export function evaluatePreconditions(method: string, headers: IncomingHttpHeaders, validators: Validators): Precondition {
  const readOnly = method === 'GET' || method === 'HEAD';
  const lastModified = toSecond(validators.lastModified);
  const ifMatch = headerText(headers['if-match']);
  if (ifMatch !== undefined) {
    if (!matchesAny(ifMatch, validators.etag, false)) return 'precondition-failed';
  } else {
    const unmodifiedSince = parseDate(headerText(headers['if-unmodified-since']));
    if (unmodifiedSince !== null && lastModified > unmodifiedSince) return 'precondition-failed';
  }
  const ifNoneMatch = headerText(headers['if-none-match']);
  if (ifNoneMatch !== undefined) {
    if (matchesAny(ifNoneMatch, validators.etag, true)) return readOnly ? 'not-modified' : 'precondition-failed';
  } else if (readOnly) {
    const modifiedSince = parseDate(headerText(headers['if-modified-since']));
    if (modifiedSince !== null && lastModified <= modifiedSince) return 'not-modified';
  }
  return 'proceed';
}

/** If-Range (RFC 9110 §13.1.5): the Range applies only to the representation the client holds part of. */
export function rangeStillApplies(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const ifRange = headerText(headers['if-range'])?.trim();
  if (!ifRange) return true;
  if (ifRange.startsWith('"')) return ifRange === validators.etag;
  if (ifRange.startsWith('W/')) return false;
  // A date matches only a strong Last-Modified: exactly the one we sent.
  return parseDate(ifRange) === toSecond(validators.lastModified);
}

export function setValidators(reply: FastifyReply, validators: Validators): FastifyReply {
  return reply.header('etag', validators.etag).header('last-modified', validators.lastModified.toUTCString());
}

/**
 * When each generated answer first went out with its current body. A generated answer (a feed, a calendar) has no
 * single row whose time covers every change (a removed entry leaves no timestamp behind), so its Last-Modified is
 * the moment this server first saw the body it now sends: never earlier than the change it reports, so a client
 * holding an older copy always gets the new one. After a restart every answer counts as new once.
 */
export class ContentClock {
  private readonly seen = new Map<string, { etag: string; since: number }>();

  constructor(private readonly capacity = 10_000) {}

  lastModified(key: string, etag: string, now = Date.now()): Date {
    const known = this.seen.get(key);
    this.seen.delete(key);
    let since = Math.floor(now / 1000) * 1000;
    if (known?.etag === etag) since = known.since;
    // Two versions within one second still get different dates.
    else if (known && since <= known.since) since = known.since + 1000;
    this.seen.set(key, { etag, since });
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.keys().next().value!);
    return new Date(since);
  }
}

/**
 * Sends a generated body with a strong ETag and Last-Modified (from `clock` under `key`), or 304 when the client's
 * copy is current. Content type and caching headers are the caller's.
 */
export function sendWithValidators(request: FastifyRequest, reply: FastifyReply, body: string, clock: ContentClock, key: string): FastifyReply {
  const etag = bodyEtag(body);
  const validators = { etag, lastModified: clock.lastModified(key, etag) };
  setValidators(reply, validators);
  switch (evaluatePreconditions(request.method, request.headers, validators)) {
    case 'not-modified':
      reply.removeHeader('content-type');
      return reply.code(304).send();
    case 'precondition-failed':
      return reply.code(412).type('application/json; charset=utf-8').send({ message: preconditionFailedMessage });
    default:
      return reply.send(body);
  }
}
