import { z } from 'zod';

import { apiTokenScopes, type ApiTokenScope } from '@common/api-token-scopes';

export { apiTokenScopes, type ApiTokenScope };

export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  'events:read': 'Read your events',
  'events:write': 'Create, change and delete your events (includes reading them)',
  'chat:write': 'Send and moderate chat messages',
  'podcasts:read': 'Read your podcasts and episodes',
  'podcasts:write': 'Publish and change podcasts and episodes (includes reading them)',
  'tips:read': 'Read your tip options and tips received',
  'earnings:read': 'Read your earnings',
  'push:send': 'Send push notifications to your followers',
  'webhooks:manage': 'Create and change your webhooks',
  'live:read': 'Read your live settings (including the stream key), status and recordings',
  'live:write': 'Rotate your stream key, change live settings and publish or delete recordings (includes reading them)',
  'memberships:read': 'Read your membership tiers and members',
  'memberships:write': 'Create, change and archive your membership tiers (includes reading them)',
  'analytics:read': 'Read your audience analytics: podcast downloads, live viewers, members and MRR',
  admin: 'Administer the platform (admins only)',
};

/**
 * The scope a procedure declares (`.meta({ scope })`, next to its procedure base):
 * - a token scope: an API token must hold it;
 * - `public`: open to everyone, any API token may call it (it does not act as the token's owner);
 * - `session`: only signed-in sessions, never an API token (passwords, emulation, tokens, the dashboard's own screens).
 */
export type ProcedureScope = ApiTokenScope | 'public' | 'session';

/** A write scope includes reading the same things (creating a podcast title first looks the titles up). */
const includedIn: Partial<Record<ApiTokenScope, ApiTokenScope>> = { 'events:read': 'events:write', 'podcasts:read': 'podcasts:write', 'live:read': 'live:write', 'memberships:read': 'memberships:write' };

export function tokenHoldsScope(scopes: readonly ApiTokenScope[], scope: ApiTokenScope): boolean {
  const wider = includedIn[scope];
  return scopes.includes(scope) || (!!wider && scopes.includes(wider));
}

export const apiTokenPrefix = 'cp_';

/** ICU templates of the texts above that carry a value (the server catalogs translate them whole). */
export const apiTokenTemplates = {
  missingScope: 'This API token lacks the scope {scope}',
} as const;

export const apiTokenMessages = {
  missingScope: (scope: string) => apiTokenTemplates.missingScope.replace('{scope}', scope),
  sessionOnly: 'API tokens cannot use this procedure; sign in instead',
  revoked: 'This API token has been revoked',
  expired: 'This API token has expired',
  invalid: 'Invalid access_token',
  adminScopeForAdmins: 'Only admins can give a token the admin scope',
  emulating: 'Stop emulating to manage API tokens',
  notFound: 'API token not found',
  tooMany: 'You can have at most 50 active API tokens',
  nameRequired: 'Please enter a name',
  nameTooLong: 'The name can be at most 80 characters',
  unknownScope: 'Unknown scope',
  scopesRequired: 'Please choose at least one scope',
  expiryMin: 'Expiry must be at least 1 day',
  expiryMax: 'Expiry can be at most 3650 days',
} as const;

export const createApiTokenInput = z.strictObject({
  name: z.string().trim().min(1, apiTokenMessages.nameRequired).max(80, apiTokenMessages.nameTooLong),
  scopes: z
    .array(z.enum(apiTokenScopes, { error: apiTokenMessages.unknownScope }))
    .min(1, apiTokenMessages.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.number().int().min(1, apiTokenMessages.expiryMin).max(3650, apiTokenMessages.expiryMax).optional(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const apiTokenSummary = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  /** The token's last four characters. */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenSummary = z.infer<typeof apiTokenSummary>;

/** The only answer that carries the token itself. */
export const createdApiToken = z.object({ token: z.string(), apiToken: apiTokenSummary });

export const revokeApiTokenInput = z.strictObject({ id: z.string().trim().min(1).max(64) });
