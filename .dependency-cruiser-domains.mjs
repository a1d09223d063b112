/**
 * Domain-level cycles: a domain is its folder under server/domains, and no two domains may depend on each other in a
 * circle, type-only imports included (a domain hears of another one's facts through domain events). Folder-scoped
 * cycles are computed over every folder the cruise sees, so this second run of `npm run lint:deps` sees the domains
 * alone (includeOnly); the rest of the rules are in .dependency-cruiser.mjs.
 *
 *   depcruise --config .dependency-cruiser-domains.mjs server/domains
 */
import { resolveOptions } from './.dependency-cruiser.mjs';

export default {
  forbidden: [
    {
      name: 'no-domain-cycles',
      comment: 'A cycle between domain folders: one of them should announce a domain event instead of being called.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^server/domains/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: resolveOptions,
  },
};
