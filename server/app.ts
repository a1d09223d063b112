import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { fastifyTrustProxy, type AppConfig } from './config';
import { localizedHttpError, translateErrorBody } from './trpc/errors';
import { requestLocaleOf } from './trpc/context';
import type { Locale } from '@common/locales';
import { requestLocale } from './i18n/request-locale';
import { passwordHashing } from './platform/passwords';
import { readiness } from './platform/readiness';
import { trpcHttp } from './trpc/http';
import { registerTrpcWebSocket } from './trpc/ws';
import { chatPlugin } from './domains/chat/chat.plugin';
import { hubPlugin } from './domains/hub/hub.plugin';
import { buildSecurityHeaders, inlineScriptHashes, registerSecurityHeaders } from './lib/security-headers';
import { redactUrl } from './platform/tokens';
import type { ListenerKeys } from './platform/listener-keys';
import { uploadsDir } from './platform/uploads';
import { registerUploads } from './platform/serve-uploads';
import { memberMediaRoutes } from './domains/podcasts/member-media';
import { livePlugin } from './domains/live/live.plugin';
import { effectiveAppConfig } from './domains/settings/settings.service';
import { paymentsPlugin } from './domains/payments/payments.plugin';
import { restPlugin } from './rest/modules';
import { mobileAppPlugin } from './domains/mobile-app/mobile-app.plugin';
import { pageResponder } from './domains/public-pages/public-pages.rest';
import { publicPagesPlugin } from './domains/public-pages/public-pages.plugin';
import { federationPlugin } from './domains/federation/federation.plugin';
import { creatorAppHeadTags } from './domains/public-pages/public-pages.service';
import { createRestKit } from './rest/kit';
import { createServices, type AppServices, type ServiceDeps } from './composition';
import { projectPath } from '@common/node/project-paths';

export interface AppDeps extends ServiceDeps {
  /** Folder of the built web app; defaults to web/dist. */
  webDist?: string;
  /** Where log lines go (default stdout); tests read them to prove what is never logged. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

const defaultWebDist = projectPath('web', 'dist');
const jsonBodyLimit = 1024 * 1024;

/** Builds the whole server without listening (tests use app.inject; main.ts listens). */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  mkdirSync(config.dataDir, { recursive: true });
  const listenerKeys: ListenerKeyHolder = { keys: null };
  const app = Fastify(fastifyOptions(config, deps, listenerKeys));

  // Before any plugin: a route keeps the error handler in force when it is registered.
  app.setErrorHandler(answerError);
  const composed = await createServices(config, app.log, deps);
  const { services, database, engines } = composed;
  app.decorate('services', services);
  listenerKeys.keys = services.listenerKeys;
  await app.register(paymentsPlugin, { services });
  app.addHook('onClose', () => composed.close());
  composed.start();
  app.addHook('preClose', () => composed.stopFirst());

