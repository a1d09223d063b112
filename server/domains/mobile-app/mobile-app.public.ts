import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { RestModule } from '@server/rest/kit';
import { sendStoredFile } from '@server/platform/serve-uploads';
import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import type { LiveRuntime } from '@server/domains/live/live.runtime';
import { publicUserEpisodes } from '@server/domains/podcasts/podcasts.service';
import { ensureIconVersion, iconFiles, iconKey, type IconFileName } from './mobile-app.icons';
import { appHomePage, appNotFoundPage, appOfflinePage, type AppPageCreator, type AppPageEpisode } from './mobile-app.pages';
import { appPath, ensureApp, featuredEvent, findCreatorByTag, iconPath, manifestOf, type MobileAppRow } from './mobile-app.service';
import { projectPath } from '@common/node/project-paths';
import { eventBadge } from '@common/event-badge';
import type { Locale } from '@common/locales';
import { requestLocale } from '@server/i18n/request-locale';

/** The app's pages show the featured event's badge (live answers it). */
type MobileAppServices = WebhookServices & { live: Pick<LiveRuntime, 'badges'> };

/** Browser scripts of the app (server/domains/mobile-app/public), read once. */
const script = (name: string) => readFileSync(projectPath('server', 'domains', 'mobile-app', 'public', name), 'utf8');
const scripts = { 'app.js': script('app.js'), 'notify-me.js': script('notify-me.js'), 'sw.js': script('sw.js') };

type TagParams = { Params: { tag: string } };

async function resolveApp(services: MobileAppServices, tag: string): Promise<{ app: MobileAppRow; creator: AppPageCreator } | null> {
  const user = await findCreatorByTag(services.db, tag);
  if (!user?.creatorTag) return null;
  const app = await ensureApp(services, user);
  return { app, creator: { id: user.id, creatorTag: user.creatorTag, displayName: user.displayName, description: user.description } };
}

/** Served fresh on every visit: pages, the manifest and the scripts change when the creator edits the app. */
function revalidate(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache');
}

/**
 * The language of a page or the manifest: the visitor's (a page load carries no account, so Accept-Language); the
 * answer says it varies by it.
 */
function visitorLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  reply.header('vary', 'Accept-Language');
  return requestLocale(null, request.headers['accept-language']);
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const locale = visitorLocale(request, reply);
  return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(appNotFoundPage(locale));
}

/** Changes whenever anything the service worker embeds or caches changes (name, icon, page layout). */
function workerVersion(app: MobileAppRow): string {
  return createHash('sha256').update(`${app.id}:${app.iconVersion}:${app.updatedAt}:${scripts['app.js']}:${scripts['notify-me.js']}:${scripts['sw.js']}`).digest('base64url').slice(0, 16);
}

/** The creator's newest published episodes (the podcasts domain), as the app page lists them. */
async function latestEpisodes(services: MobileAppServices, creatorId: string, limit: number): Promise<AppPageEpisode[]> {
  return (await publicUserEpisodes(services, { userId: creatorId, limit })).map((episode) => ({
    id: episode.id,
    title: episode.name,
    podcastTitle: episode.podcastTitle,
    publishedAt: episode.publishDate,
  }));
}

/**
 * The public side of every creator's app under `/m/{tag}/`: the start page, its manifest, the service worker
 * (scope `/m/{tag}/`), the offline page, the icons and the two start-page shortcuts.
 */
/** The `<head>` tags (title, description, Open Graph) of a creator's app page; the public-pages domain provides them. */
export type AppHeadTags = (
  services: MobileAppServices,
  creator: { id: string; creatorTag: string; displayName: string; description: string },
  appName: string,
  locale: Locale,
) => Promise<string>;

