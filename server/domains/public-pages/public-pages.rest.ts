import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { RestModule } from '@server/rest/kit';
import { publicOrigin } from '@server/lib/public-url';
import type { PreviewKind } from './og-images';
import { withBody, withHead, withLanguage } from './public-pages.head';
import { answerPagePath, previewFileFor } from './public-pages.service';
import { sitemapEntries } from './sitemap';
import { requestLocale } from '@server/i18n/request-locale';
import type { Locale } from '@common/locales';

const previewKinds: readonly PreviewKind[] = ['events', 'episodes', 'creators', 'podcasts', 'pages'];

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => xmlEscapes[character]!);

/** What crawlers may read: public pages yes, the dashboard and the APIs no. Every address comes from PUBLIC_URL. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /apps', 'Disallow: /api', 'Disallow: /trpc', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/**
 * `/robots.txt`, `/sitemap.xml` and the link-preview cards (`/og/{kind}/{id}.png`, drawn with sharp and kept under
 * DATA_DIR/link-previews). The pages themselves are answered by `pageResponder` from the app's not-found handler.
 */
export const publicPagesRest: RestModule = (app, { services }) => {
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicOrigin(services.config))),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const origin = publicOrigin(services.config);
    const urls = (await sitemapEntries(services)).map(
      (entry) => `<url><loc>${xml(`${origin}${entry.path}`)}</loc>${entry.lastModified ? `<lastmod>${xml(entry.lastModified)}</lastmod>` : ''}</url>`,
    );
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get<{ Params: { kind: string; file: string }; Querystring: { v?: unknown } }>('/og/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params;
    const id = /^(.+)\.png$/.exec(file)?.[1];
    if (!id || !previewKinds.includes(kind as PreviewKind)) return reply.code(404).send({ message: 'Not found' });
    const found = await previewFileFor(services, kind as PreviewKind, id);
    if (!found) return reply.code(404).send({ message: 'Not found' });
    const etag = `"${found.version}"`;
    reply
      .type('image/png')
      // The versioned URL the pages hand out never changes its bytes; the bare one follows the record.
      .header('cache-control', request.query.v === found.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('etag', etag)
      // Link previews are shown by other sites.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(createReadStream(found.file));
  });
};

/** The documented /api paths of the public pages: the creator page's and the podcast page's data. */
export const publicPagesApiRest: RestModule = (app, { caller }) => {
  app.get<{ Params: { tag: string } }>('/api/creator-page/:tag', async (request) =>
    (await caller(request)).publicPages.creatorPage({ tag: request.params.tag }),
  );
  app.get<{ Params: { tag: string; titleId: string } }>('/api/podcast-page/:tag/:titleId', async (request) =>
    (await caller(request)).publicPages.podcastPage({ tag: request.params.tag, titleId: request.params.titleId }),
  );
};

/**
 * Answers a page path with index.html: a 404 with `noindex` for unknown paths and records, the record's head for
 * public pages, and the file as built for every other page of the app. Every one carries `<html lang dir>` of the
 * visitor's language, and a head's own words are in it (Accept-Language; a page load carries no account), so every
 * page answer varies by it; every answer is written from `template` (index.html as built).
 */
export function pageResponder(services: Pick<WebhookServices, 'db' | 'config' | 'webhooks' | 'storage'>, template: string) {
  const shells = new Map<Locale, string>();
  const shellOf = (locale: Locale) => {
    let shell = shells.get(locale);
    if (shell === undefined) shells.set(locale, (shell = withLanguage(template, locale)));
    return shell;
  };
  return async (path: string, reply: FastifyReply) => {
    const locale = requestLocale(null, reply.request.headers['accept-language']);
    const page = await answerPagePath(services, path, locale);
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language');
    const shell = shellOf(locale);
    if (page.status === 200 && !page.title && !page.tags) return reply.type('text/html; charset=utf-8').send(shell);
    const html = withHead(shell, page.title, page.tags);
    return reply.code(page.status).type('text/html; charset=utf-8').send(page.body ? withBody(html, page.body) : html);
  };
}
