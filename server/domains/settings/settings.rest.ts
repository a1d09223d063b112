import type { RestModule } from '@server/rest/kit';
import { siteNameOf } from './settings.service';

/** The web app's manifest: what an installed dashboard is called follows the site name the admin set. */
export function siteManifest(siteName: string) {
  return {
    name: siteName,
    short_name: siteName.length > 12 ? siteName.slice(0, 12).trimEnd() : siteName,
    description: 'Live streams, podcasts and tips for creators.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#f97316',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

export const settingsRest: RestModule = (app, { services }) => {
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply.type('application/manifest+json').header('cache-control', 'no-cache').send(JSON.stringify(siteManifest(await siteNameOf(services)))),
  );
};
