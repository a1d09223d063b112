/**
 * The layers and what each may import (docs/architecture.md, "Layers"). Run by `npm run lint:deps`, part of `npm test`:
 *
 *   depcruise --config .dependency-cruiser.mjs common db server web/src seed scripts client bench examples
 *
 * Type-only imports count (tsPreCompilationDeps): a layer that needs another's types depends on it. Domain-level
 * cycles are checked by the second run, .dependency-cruiser-domains.mjs, which sees server/domains alone.
 */

/** Packages and Node's own modules: not ours, so no layer rule is about them. */
const notOurs = ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];

/** How imports resolve (TypeScript sources, package exports); shared with .dependency-cruiser-domains.mjs. */
export const resolveOptions = {
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
  exportsFields: ['exports'],
  conditionNames: ['import', 'require', 'node', 'default', 'types'],
  mainFields: ['module', 'main', 'types', 'typings'],
};

export default {
  forbidden: [
    // common/ → nothing of ours -------------------------------------------------------------------------------------
    {
      name: 'common-imports-nothing-of-ours',
      comment: 'common/ holds what db, server and web all need; it imports only other common/ files and packages.',
      severity: 'error',
      from: { path: '^common/' },
      to: { pathNot: '^common/', dependencyTypesNot: notOurs },
    },
    {
      name: 'common-runs-in-the-browser',
      comment: 'The web app imports common/: only common/node/ may use Node’s own modules.',
      severity: 'error',
      from: { path: '^common/', pathNot: '^common/node/' },
      to: { dependencyTypes: ['core'] },
    },

    // db/ → common/ -----------------------------------------------------------------------------------------------------
    {
      name: 'db-imports-only-common',
      comment: 'The database layer sits under the server: it imports common/ and packages, never server, web or seed code.',
      severity: 'error',
      from: { path: '^db/' },
      to: { pathNot: '^(db|common)/', dependencyTypesNot: notOurs },
    },

    // server --------------------------------------------------------------------------------------------------------------
    {
      name: 'server-lib-holds-pure-helpers',
      comment: 'server/lib holds helpers (ids, HTTP caching, headers) the platform and domains use; it imports no other server code.',
      severity: 'error',
      from: { path: '^server/lib/' },
      to: { path: '^server/', pathNot: ['^server/lib/', '^server/config[.]ts$'] },
    },
    {
      name: 'platform-under-the-domains',
      comment:
        'server/platform holds the engines (store seams, bus, queue, limits, leases, presence, storage, uploads, errors); it imports no domain, router, provider or shim.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: '^server/', pathNot: ['^server/platform/', '^server/lib/', '^server/config[.]ts$'] },
    },
    {
      name: 'server-lib-and-platform-are-handed-their-config',
      comment: 'server/lib and server/platform may name the AppConfig type; the values are passed in by their caller.',
      severity: 'error',
      from: { path: '^server/(lib|platform)/' },
      to: { path: '^server/config[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'the-sqlite-driver-stays-in-db',
      comment:
        'better-sqlite3 (and Drizzle’s driver over it) is the SQLite store’s own (db/): server, common, web and seed reach the embedded database through the Store’s capabilities (changes, syncReads, embedded). Tests and scripts/db-copy.ts may use it.',
      severity: 'error',
      from: { path: '^(server|common|web|seed)/' },
      to: { path: '(^|/)node_modules/((@types/)?better-sqlite3|drizzle-orm/better-sqlite3)/' },
    },
    {
      name: 'domain-services-stay-out-of-the-trpc-layer',
      comment:
        'Domain services take the services they need (server/services.ts, their own ports) and throw DomainError; only routers, REST shims, procedure bases and transports (websocket, SignalR, the OpenAPI reader) touch server/trpc.',
      severity: 'error',
      from: { path: '^server/domains/', pathNot: ['[.](router|rest|procedure|socket|signalr)[.]ts$', '^server/domains/openapi/'] },
      to: { path: '^server/trpc/' },
    },
    {
      name: 'domains-never-name-the-container',
      comment: 'The composition root builds the domains; a domain that imported it would depend on every other one.',
      severity: 'error',
      from: { path: '^server/domains/' },
      to: { path: '^server/(composition|app|main)[.]ts$' },
    },
    {
      name: 'providers-know-no-domain',
      comment: 'Providers (mail, payments, identity, bot check, push) talk to the outside; the domains call them, never the reverse.',
      severity: 'error',
      from: { path: '^server/providers/' },
      to: { path: '^server/(domains|trpc|rest|composition[.]ts|app[.]ts)' },
    },
    {
      name: 'routers-call-their-own-domain',
      comment: 'A router calls only its own domain’s service (other domains’ schemas aside); domains talk through domain events.',
      severity: 'error',
      from: { path: '^server/domains/([^/]+)/.+[.]router[.]ts$' },
      to: { path: '^server/domains/', pathNot: ['^server/domains/$1/', '[.]schemas[.]ts$'] },
    },
    {
      name: 'production-server-reaches-no-seed',
      comment:
        'server/main.ts is what production runs: nothing it reaches imports seed code (and with it faker). The start-up seed is handed to it by its entry, seed/start.ts.',
      severity: 'error',
      from: { path: '^server/main[.]ts$' },
      to: { path: '^seed/', reachable: true },
    },

    // web -----------------------------------------------------------------------------------------------------------------
    {
      name: 'web-imports-only-shared-server-modules',
      comment: 'The web app takes from the server only the zod schemas (*.schemas.ts) and the router type; shared pure code lives in common/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/', pathNot: ['[.]schemas[.]ts$', '^server/trpc/root[.]ts$'] },
    },
    {
      name: 'web-never-imports-server-lib',
      comment: 'server/lib holds the server’s helpers; what the web shares with the server is pure and lives in common/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/lib/' },
    },
    {
      name: 'web-names-the-router-type-only',
      comment: 'The tRPC clients need the AppRouter type; importing a value from the router would bundle the server.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/trpc/root[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-imports-no-database-or-node-code',
      comment: 'No table definition or Node-only module reaches the browser bundle.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: ['^(db|seed|scripts|bench)/', '^common/node/'] },
    },
    {
      name: 'web-lib-under-components-features-and-app',
      comment: 'web/src/lib (clients, stores, helpers) imports no component, feature or app module.',
      severity: 'error',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(components|features|app)/' },
    },
    {
      name: 'web-components-under-features-and-app',
      comment: 'Shared UI (web/src/components) imports no feature and no app module.',
      severity: 'error',
      from: { path: '^web/src/components/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-features-under-app',
      comment: 'Features are assembled by web/src/app (routes, layouts, providers) and never reach back into it.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-features-use-public-surfaces',
      comment:
        'A feature’s public surface is its public.ts (and its pages, loaded lazily by a route table): another feature’s other files are its own.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/public[.]tsx?$', '-page[.]tsx$'] },
    },
    {
      name: 'web-features-load-other-pages-lazily',
      comment: 'Another feature’s page is loaded by a dynamic import (a route), never bundled in statically.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/[^/]+/.+-page[.]tsx$', pathNot: '^web/src/features/$1/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'web-features-no-cycles',
      comment:
        'No two features depend on each other in a circle (a feature is its folder under web/src/features): what both need becomes a feature of its own with a public.ts (viewer, live-chat, payment, stream-player).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^web/src/features/[^/]+' },
      to: { path: '^web/src/features/[^/]+', circular: true },
    },

    // everywhere ----------------------------------------------------------------------------------------------------------
    {
      name: 'no-cycles',
      comment: 'No file cycles, type-only imports included, the composition root too (server/composition.ts): a domain names what it needs, never the container.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-runtime-cycles',
      comment: 'Not even through the service container: a cycle of value imports (which decides load order) is never allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'imports-resolve',
      comment: 'An import the cruise cannot resolve (a new alias, a package’s exports) would escape every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages are left out, except the SQLite driver: `the-sqlite-driver-stays-in-db` needs to see who imports it.
    exclude: { path: ['(^|/)node_modules/(?!(@types/)?better-sqlite3/|drizzle-orm/better-sqlite3/)', '^(web/)?dist', '^db/migrations/', '^server/domains/mobile-app/public/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: resolveOptions,
    skipAnalysisNotInRules: true,
  },
};
