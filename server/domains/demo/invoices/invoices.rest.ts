import type { RestModule } from '@server/rest/kit';

/** GET /api/invoices/get-invoice?id= (demo-apps.md §7). */
export const invoicesRest: RestModule = (app, { caller }) => {
  app.get<{ Querystring: { id?: string } }>('/api/invoices/get-invoice', async (request) =>
    (await caller(request)).demo.invoices.get({ id: request.query.id as string }),
  );
};