export function mobileAppPublicRoutes(options: { headTags: AppHeadTags }): RestModule {
  return async (app, { services }) => {
    // Pages, scripts and the manifest above 1 KB go out compressed (icons are PNG already).
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
    app.get<TagParams>('/m/:tag', async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${appPath(request.params.tag)}${query}`, 301);
    });

    app.get<TagParams>('/m/:tag/', async (request, reply) => {
      const found = await resolveApp(services, request.params.tag);
      if (!found) return notFound(request, reply);
      const featured = await featuredEvent(services.db, found.creator.id);
      // The badge follows the stream (the live domain's on-air state), not the schedule.
      const onAir = featured ? (await services.live.badges([featured.id]))[0] : undefined;
      const event = featured && { ...featured, badge: eventBadge({ ...featured, onAir: onAir?.onAir ?? 'offline', streamProvider: onAir?.streamProvider ?? null }) };
      const locale = visitorLocale(request, reply);
      const head = await options.headTags(services, found.creator, found.app.name, locale);
      const html = appHomePage(found.app, found.creator, event, await latestEpisodes(services, found.creator.id, 5), head, locale);
      return revalidate(reply).type('text/html; charset=utf-8').send(html);
    });

    app.get<TagParams>('/m/:tag/offline', async (request, reply) => {
      const found = await resolveApp(services, request.params.tag);
      if (!found) return notFound(request, reply);
      return revalidate(reply).type('text/html; charset=utf-8').send(appOfflinePage(found.app, found.creator, visitorLocale(request, reply)));
    });

    app.get<TagParams>('/m/:tag/manifest.webmanifest', async (request, reply) => {
      const found = await resolveApp(services, request.params.tag);
      if (!found) return reply.code(404).send({ message: 'App not found' });
      const manifest = manifestOf(found.app, found.creator.creatorTag, found.creator.displayName, visitorLocale(request, reply));
      return revalidate(reply).type('application/manifest+json').send(JSON.stringify(manifest));
    });

    app.get<TagParams>('/m/:tag/sw.js', async (request, reply) => {
      const found = await resolveApp(services, request.params.tag);
      if (!found) return reply.code(404).send({ message: 'App not found' });
      const constants =
        `const APP_VERSION = ${JSON.stringify(workerVersion(found.app))};\n` +
        `const APP_NAME = ${JSON.stringify(found.app.name)};\n` +
        `const APP_ICON = ${JSON.stringify(iconPath(found.creator.creatorTag, found.app, 'icon-192.png'))};\n`;
      return revalidate(reply).type('text/javascript; charset=utf-8').send(constants + scripts['sw.js']);
    });

    for (const name of ['app.js', 'notify-me.js'] as const) {
      app.get<TagParams>(`/m/:tag/${name}`, async (_request, reply) => revalidate(reply).type('text/javascript; charset=utf-8').send(scripts[name]));
    }

    app.get<{ Params: { tag: string; version: string; file: string } }>('/m/:tag/icons/:version/:file', async (request, reply) => {
      const { tag, version, file } = request.params;
      if (!(file in iconFiles)) return reply.code(404).send({ message: 'Not found' });
      const found = await resolveApp(services, tag);
      if (!found) return reply.code(404).send({ message: 'App not found' });
      if (version !== found.app.iconVersion) {
        // An older version (a cached manifest): send the browser to the current icon.
        return reply.header('cache-control', 'no-cache').redirect(iconPath(found.creator.creatorTag, found.app, file as IconFileName), 302);
      }
      const { app: current } = found;
      await ensureIconVersion(services.storage, current.id, version, {
        custom: current.hasCustomIcon,
        themeColor: current.themeColor,
        backgroundColor: current.backgroundColor,
      });
      return sendStoredFile(request, reply, services.storage, iconKey(current.id, version, file as IconFileName), {
        cacheControl: 'public, max-age=31536000, immutable',
        crossOrigin: false,
      });
    });

    // Start pages outside the app's own page: inside the scope, so the installed app starts there.
    app.get<TagParams>('/m/:tag/event', async (request: FastifyRequest<TagParams>, reply) => {
      const found = await resolveApp(services, request.params.tag);
      if (!found) return notFound(request, reply);
      const event = await featuredEvent(services.db, found.creator.id);
      const tag = encodeURIComponent(found.creator.creatorTag);
      return reply.header('cache-control', 'no-store').redirect(event ? `/events/${tag}/${encodeURIComponent(event.id)}` : `/events/${tag}`, 302);
    });

    app.get<TagParams>('/m/:tag/latest-episode', async (request, reply) => {
      const found = await resolveApp(services, request.params.tag);
      if (!found) return notFound(request, reply);
      const [latest] = await latestEpisodes(services, found.creator.id, 1);
      return reply.header('cache-control', 'no-store').redirect(latest ? `/video/${encodeURIComponent(latest.id)}` : appPath(found.creator.creatorTag), 302);
    });
  };
}
