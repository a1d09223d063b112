import { describe, expect, it } from 'vitest';
import { appRouter } from '@server/trpc/root';
import { apiTokenScopes } from '@server/domains/api-tokens/api-tokens.schemas';
import { listProcedures } from '@server/domains/openapi/procedures';

/**
 * Every procedure declares the scope an API token needs for it (`.meta({ scope })`, next to its procedure base):
 * a token scope, `public` or `session`. A procedure without one would be refused to API tokens silently; this
 * makes forgetting it a failing test instead.
 */
const declarable = new Set<string>([...apiTokenScopes, 'public', 'session']);

const procedures = listProcedures(appRouter);
const scopeOf = (path: string) => procedures.find((procedure) => procedure.path === path)?.meta.scope;

describe('procedure scopes', () => {
  it('finds the routers', () => {
    expect(procedures.length).toBeGreaterThan(50);
    expect(procedures.map(({ path }) => path)).toContain('apiTokens.create');
  });

  it('every procedure declares a known scope', () => {
    const missing = procedures.filter(({ meta }) => !declarable.has(meta.scope ?? '')).map(({ path }) => path);
    expect(missing).toEqual([]);
  });

  it('API tokens can never manage tokens, emulate or change passwords', () => {
    for (const path of ['apiTokens.create', 'apiTokens.list', 'apiTokens.revoke', 'users.emulate', 'users.changePassword', 'users.resetPassword', 'users.alive']) {
      expect([path, scopeOf(path)]).toEqual([path, path === 'users.resetPassword' ? 'public' : 'session']);
    }
  });
});
