import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import type { LiveRuntime } from './live.runtime';
import { parseByteRange, sendStoredFile, type StoredFileServed } from '@server/platform/serve-uploads';
import { UnchangedDatabaseCache } from '@server/platform/unchanged-database-cache';
import { crossOriginPreflightHeaders, crossOriginReadableHeaders } from '@server/lib/security-headers';
import * as liveService from './live.service';
import { grantOpens } from './live.tokens';
import { viewerKeyOf } from './live.viewers';
import { requestLocale } from '@server/i18n/request-locale';
import { translate } from '@server/i18n/translate';

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

/** A refusal the player shows, in the caller's language (a player's request carries no account: Accept-Language). */
function refusal(reply: FastifyReply, status: 403 | 404, message: string) {
  const locale = requestLocale(null, reply.request.headers['accept-language']);
  return reply.code(status).header('cache-control', 'no-store').header('vary', 'Accept-Language').send({ message: translate(locale, message) });
}
function forbidden(reply: FastifyReply) {
  return refusal(reply, 403, playbackMessages.tokenRequired);
}
function notFound(reply: FastifyReply) {
  return refusal(reply, 404, playbackMessages.notFound);
}

function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}

/**
 * The seconds of a finished recording a replay GET served, for the audience count (issue 33): the byte range sent
 * (the whole file for a 200), or what a redirect to MEDIA_PUBLIC_URL asked for, placed in the recording at its mean
 * bitrate (a replay is one MP4). Null for a range of 2 bytes or less (`bytes=0-1`) or an unknown length.
 */
export function replaySecondsServed(
  request: FastifyRequest,
  served: StoredFileServed,
  recording: { durationSeconds: number | null; sizeBytes: number | null },
): { startSecond: number; endSecond: number; totalSeconds: number } | null {
  const totalSeconds = recording.durationSeconds;
  if (!totalSeconds || totalSeconds <= 0) return null;
  let range: { start: number; end: number; size: number } | null = served.redirected ? null : served;
  if (served.redirected && recording.sizeBytes) {
    const asked = typeof request.headers.range === 'string' ? parseByteRange(request.headers.range, recording.sizeBytes) : null;
    if (asked === 'unsatisfiable') return null;
    range = { start: asked?.start ?? 0, end: asked?.end ?? recording.sizeBytes - 1, size: recording.sizeBytes };
  }
  if (!range || range.end - range.start + 1 <= 2 || range.size <= 0) return null;
  const startSecond = Math.min(totalSeconds, Math.floor((range.start / range.size) * totalSeconds));
  const endSecond = Math.min(totalSeconds, Math.max(startSecond + 1, Math.ceil(((range.end + 1) / range.size) * totalSeconds)));
  return { startSecond, endSecond, totalSeconds };
}

/**
 * `/live/{sessionId}/...` (HLS of a live session) and `/live/replays/{recordingId}.mp4` (finished recordings), read
 * from the storage (any instance answers; with a CDN in front of the bucket, free events' segments and replays
 * redirect there). Free events: open, CORS `*`. Premium events: a playback token for that event on every request
 * (`?token=`), minted only by events.stream for those with access, and always answered here.
 */
export function registerLivePlayback(app: FastifyInstance, services: WebhookServices & { live: LiveRuntime }): void {
  const { live, storage } = services;
  // From a bucket, a playlist is fetched at most once per its max-age (1 s) by this instance, however many watch.
  const bucketPlaylists = new LRUCache<string, { text: string | null }>({
    max: 1000,
    ttl: 1000,
    fetchMethod: async (key) => ({ text: (await storage.readBuffer(key))?.toString('utf8') ?? null }),
  });
  const readPlaylist = async (key: string): Promise<string | null> =>
    storage.kind === 's3' ? ((await bucketPlaylists.fetch(key))?.text ?? null) : ((await storage.readBuffer(key))?.toString('utf8') ?? null);
  // Every playlist and segment request asks which event a session plays: kept while the database is unchanged (any
  // write, e.g. the event turning premium, reads it again). On PostgreSQL: while this instance has written nothing,
  // and for at most a second (an event made premium through another instance is protected here within it).
  const sessionEvents = new UnchangedDatabaseCache<string, { event: { id: string; isPremium: boolean } }>(services.store);
  const sessionEvent = (sessionId: string) =>
    sessionEvents.get(sessionId, async () => {
      const found = await liveService.sessionWithEvent(services.db, sessionId);
      return found ? { event: { id: found.event.id, isPremium: found.event.isPremium } } : undefined;
    });

  async function serveSessionFile(request: FastifyRequest, reply: FastifyReply, sessionId: string, variant: string | null, file: string) {
    if (!sessionIdPattern.test(sessionId) || !filePattern.test(file) || (variant !== null && !variantPattern.test(variant))) return notFound(reply);
    const found = await sessionEvent(sessionId);
    if (!found) return notFound(reply);
    const { event } = found;
    let token: string | undefined;
    let viewer: string | null = null;
    let userId: string | null = null;
    if (event.isPremium) {
      token = queryToken(request);
      const grant = await live.tokens.verify(token);
      if (!grant || !grantOpens(grant, event.id, 'live', sessionId)) return forbidden(reply);
      if (grant.sub !== 'guest') {
        viewer = `u:${grant.sub}`;
        userId = grant.sub;
      }
    } else {
      reply.headers(crossOriginReadableHeaders);
    }
    const key = `${liveService.sessionFolderKey(sessionId)}${variant ? `${variant}/` : ''}${file}`;
    const scope = event.isPremium ? 'private' : 'public';
    if (file.endsWith('.m3u8')) {
      const text = await readPlaylist(key);
      if (text === null) return notFound(reply);
      const userAgent = request.headers['user-agent'];
      live.noteViewer(sessionId, viewer ?? viewerKeyOf(request.ip, userAgent), { eventId: event.id, key: live.audience.keyOf(userId, request.ip, userAgent) });
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', `${scope}, ${playlistCache}`)
        .header('x-content-type-options', 'nosniff')
        .send(token ? rewritePlaylist(text, token) : text);
    }
    return sendStoredFile(request, reply, storage, key, { cacheControl: `${scope}, ${segmentCache}`, crossOrigin: !event.isPremium, redirectToPublicUrl: !event.isPremium });
  }

  app.get<{ Params: { file: string } }>('/live/replays/:file', async (request, reply) => {
    const id = replayPattern.exec(request.params.file)?.[1];
    if (!id) return notFound(reply);
    const found = await liveService.recordingWithEvent(services.db, id);
    if (!found || found.recording.status !== 'ready' || !found.event) return notFound(reply);
    const { event } = found;
    if (event.isPremium) {
      const grant = await live.tokens.verify(queryToken(request));
      if (!grantOpens(grant, event.id, 'replay', id)) return forbidden(reply);
    } else {
      reply.headers(crossOriginReadableHeaders);
    }
    const countServed = (served: StoredFileServed) => {
      const seconds = replaySecondsServed(request, served, found.recording);
      if (seconds) services.mediaAudience.served(request, { kind: 'replay-segment', recordingId: id, ...seconds });
    };
    return sendStoredFile(
      request,
      reply,
      storage,
      liveService.recordingKey(id),
      { cacheControl: event.isPremium ? 'private, max-age=600' : 'public, max-age=3600', crossOrigin: !event.isPremium, redirectToPublicUrl: !event.isPremium },
      countServed,
    );
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
