import type { FastifyInstance } from 'fastify';
import type { RestKit } from '@server/rest/kit';
import { mobileAppPublicRoutes, type AppHeadTags } from './mobile-app.public';

export interface MobileAppPluginOptions {
  kit: RestKit;
  /** The heads of the apps' pages (the public-pages domain provides them; the app passes them in). */
  headTags: AppHeadTags;
}

/** The mobile-app domain's public routes: each creator's installable app under /m/{tag}/ (pages, manifest, service worker, icons). */
export async function mobileAppPlugin(app: FastifyInstance, { kit, headTags }: MobileAppPluginOptions): Promise<void> {
  await mobileAppPublicRoutes({ headTags })(app, kit);
}
