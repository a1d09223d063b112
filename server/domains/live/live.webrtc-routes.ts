import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import type { LiveRuntime } from './live.runtime';
import { liveMessages } from './live.schemas';
import type { WebRtcAnswer } from './webrtc/engine';
import { webrtcMessages } from './webrtc/webrtc.messages';

/** WHIP/WHEP answers are read by players and publishers on any origin (RFC 9725 §4.7); the Location is exposed. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
  'access-control-expose-headers': 'Location',
};

const resourceIdPattern = /^(?:whip|whep)_[A-Za-z0-9_-]{24}$/;
const eventIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
/** An SDP offer with every candidate inside is a few KB; a browser's with many codecs stays well under this. */
const sdpBodyLimit = 64 * 1024;
const whipRateLimit = { limit: 30, windowMs: 60_000 };
const whepRateLimit = { limit: 60, windowMs: 60_000 };

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1];
}

function isSdp(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^application\/sdp\s*(?:;|$)/i.test(type) && typeof request.body === 'string';
}

function text(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).headers(corsHeaders).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);
}

function answered(reply: FastifyReply, result: WebRtcAnswer, location: (id: string) => string) {
  if (!result.ok) return text(reply, result.status, result.message);
  return reply.code(201).headers(corsHeaders).header('cache-control', 'no-store').header('location', location(result.id)).type('application/sdp').send(result.sdp);
}

/**
 * WHIP ingest (RFC 9725: `POST /live/whip` with the stream key as Bearer, `DELETE` on the Location) and WHEP playback
 * (`POST /live/whep/{eventId}` with the viewer's live playback token as Bearer for premium events). Answers are the
 * SDP, or the refusal as plain text a person can read. Registered in its own scope (the SDP body parser).
 */
export async function registerWebRtcRoutes(app: FastifyInstance, services: WebhookServices & { live: LiveRuntime }): Promise<void> {
  const { live, rateLimiter } = services;
  // Any body arrives as text; the handlers answer a wrong type themselves (the contract's 400, not Fastify's 415).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: sdpBodyLimit }, (_request, body, done) => done(null, body));

  const limited = async (request: FastifyRequest, reply: FastifyReply, bucket: string, rule: { limit: number; windowMs: number }) => {
    const verdict = await rateLimiter.hit(`${bucket}:ip:${request.ip}`, rule);
    if (verdict.allowed) return false;
    reply.header('retry-after', String(Math.ceil(verdict.retryAfterMs / 1000)));
    await text(reply, 429, webrtcMessages.tooManyRequests);
    return true;
  };

  const preflight = async (_request: FastifyRequest, reply: FastifyReply) => reply.code(204).headers(corsHeaders).header('accept-post', 'application/sdp').header('access-control-max-age', '600').send();
  for (const url of ['/live/whip', '/live/whip/:id', '/live/whep/:eventId', '/live/whep/:eventId/:id']) app.options(url, preflight);

  app.post('/live/whip', async (request, reply) => {
    if (await limited(request, reply, 'whip', whipRateLimit)) return reply;
    const unavailable = live.webrtc.unavailable();
    if (unavailable) return text(reply, 503, unavailable);
    const streamKey = bearer(request);
    if (!streamKey) return text(reply, 401, liveMessages.unknownKey);
    if (!isSdp(request)) return text(reply, 400, webrtcMessages.notSdp);
    const result = await live.webrtc.whipPublish({ streamKey, offer: request.body as string, remoteAddress: request.ip });
    return answered(reply, result, (id) => `/live/whip/${id}`);
  });

  app.delete<{ Params: { id: string } }>('/live/whip/:id', async (request, reply) => {
    const streamKey = bearer(request);
    if (!streamKey) return text(reply, 401, liveMessages.unknownKey);
    if (!resourceIdPattern.test(request.params.id) || !live.webrtc.whipEnd(request.params.id, streamKey)) return text(reply, 404, webrtcMessages.notFound);
    return reply.code(200).headers(corsHeaders).header('cache-control', 'no-store').send();
  });

  app.post<{ Params: { eventId: string } }>('/live/whep/:eventId', async (request, reply) => {
    if (await limited(request, reply, 'whep', whepRateLimit)) return reply;
    const unavailable = live.webrtc.unavailable();
    if (unavailable) return text(reply, 503, unavailable);
    if (!eventIdPattern.test(request.params.eventId)) return text(reply, 404, webrtcMessages.notLive);
    if (!isSdp(request)) return text(reply, 400, webrtcMessages.notPlaybackSdp);
    const { eventId } = request.params;
    const result = await live.webrtc.whepView({ eventId, token: bearer(request), ip: request.ip, userAgent: request.headers['user-agent'], offer: request.body as string });
    return answered(reply, result, (id) => `/live/whep/${eventId}/${id}`);
  });

  app.delete<{ Params: { eventId: string; id: string } }>('/live/whep/:eventId/:id', async (request, reply) => {
    if (!resourceIdPattern.test(request.params.id) || !live.webrtc.whepEnd(request.params.id)) return text(reply, 404, webrtcMessages.notFound);
    return reply.code(200).headers(corsHeaders).header('cache-control', 'no-store').send();
  });
}
