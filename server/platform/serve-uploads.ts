import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { evaluatePreconditions, preconditionFailedMessage, rangeStillApplies, setValidators, type Validators } from '@server/lib/http-caching';
import type { PublicUploads } from './public-uploads';
import type { MediaAudience } from './media-audience';
import { crossOriginPreflightHeaders, crossOriginReadableHeaders } from '@server/lib/security-headers';
import type { SignedUploads } from './signed-uploads';
import { contentTypeOf, type ByteRange, type Storage } from './storage';

/** Stored names: a random id and the extension of the checked type (server/platform/uploads/). */
export const storedName = /^[A-Za-z0-9_-]+\.[A-Za-z0-9]+$/;

/** A public file never changes under its random name; everything else is checked with us on every use. */
const publicCache = 'public, max-age=31536000, immutable';
const privateCache = 'private, no-cache';
/** A redirect to the CDN is reused for a while, not for ever: the file may stop being public. */
const redirectCache = 'public, max-age=300';

/** How one stored file is answered. */
export interface StoredFileAnswer {
  cacheControl: string;
  /** Players on other sites may read it: CORS `*`, CORP cross-origin, the Range headers exposed. */
  crossOrigin: boolean;
  /** Public media only: with a CDN in front of the bucket (MEDIA_PUBLIC_URL), answer with a redirect to it. */
  redirectToPublicUrl?: boolean;
}

/**
 * One range of bytes=… (RFC 9110 §14.2), as @fastify/send reads it: another unit is ignored (the whole file),
 * several ranges that do not merge into one are answered whole, and no satisfiable range at all is 'unsatisfiable'.
 */
export function parseByteRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  if (!/^ *bytes=/.test(header)) return null;
  const ranges: ByteRange[] = [];
  for (const spec of header.slice(header.indexOf('=') + 1).split(',')) {
    const dash = spec.indexOf('-');
    if (dash === -1) continue;
    let start = parseInt(spec.slice(0, dash), 10);
    let end = parseInt(spec.slice(dash + 1), 10);
    if (Number.isNaN(start)) {
      start = size - end;
      end = size - 1;
    } else if (Number.isNaN(end) || end > size - 1) {
      end = size - 1;
    }
    if (!Number.isNaN(start) && !Number.isNaN(end) && start >= 0 && start <= end) ranges.push({ start, end });
  }
  if (ranges.length === 0) return 'unsatisfiable';
  ranges.sort((a, b) => a.start - b.start);
  const merged = ranges.reduce<ByteRange[]>((all, range) => {
    const last = all[all.length - 1];
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else all.push({ ...range });
    return all;
  }, []);
  return merged.length === 1 ? merged[0]! : null;
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found' });
}

/** What a GET answered 200/206 served (the range; the whole file is `0`..`size - 1`), or that it was redirected to the CDN. */
export type StoredFileServed = { redirected: true } | { redirected: false; start: number; end: number; size: number };

/**
 * Answers a stored file from the storage (files or bucket alike): strong validators and the conditional requests
 * (304, 412, If-Range) of http-caching.ts, one byte range (206, or 416 with `Content-Range: bytes *\/size`), nosniff,
 * HEAD without reading the bytes. A missing file is 404. `answer` may be computed once the file is known to exist.
 * The /uploads route, live playback, replays, app icons and signed member media all answer through here.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  answerOf: StoredFileAnswer | (() => StoredFileAnswer),
  /** Told, for a GET only, what it served (200/206) or that it redirected (the media audience, issue 33). */
  onServed?: (served: StoredFileServed) => void,
): Promise<FastifyReply> {
  const info = await storage.stat(key);
  if (!info) return notFound(reply);
  const answer = typeof answerOf === 'function' ? answerOf() : answerOf;
  if (answer.crossOrigin) reply.headers(crossOriginReadableHeaders);
  if (answer.redirectToPublicUrl) {
    const publicUrl = storage.publicUrl(key);
    if (publicUrl) {
      if (onServed && request.method === 'GET') onServed({ redirected: true });
      return reply.header('cache-control', redirectCache).redirect(publicUrl, 302);
    }
  }
  const validators: Validators = { etag: info.etag, lastModified: info.lastModified };
  setValidators(reply, validators).header('cache-control', answer.cacheControl).header('x-content-type-options', 'nosniff');
  const verdict = evaluatePreconditions(request.method, request.headers, validators);
  if (verdict === 'not-modified') return reply.code(304).send();
  if (verdict === 'precondition-failed') return reply.code(412).send({ message: preconditionFailedMessage });

  const { size } = info;
  const header = request.headers.range;
  let range: ByteRange | null = null;
  if (typeof header === 'string' && rangeStillApplies(request.headers, validators)) {
    const parsed = parseByteRange(header, size);
    if (parsed === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).send({ message: 'Range not satisfiable' });
    }
    range = parsed;
  }
  reply.header('accept-ranges', 'bytes').header('content-type', contentTypeOf(key));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : size);
  // HEAD: headers only. Fastify's HEAD route drains a stream body and keeps our Content-Length.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  const body = size === 0 ? Readable.from([]) : await storage.read(key, range ?? undefined);
  if (!body) return notFound(reply.removeHeader('content-range').removeHeader('content-length'));
  if (onServed && size > 0) onServed({ redirected: false, start: range?.start ?? 0, end: range?.end ?? size - 1, size });
  return reply.send(body);
}

