import type { FastifyRequest } from 'fastify';
import { toDollars } from '@common/money';
import type { RestModule } from '@server/rest/kit';

/**
 * The body's fields with the path's id; no body is an empty one (a body that is no object is passed on for the
 * procedure to refuse).
 */
function withPathId(body: unknown, field: string, value: string): never {
  if (body === undefined) return { [field]: value } as never;
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  return (isObject ? { ...(body as Record<string, unknown>), [field]: value } : body) as never;
}

/** The /api/memberships and /api/membership-tiers paths (and a creator's public tiers); each calls the memberships procedures. */
export const membershipsRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => (request.body ?? {}) as never;
  type Id = { Params: { id: string } };

  app.get('/api/membership-tiers', async (request) => (await caller(request)).memberships.myTiers());
  app.post('/api/membership-tiers', async (request) => (await caller(request)).memberships.createTier(body(request)));
  app.post<Id>('/api/membership-tiers/:id', async (request) => (await caller(request)).memberships.updateTier(withPathId(request.body, 'id', request.params.id)));
  app.post<Id>('/api/membership-tiers/:id/archive', async (request) => (await caller(request)).memberships.archiveTier(withPathId(request.body, 'id', request.params.id)));
  app.get<{ Params: { creatorId: string } }>('/api/creators/:creatorId/membership-tiers', async (request) =>
    (await caller(request)).memberships.tiers({ creatorId: request.params.creatorId }),
  );

  app.post('/api/memberships/join', async (request) => {
    const answer = await (await caller(request)).memberships.join(body(request));
    return { ...answer, amount: toDollars(answer.amountCents) };
  });
  app.get('/api/memberships/mine', async (request) => (await caller(request)).memberships.mine());
  app.get('/api/memberships/members', async (request) => {
    const { tierId } = request.query as { tierId?: string };
    return (await caller(request)).memberships.members(tierId !== undefined ? { tierId } : undefined);
  });
  app.get('/api/memberships/stats', async (request) => (await caller(request)).memberships.stats());
  type MembershipId = { Params: { membershipId: string } };
  app.get<MembershipId>('/api/memberships/:membershipId', async (request) => (await caller(request)).memberships.byId({ membershipId: request.params.membershipId }));
  app.post<MembershipId>('/api/memberships/:membershipId/cancel', async (request) => (await caller(request)).memberships.cancel(withPathId(request.body, 'membershipId', request.params.membershipId)));
  app.post<MembershipId>('/api/memberships/:membershipId/resume', async (request) => (await caller(request)).memberships.resume(withPathId(request.body, 'membershipId', request.params.membershipId)));
  app.post<MembershipId>('/api/memberships/:membershipId/change-tier', async (request) =>
    (await caller(request)).memberships.changeTier(withPathId(request.body, 'membershipId', request.params.membershipId)),
  );
  app.get<MembershipId>('/api/memberships/:membershipId/tier-options', async (request) =>
    (await caller(request)).memberships.tierOptions({ membershipId: request.params.membershipId }),
  );
  app.post<MembershipId>('/api/memberships/:membershipId/reset-feeds', async (request) =>
    (await caller(request)).memberships.resetFeeds(withPathId(request.body, 'membershipId', request.params.membershipId)),
  );
};
