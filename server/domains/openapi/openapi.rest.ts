import type { RestModule } from '@server/rest/kit';
import { appRouter } from '@server/trpc/root';
import { buildOpenApiDocument } from './openapi.document';
import { restOperations } from './openapi.operations';

/** GET /api/openapi.json: built once, on first request. */
export const openApiRest: RestModule = (app, { services }) => {
  let document: string | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(appRouter, restOperations, services.config.publicUrl));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document);
  });
};