  passwordHashing.configure(config.passwordHashing);
  const webDist = deps.webDist ?? defaultWebDist;
  const indexHtml = join(webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  registerSecurityHeaders(app, buildSecurityHeaders(await effectiveAppConfig({ db: database.db, config }), { scriptHashes: hasWeb ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [] }));

  // tRPC over HTTP (server/trpc/http.ts): single queries and mutations by the fast path, the stock adapter for the rest.
  await app.register(trpcHttp, { prefix: '/trpc', services, log: app.log, compression: jsonCompression });
  // Websockets in a scope of their own: the plugin's per-request hooks stay off every other route.
  await app.register(async (live) => {
    await live.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
    app.decorate('websocketServer', live.websocketServer);
    // The websocket side of /trpc (server/trpc/ws.ts): tRPC's handler, with chat rooms fanned out below it.
    const trpcSocket = registerTrpcWebSocket(live, { services, log: app.log });
    await live.register(chatPlugin, { services, trpcSocket });
    // The SignalR-compatible real-time hub at /msgHub (same bus as hub.*).
    await live.register(hubPlugin, { services });
  });

  app.get('/healthz', async () => ({ status: 'ok', db: database.store.dialect, bus: engines.kind, storage: services.storage.kind }));
  // 503 until every engine this instance needs answers (a load balancer sends no traffic meanwhile).
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness(services.readiness);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  // HLS of live sessions and finished replays (premium: signed playback tokens).
  await app.register(livePlugin, { services });
  const kit = createRestKit(services);
  await app.register(restPlugin, { kit, compression: jsonCompression });
  // Each creator's installable app under /m/{tag}/ (pages, manifest, service worker, icons).
  await app.register(mobileAppPlugin, { kit, headTags: creatorAppHeadTags });
  // robots.txt, sitemap.xml and link-preview images; the pages' heads are answered by the not-found handler below.
  await app.register(publicPagesPlugin, { kit });
  // The Fediverse (when on): WebFinger, NodeInfo, actors on /c/{tag} by content negotiation, inboxes.
  await app.register(federationPlugin, { services });

  if (services.storage.kind === 'disk') mkdirSync(uploadsDir(config.dataDir), { recursive: true });
  // Public files (covers, published episodes' media, transcripts, chapters) are readable from other sites; see serve-uploads.ts.
  // Members-only episode files: only at their members' private URLs (/member-media) or signed for their creator.
  await registerUploads(app, composed.publicUploads, services.storage, {
    signedUploads: services.signedUploads,
    routes: [memberMediaRoutes(services)],
    // Downloads are counted where the bytes are served (server/domains/analytics/media-counter.ts).
    audience: services.mediaAudience,
  });

  if (hasWeb) await app.register(fastifyStatic, webStaticOptions(webDist));
  // Page paths get index.html: with the record's head on public pages, a 404 (noindex) where the web app has no page.
  app.setNotFoundHandler(notFoundHandler(hasWeb ? pageResponder(services, readFileSync(indexHtml, 'utf8')) : null));
  return app;
}

/** The counted media routes: their request log names the salted listener key, never the client address (issue 33). */
const countedMediaPath = /^\/(uploads|member-media)\//;

/** The services' listener keys, once built (the logger is made before them). */
interface ListenerKeyHolder {
  keys: ListenerKeys | null;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
}

const hasAddress = (request: LoggedRequest): request is LoggedRequest & { ip: string } => typeof request.ip === 'string' && request.ip !== '';

function requestLogFields(request: LoggedRequest, listenerKeys: ListenerKeyHolder) {
  const url = redactUrl(request.url);
  if (!countedMediaPath.test(request.url)) return { method: request.method, url, remoteAddress: request.ip };
  // The request itself (not a copy): the key is made once per request, here or by the counter.
  const listener = listenerKeys.keys && hasAddress(request) ? listenerKeys.keys.keyOfRequest(request).current : undefined;
  return { method: request.method, url, listener };
}

function fastifyOptions(config: AppConfig, deps: AppDeps, listenerKeys: ListenerKeyHolder): FastifyServerOptions {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(deps.logStream && { stream: deps.logStream }),
            redact: ['req.headers.authorization'],
            // Reset links and callback tokens travel in query strings: log the URL without them.
            serializers: {
              req: (request: LoggedRequest) => requestLogFields(request, listenerKeys),
            },
          },
    bodyLimit: jsonBodyLimit,
    // Off unless TRUST_PROXY says which proxies may set X-Forwarded-For/-Proto/-Host (request.ip, rate limits).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 5000 },
  };
}

/**
 * Client errors (validation, bad bodies) answer their message; everything else goes through httpErrorOf. Either in
 * the caller's language (the account's, else Accept-Language, else the exact English text).
 */
async function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = await callerLocale(request);
  if (error.validation || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    return reply.code(error.statusCode ?? 400).send(translateErrorBody({ message: clientErrorMessage(error) }, locale));
  }
  const { status, body } = localizedHttpError(error, locale);
  if (status >= 500 && status !== 503) request.log.error({ err: error }, 'request failed');
  return reply.code(status).send(body);
}

/** The language an error is answered in (the header's alone when the request's token cannot be looked at). */
async function callerLocale(request: FastifyRequest): Promise<Locale> {
  const services = (request.server as Partial<FastifyInstance>).services;
  if (!services) return 'en';
  try {
    return await requestLocaleOf(services, request);
  } catch {
    return requestLocale(null, request.headers['accept-language']);
  }
}

/** The built web app's files at / (no directory listing, no index: page paths are the not-found handler's). */
function webStaticOptions(webDist: string): FastifyStaticOptions {
  return {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside every asset (web/vite.config.ts); the best one the browser accepts is sent.
    preCompressed: true,
    cacheControl: false,
    // Source maps are built for error reports and kept out of web/dist; refuse them here as well.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(webDist, filePath)),
  };
}

function notFoundHandler(answerPage: ReturnType<typeof pageResponder> | null) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|trpc|uploads|live)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (isPage && answerPage) return answerPage(path, reply);
    return reply.code(404).send({ message: 'Not found' });
  };
}

/** Vite's hashed files (web/dist/assets) never change under their name; everything else is revalidated (ETag). */
function webCacheControl(webDist: string, filePath: string): string {
  return relative(webDist, resolve(webDist, filePath)).startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** JSON answers above 1 KB are compressed (brotli at a fast quality, else gzip); request bodies are left alone. */
const jsonCompression: FastifyCompressOptions = {
  threshold: 1024,
  customTypes: /^application\/json\b/,
  encodings: ['br', 'gzip'],
  globalDecompression: false,
};

/** A multipart form past the upload routes' limits (server/rest/kit.ts). */
export const tooManyPartsMessage = 'The form has too many fields or files';

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'The request is not multipart/form-data';
    case 'FST_FIELDS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooManyPartsMessage;
    default:
      return error.statusCode && error.statusCode < 500 && error.message ? error.message : 'Bad request';
  }
}
