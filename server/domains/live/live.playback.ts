import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '@server/trpc/context';
import { UnchangedDatabaseCache } from '@server/lib/unchanged-database-cache';
import { crossOriginPreflightHeaders, crossOriginReadableHeaders } from '@server/lib/security-headers';
import * as liveService from './live.service';
import { viewerKeyOf } from './live.viewers';

export const playbackMessages = {
  tokenRequired: 'This stream needs a valid playback link: open the event page again',
  notFound: 'Not found',
} as const;

const sessionIdPattern = /^[A-Za-z0-9_-]{8,64}$/;
/** The only file names served from a session folder: playlists, segments (MPEG-TS, fMP4) and an fMP4 init segment. */
const filePattern = /^(?:[a-z0-9_]{1,32}\.m3u8|[A-Za-z0-9_-]{1,64}\.(?:ts|m4s)|init\.mp4)$/;
/** The variant folders of the 480p mode (engine: VARIANT_SOURCE, VARIANT_480P). */
const variantPattern = /^(?:source|480p)$/;
const replayPattern = /^([A-Za-z0-9_-]{8,64})\.mp4$/;

const playlistCache = 'max-age=1';
const segmentCache = 'max-age=31536000, immutable';

function contentTypeOf(file: string): string {
  if (file.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (file.endsWith('.ts')) return 'video/mp2t';
  return 'video/mp4';
}

/** Every URI of a playlist (plain lines and `URI="..."` attributes) carries the same token. */
export function rewritePlaylist(text: string, token: string): string {
  const add = (uri: string) => `${uri}${uri.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith('#')) return line.replace(/URI="([^"]*)"/g, (_match, uri: string) => `URI="${add(uri)}"`);
      return add(trimmed);
    })
    .join('\n');
}

function forbidden(reply: FastifyReply) {
  return reply.code(403).header('cache-control', 'no-store').send({ message: playbackMessages.tokenRequired });
}
function notFound(reply: FastifyReply) {
  return reply.code(404).header('cache-control', 'no-store').send({ message: playbackMessages.notFound });
}

function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}

/**
 * `/live/{sessionId}/...` (HLS of a live session) and `/live/replays/{recordingId}.mp4` (finished recordings).
 * Free events: open, CORS `*`. Premium events: a playback token for that event on every request (`?token=`),
 * minted only by events.stream for those with access.
 */
export function registerLivePlayback(app: FastifyInstance, services: AppServices): void {
  const dataDir = services.config.dataDir;
  const live = services.live;
  // Every playlist and segment request asks which event a session plays: kept while the database is unchanged
  // (any write anywhere, e.g. the event turning premium, reads it again).
  const sessionEvents = new UnchangedDatabaseCache<string, { event: { id: string; isPremium: boolean } }>(services.db.$client);
  const sessionEvent = (sessionId: string) =>
    sessionEvents.get(sessionId, () => {
      const found = liveService.sessionWithEvent(services.db, sessionId);
      return found ? { event: { id: found.event.id, isPremium: found.event.isPremium } } : undefined;
    });

  async function serveSessionFile(request: FastifyRequest, reply: FastifyReply, sessionId: string, variant: string | null, file: string) {
    if (!sessionIdPattern.test(sessionId) || !filePattern.test(file) || (variant !== null && !variantPattern.test(variant))) return notFound(reply);
    const found = sessionEvent(sessionId);
    if (!found) return notFound(reply);
    const { event } = found;
    let token: string | undefined;
    let viewer: string | null = null;
    if (event.isPremium) {
      token = queryToken(request);
      const grant = await live.tokens.verify(token);
      if (!grant || grant.evt !== event.id) return forbidden(reply);
      if (grant.sub !== 'guest') viewer = `u:${grant.sub}`;
    } else {
      reply.headers(crossOriginReadableHeaders);
    }
    const path = join(liveService.sessionDir(dataDir, sessionId), ...(variant ? [variant] : []), file);
    const scope = event.isPremium ? 'private' : 'public';
    if (file.endsWith('.m3u8')) {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch {
        return notFound(reply);
      }
      live.noteViewer(sessionId, viewer ?? viewerKeyOf(request.ip, request.headers['user-agent']));
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', `${scope}, ${playlistCache}`)
        .header('x-content-type-options', 'nosniff')
        .send(token ? rewritePlaylist(text, token) : text);
    }
    return sendFile(request, reply, path, contentTypeOf(file), `${scope}, ${segmentCache}`);
  }

  app.get<{ Params: { file: string } }>('/live/replays/:file', async (request, reply) => {
    const id = replayPattern.exec(request.params.file)?.[1];
    if (!id) return notFound(reply);
    const found = liveService.recordingWithEvent(services.db, id);
    if (!found || found.recording.status !== 'ready' || !found.event) return notFound(reply);
    const { event } = found;
    if (event.isPremium) {
      const grant = await live.tokens.verify(queryToken(request));
      if (!grant || grant.evt !== event.id) return forbidden(reply);
    } else {
      reply.headers(crossOriginReadableHeaders);
    }
    return sendFile(request, reply, liveService.recordingFile(dataDir, id), 'video/mp4', event.isPremium ? 'private, max-age=600' : 'public, max-age=3600');
  });

  // Players on other sites: a preflight (a Range or conditional header) may go ahead; only free events' answers
  // then carry CORS, so a premium stream stays unreadable elsewhere.
  app.options('/live/*', async (_request, reply) => reply.code(204).headers(crossOriginPreflightHeaders).send());

  app.get<{ Params: { sessionId: string; file: string } }>('/live/:sessionId/:file', (request, reply) =>
    serveSessionFile(request, reply, request.params.sessionId, null, request.params.file),
  );
  app.get<{ Params: { sessionId: string; variant: string; file: string } }>('/live/:sessionId/:variant/:file', (request, reply) =>
    serveSessionFile(request, reply, request.params.sessionId, request.params.variant, request.params.file),
  );
}

/** A file with HTTP Range (one range: 206 + Content-Range; unsatisfiable: 416 `bytes *\/N`). */
async function sendFile(request: FastifyRequest, reply: FastifyReply, path: string, contentType: string, cacheControl: string) {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return notFound(reply);
    size = info.size;
  } catch {
    return notFound(reply);
  }
  reply.header('content-type', contentType).header('cache-control', cacheControl).header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
  const range = request.headers.range;
  if (typeof range === 'string' && range.trim()) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = match?.[1] ? Number(match[1]) : NaN;
    let end = match?.[2] ? Number(match[2]) : NaN;
    if (match && !match[1] && match[2]) {
      // suffix range: the last N bytes
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    } else if (match && match[1] && !match[2]) {
      end = size - 1;
    }
    if (!match || Number.isNaN(start) || Number.isNaN(end) || start > end || start >= size) {
      return reply
        .code(416)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-range', `bytes */${size}`)
        .send({ message: 'Range not satisfiable' });
    }
    end = Math.min(end, size - 1);
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(request.method === 'HEAD' ? '' : createReadStream(path, { start, end }));
  }
  return reply.header('content-length', size).send(createReadStream(path));
}