function requestedName(request: FastifyRequest): string | null {
  const path = request.url.split('?')[0]!.slice('/uploads/'.length);
  let name: string;
  try {
    name = decodeURIComponent(path);
  } catch {
    return null;
  }
  return storedName.test(name) ? name : null;
}

export interface ServeUploadOptions {
  /** Players on other sites may read it (CORS `*`, CORP cross-origin). */
  crossOrigin: boolean;
  /** Cached by anyone for a year (a public file never changes under its name), else `private, no-cache`. */
  publicCache: boolean;
}

/** Answers the stored upload `name` (`uploads/<name>`) through `sendStoredFile`; never redirected to a CDN. */
export type ServeUpload = (request: FastifyRequest, reply: FastifyReply, name: string, options: ServeUploadOptions) => Promise<FastifyReply>;

/** More routes answering stored uploads (members' private media), registered in the uploads scope. */
export type UploadRoutes = (scope: FastifyInstance, serve: ServeUpload) => void;

export interface UploadsOptions {
  /** Members-only files answer a plain /uploads request only with a valid signature (their creator's app). */
  signedUploads?: SignedUploads;
  routes?: UploadRoutes[];
  /** Told what each GET of an upload served (here and through `serve`: the members' media), downloads counted from it. */
  audience?: MediaAudience;
}

/** The `onServed` of one request for the upload `name`: told to the media audience. */
function tellAudience(audience: MediaAudience | undefined, request: FastifyRequest, name: string): ((served: StoredFileServed) => void) | undefined {
  if (!audience) return undefined;
  return (served) =>
    audience.served(request, served.redirected ? { kind: 'upload-redirect', name, range: request.headers.range } : { kind: 'upload', name, start: served.start, end: served.end, size: served.size });
}

/**
 * `/uploads/*` from the storage (key `uploads/<name>`): who may load the file from another site (`publicUploads`,
 * the domains' visibility rules; public files may be redirected to MEDIA_PUBLIC_URL), its caching, and the rest of `sendStoredFile`. A members-only
 * title's files answer 404 here unless the URL is signed (server/platform/signed-uploads.ts).
 */
export async function registerUploads(app: FastifyInstance, publicUploads: PublicUploads, storage: Storage, options: UploadsOptions = {}): Promise<void> {
  const publicAnswer: StoredFileAnswer = { cacheControl: publicCache, crossOrigin: true, redirectToPublicUrl: true };
  const privateAnswer: StoredFileAnswer = { cacheControl: privateCache, crossOrigin: false };
  const serve: ServeUpload = (request, reply, name, { crossOrigin, publicCache: isPublicCache }) =>
    sendStoredFile(request, reply, storage, `uploads/${name}`, { cacheControl: isPublicCache ? publicCache : privateCache, crossOrigin }, tellAudience(options.audience, request, name));

  await app.register(async (uploads) => {
    uploads.get('/uploads/*', async (request, reply) => {
      const name = requestedName(request);
      if (!name) return notFound(reply);
      const visibility = await publicUploads.visibility(`/uploads/${name}`);
      if (visibility === 'members') {
        if (!options.signedUploads?.verify(name, request.query)) return notFound(reply);
        return sendStoredFile(request, reply, storage, `uploads/${name}`, privateAnswer, tellAudience(options.audience, request, name));
      }
      return sendStoredFile(request, reply, storage, `uploads/${name}`, visibility === 'public' ? publicAnswer : privateAnswer, tellAudience(options.audience, request, name));
    });

    uploads.options('/uploads/*', async (request, reply) => {
      const name = requestedName(request);
      if (!name || !(await publicUploads.isPublic(`/uploads/${name}`))) return reply.code(404).send({ message: 'Not found' });
      return reply.code(204).headers(crossOriginPreflightHeaders).send();
    });

    for (const routes of options.routes ?? []) routes(uploads, serve);
  });
}
