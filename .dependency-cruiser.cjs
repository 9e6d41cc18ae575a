/**
 * Import rules, checked by `npm run lint` (dependency-cruiser over apps/server/src,
 * apps/web/src and packages/contracts/src). Each rule keeps one direction of the code; a rule
 * that is only written down erodes, so a break fails the build.
 *
 * Everywhere
 * - no-circular: no import cycles, type-only imports included. A cycle hides which module is
 *   the lower layer and makes load order matter.
 * - no-test-code-in-production: shipped code never imports a test file (`*.test.ts(x)`) or a
 *   harness under `testing/`. Tests and harnesses may.
 * - contracts-only-zod: packages/contracts is shared by server and web (and runs in both), so it
 *   imports zod and its own files, nothing else.
 *
 * Server (apps/server/src)
 * - server-feature-through-index: a feature (`features/<f>/`) reaches another feature only
 *   through that feature's `index.ts`, its one public face; routes, services and repositories
 *   stay internal.
 * - server-outside-features-through-index: code outside features/ that may use one (app.ts, the
 *   composition root, and jobs/) also goes through `index.ts`. Tests and harnesses may reach
 *   internals.
 * - server-lower-layers-not-features: platform/, db/, adapters/, config/ and domain/ sit below
 *   the features and never import one.
 * - server-domain-pure: domain/ is pure logic: it imports domain/, npm packages and the shared
 *   contracts (schemas and types, no I/O), never platform/, db/, adapters/ or node's own
 *   modules. Its tests may use the harnesses.
 * - server-kysely-in-repositories: SQL is written only in db/ and `*.repository.ts`.
 * - server-no-fastify-in-business-code: services, domain/ and adapters/ know nothing of HTTP.
 *
 * Web (apps/web/src)
 * - web-feature-isolated: a feature never imports another feature; pages in app/ compose them.
 * - web-feature-not-app: a feature never imports app/ (router, layouts, pages).
 * - web-shared-not-upward: lib/, components/, hooks/, config/ and utils/ never import
 *   features/ or app/.
 *
 * tools/lint-fixtures/ mimics the three source trees with files that break each rule on
 * purpose (and a few imports each rule allows); apps/server/src/layer-rules.test.ts runs this
 * config over them and over the real tree. The '@/' alias of the web is read from
 * tsconfig.depcruise.json.
 */
const path = require('node:path');

// Each source tree, or the lint fixture that mimics it.
const SERVER = '^(apps/server/src|tools/lint-fixtures/server)/';
const WEB = '^(apps/web/src|tools/lint-fixtures/web)/';
const CONTRACTS = '^(packages/contracts/src|tools/lint-fixtures/contracts)/';
const TEST_FILE = '\\.test\\.tsx?$';
const HARNESS = '^(apps/(server|web)/src|tools/lint-fixtures/(server|web))/testing/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles hide which module is the lower layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Shipped code never imports a test file or a harness under testing/.',
      severity: 'error',
      from: { pathNot: [TEST_FILE, HARNESS] },
      to: { path: [TEST_FILE, HARNESS] },
    },
    {
      name: 'contracts-only-zod',
      comment: 'Contracts are shared by server and web: zod and their own files only.',
      severity: 'error',
      from: { path: CONTRACTS, pathNot: TEST_FILE },
      to: { pathNot: [CONTRACTS, '(^|/)node_modules/zod/'] },
    },
    {
      name: 'server-feature-through-index',
      comment: "A server feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: `${SERVER}features/([^/]+)/` },
      to: {
        path: `${SERVER}features/[^/]+/`,
        pathNot: [`${SERVER}features/$2/`, `${SERVER}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-outside-features-through-index',
      comment: 'app.ts and jobs/ use a feature only through its index.ts.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}features/`, TEST_FILE, HARNESS] },
      to: {
        path: `${SERVER}features/[^/]+/`,
        pathNot: `${SERVER}features/[^/]+/index\\.ts$`,
      },
    },
    {
      name: 'server-lower-layers-not-features',
      comment: 'platform/, db/, adapters/, config/ and domain/ sit below the features.',
      severity: 'error',
      from: { path: `${SERVER}(platform|db|adapters|config|domain)/` },
      to: { path: `${SERVER}features/` },
    },
    {
      name: 'server-domain-pure',
      comment: 'domain/ is pure logic: domain/, npm packages and the shared contracts only.',
      severity: 'error',
      from: { path: `${SERVER}domain/`, pathNot: TEST_FILE },
      to: { pathNot: [`${SERVER}domain/`, '(^|/)node_modules/', CONTRACTS] },
    },
    {
      name: 'server-kysely-in-repositories',
      comment: 'SQL lives only in db/ and *.repository.ts.',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: [`${SERVER}db/`, '\\.repository\\.ts$', TEST_FILE, HARNESS],
      },
      to: { path: '(^|/)node_modules/kysely/' },
    },
    {
      name: 'server-no-fastify-in-business-code',
      comment: 'Services, domain/ and adapters/ know nothing of HTTP.',
      severity: 'error',
      from: {
        path: [`${SERVER}(domain|adapters)/`, `${SERVER}.+\\.service\\.ts$`],
        pathNot: TEST_FILE,
      },
      to: { path: '(^|/)node_modules/(fastify|@fastify|fastify-[^/]+)/' },
    },
    {
      name: 'web-feature-isolated',
      comment: 'A web feature never imports another feature; pages in app/ compose them.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/[^/]+/`, pathNot: `${WEB}features/$2/` },
    },
    {
      name: 'web-feature-not-app',
      comment: 'A web feature never imports app/ (router, layouts, pages).',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-not-upward',
      comment: 'lib/, components/, hooks/, config/ and utils/ never import features/ or app/.',
      severity: 'error',
      from: { path: `${WEB}(lib|components|hooks|config|utils)/` },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports are dependencies too: they count for cycles and layers.
    tsPreCompilationDeps: true,
    // tsconfig.depcruise.json restates the web's '@/' alias relative to the repository root
    // (the resolver takes tsconfig paths against the working directory). The server's '.js'
    // specifiers resolve to their .ts sources without help. An absolute name, so TypeScript
    // resolves the tsconfig's `extends` against it.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.depcruise.json') },
    enhancedResolveOptions: {
      // '@studybuddy/contracts' resolves to its TypeScript source, as in tsc and vite.
      conditionNames: ['studybuddy-source', 'import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
