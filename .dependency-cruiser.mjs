// The floors of the house as import rules. `npm run check` runs them with depcruise, and
// scripts/floors.test.ts runs them in `npm test`, so a breach fails CI rather than waiting for a review.
// Type-only imports count too (tsPreCompilationDeps): a cycle or a layer breach through types is still one.

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere in src, runtime or type imports.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-side',
      comment: 'src/shared is used by both sides: it imports nothing from src/client or src/server.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'src/shared runs in the browser too: no node: builtins.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-only-portable-packages',
      comment:
        'src/shared imports only packages that run unchanged in a browser and in Node (no Node- or DOM-only ones). ' +
        'Add a package here only if it is portable.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: [
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-bundled',
          'npm-no-pkg',
          'npm-unknown',
        ],
        pathNot: '^node_modules/zod/',
      },
    },
    {
      name: 'platform-and-db-import-no-area',
      comment:
        'The platform and the data layer are below the areas: they import nothing from src/server/modules.',
      severity: 'error',
      from: { path: '^src/server/(platform|db)/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'area-through-index',
      comment: "An area imports another area only through that area's index.ts.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'seed-outside-the-server',
      comment:
        'The demo seed (src/seed) is no part of the running server: serve.ts loads it with a dynamic import only ' +
        'when it writes it; tests may use it.',
      severity: 'error',
      from: { path: '^src/(server|shared|client)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/seed/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'seed-through-area-index',
      comment: "The seed uses an area only through the area's index.ts, as other areas do.",
      severity: 'error',
      from: { path: '^src/seed/' },
      to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'client-imports-no-server',
      comment: 'The browser side never imports server code; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-imports-no-client',
      comment: 'The server never imports browser code; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
