import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from '@db/client';
import { evaluatePreconditions, fileValidators, preconditionFailedMessage, rangeStillApplies, setValidators } from './http-caching';
import { PublicUploads } from './public-uploads';
import { crossOriginPreflightHeaders, crossOriginReadableHeaders } from './security-headers';

/** Stored names: a random id and the extension of the checked type (server/lib/uploads/). */
const storedName = /^[A-Za-z0-9_-]+\.[A-Za-z0-9]+$/;

/** A public file never changes under its random name; everything else is checked with us on every use. */
const publicCache = 'public, max-age=31536000, immutable';
const privateCache = 'private, no-cache';

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

/**
 * `/uploads/*` from DATA_DIR/uploads. @fastify/static streams the bytes (types, HEAD, Range → 206); this scope
 * decides the rest before it: who may load the file from another site (see PublicUploads), its caching, strong
 * validators and the conditional requests (304, 412, If-Range), and 416 with `Content-Range: bytes *\/size`.
 */
export async function registerUploads(app: FastifyInstance, db: Db, root: string): Promise<void> {
  const publicUploads = new PublicUploads(db);
  const sizes = new WeakMap<IncomingMessage, number>();

  await app.register(async (uploads) => {
    uploads.addHook('onRequest', async (request, reply) => {
      const name = requestedName(request);
      if (!name) return;
      const info = await stat(join(root, name)).catch(() => null);
      if (!info?.isFile()) return;
      sizes.set(request.raw, info.size);
      const isPublic = publicUploads.isPublic(`/uploads/${name}`);
      if (isPublic) reply.headers(crossOriginReadableHeaders);
      const validators = fileValidators(info);
      setValidators(reply, validators).header('cache-control', isPublic ? publicCache : privateCache);
      const verdict = evaluatePreconditions(request.method, request.headers, validators);
      if (verdict === 'not-modified') return reply.code(304).send();
      if (verdict === 'precondition-failed') return reply.code(412).send({ message: preconditionFailedMessage });
      // The static plugin knows only its own (weak) validators, turned off here: it gets the request as decided.
      const headers = request.raw.headers;
      if (headers['if-range'] !== undefined && !rangeStillApplies(headers, validators)) delete headers.range;
      for (const name of ['if-range', 'if-match', 'if-unmodified-since', 'if-none-match', 'if-modified-since']) delete headers[name];
    });

    uploads.options('/uploads/*', async (request, reply) => {
      const name = requestedName(request);
      if (!name || !publicUploads.isPublic(`/uploads/${name}`)) return reply.code(404).send({ message: 'Not found' });
      return reply.code(204).headers(crossOriginPreflightHeaders).send();
    });

    // The static plugin's 416 carries no Content-Range; a player needs the size to recover.
    uploads.setErrorHandler((error: FastifyError, request, reply) => {
      const size = sizes.get(request.raw);
      if (error.statusCode === 416 && size !== undefined) {
        return reply.code(416).header('content-range', `bytes */${size}`).send({ message: 'Range not satisfiable' });
      }
      throw error;
    });

    await uploads.register(fastifyStatic, {
      root: resolve(root),
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      acceptRanges: true,
      etag: false,
      lastModified: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('x-content-type-options', 'nosniff'),
    });
  });
}
