import type { FastifyInstance } from 'fastify';
import type { RestKit } from '@server/rest/kit';
import { publicPagesRest } from './public-pages.rest';

/**
 * The public-pages domain's routes: robots.txt, sitemap.xml and link-preview images. The pages' heads are answered
 * by the app's not-found handler through `pageResponder` (public-pages.rest.ts).
 */
export async function publicPagesPlugin(app: FastifyInstance, { kit }: { kit: RestKit }): Promise<void> {
  await publicPagesRest(app, kit);
}
