import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';
import { earningsPaymentsCsv } from './earnings.csv';
import type { EarningsPaymentRow } from './earnings.schemas';

/** The CSV holds every matching row, fetched in pages of this size. */
const csvPageSize = 100;

/** The documented /api/earnings/... paths; each one calls the earnings procedures. */
export const earningsRest: RestModule = (app, { caller }) => {
  const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, string>;

  app.get('/api/earnings/payments', async (request) => (await caller(request)).earnings.payments(query(request)));

  /** The same rows as a spreadsheet: every page of the month and source asked for. */
  app.get('/api/earnings/payments.csv', async (request, reply) => {
    const { cursor: _ignored, limit: _limit, ...filters } = query(request);
    const api = await caller(request);
    const rows: EarningsPaymentRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await api.earnings.payments({ ...filters, limit: csvPageSize, ...(cursor ? { cursor } : {}) });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const name = ['payments', filters.month, filters.source].filter((part) => typeof part === 'string' && /^[A-Za-z0-9-]+$/.test(part)).join('-');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .header('cache-control', 'no-store')
      .send(earningsPaymentsCsv(rows));
  });

  app.post<{ Params: { tipId: string } }>('/api/earnings/tips/:tipId/hide-message', async (request) =>
    (await caller(request)).earnings.hideTipMessage({ tipId: request.params.tipId }),
  );
  app.post<{ Params: { tipId: string } }>('/api/earnings/tips/:tipId/unhide-message', async (request) =>
    (await caller(request)).earnings.unhideTipMessage({ tipId: request.params.tipId }),
  );
};
