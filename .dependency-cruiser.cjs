// Import cycles, followed through every import and re-export (an index.ts that re-exports its module
// hides a cycle from ESLint's import-x/no-cycle). A cycle of values between modules makes their load
// order matter, and one side reads the other's exports before they exist. Imports of types alone are
// erased when compiled, so they may run both ways.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Break the cycle: move what both sides need into the lower module, or pass it in through the composition root.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circle-through-the-composition-root',
      severity: 'error',
      comment:
        'Types counted too: a module names the services it uses from src/server/contracts (or its own module), never from services.ts or app.ts, which import every module.',
      from: {},
      to: { circular: true, via: { path: '^src/server/(app|services|contracts/index)\\.ts$' } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
