import type { AppConfig } from '@server/config';
import type { RestModule } from '@server/rest/kit';
import { appRouter } from '@server/trpc/root';
import { buildOpenApiDocument } from './openapi.document';
import { restOperations } from './openapi.operations';

/** The document a server with this config serves (scripts/lint-openapi.ts lints the same). */
export function restOpenApiDocument(config: Pick<AppConfig, 'publicUrl'>) {
  return buildOpenApiDocument(appRouter, restOperations, config.publicUrl);
}

/** GET /api/openapi.json: built once, on first request. */
export const openApiRest: RestModule = (app, { services }) => {
  let document: string | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(restOpenApiDocument(services.config));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document);
  });
};
