/** What an API token may be allowed to do (issue 16). `admin` is only granted to admins. */
export const apiTokenScopes = [
  'events:read',
  'events:write',
  'chat:write',
  'podcasts:read',
  'podcasts:write',
  'tips:read',
  'earnings:read',
  'push:send',
  'webhooks:manage',
  'live:read',
  'live:write',
  'memberships:read',
  'memberships:write',
  'analytics:read',
  'admin',
] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];
