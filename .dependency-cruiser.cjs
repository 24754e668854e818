// Import cycles, followed through every import and re-export (an index.ts that re-exports its module
// hides a cycle from ESLint's import-x/no-cycle), types included. A cycle of values between modules
// makes their load order matter, and one side reads the other's exports before they exist; a cycle of
// types alone ties modules together all the same (every module once reached every other through the
// composition root's services type).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Break the cycle: move what both sides need into the lower module, or pass it in through the composition root. Types count: a module names the services it uses from src/server/contracts (or its own module), never from services.ts or app.ts, which import every module.',
      from: {},
      to: { circular: true },
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
