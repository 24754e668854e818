import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// A server the tests start, as one file of JavaScript: the crash tests' (`crash-server.ts`, built once
// a Vitest run) and the browser tests' (`tests/e2e/server.ts`, built as each of its servers starts).
// Through tsx each start spent about 5 of its 12 seconds of processor compiling and linking some 2,000
// TypeScript modules (decisions 072 and 076). The product's own code is bundled; the packages are not,
// so they load from node_modules as the product's do, and the bundle sits under node_modules/.cache for
// them to resolve. A module's `import.meta.url` is its source file's, so the files it finds beside
// itself (the migrations, the SS-4 template) are found. No source map: Node reading the maps of every
// module it loads cost each start 0.3 s, and the bundle's code is not minified, its functions named.

/** Bundles `entry` (a path from the project's root) into `outfile`, under the project's node_modules. */
export async function buildServerBundle(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
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
