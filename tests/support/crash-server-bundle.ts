import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// The crash tests' server (`crash-server.ts`) as one file of JavaScript, built once a test run: each
// crash test starts several such processes, and through tsx each start spent about 5 of its 12 seconds
// of processor compiling and linking some 2,000 TypeScript modules (decision 072). The product's own
// code is bundled; the packages are not, so they load from node_modules as the product's do, and the
// bundle sits under node_modules/.cache for them to resolve. A module's `import.meta.url` is its source
// file's, so the files it finds beside itself (the migrations, the SS-4 template) are found.

const entry = 'tests/support/crash-server.ts';

/** Builds the bundle into `folder` (under the project's node_modules) and answers its path. */
export async function buildCrashServerBundle(folder: string): Promise<string> {
  const outfile = path.join(folder, 'crash-server.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // Packages stay outside the bundle, but for their JSON, which Node 20 would import only with
        // an attribute (`with { type: 'json' }`) that the sources do not write.
        name: 'packages-outside',
        setup(builder) {
          builder.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.endsWith('.json') ? undefined : { external: true }));
        },
      },
      {
        name: 'source-file-urls',
        setup(builder) {
          builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const source = await readFile(args.path, 'utf8');
            return {
              contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
              loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
            };
          });
        },
      },
    ],
  });
  return outfile;
}
