// Compiles the message catalogs (`src/messages/<area>/<locale>.json`) into one function per message
// in `src/paraglide` (generated, not kept in git), when a catalog is newer than the last compile.
// Run by `npm install`, before type checks, tests, builds and the server; `--force` compiles anyway.
//
// The browser's build takes each message from a module of its own, so that a page's code holds only
// the messages it uses. Node (the server, the tests) takes them all from one module,
// `messages/_bundle.js`, made here with esbuild: its loader would otherwise read, transform and link
// some 1,500 modules in each process and in each test file. `#paraglide/messages` in package.json
// names one or the other by the importer's conditions.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [path.join(root, 'src/messages'), path.join(root, 'project.inlang/settings.json'), fileURLToPath(import.meta.url)];
const outdir = path.join(root, 'src/paraglide');
const bundle = path.join(outdir, 'messages/_bundle.js');
// Written last.
const stamp = bundle;

/** The expression the compiled messages read their build's language from (Paraglide's per-language build contract). */
export const staticLocaleExpression = '/** @type {any} */ (globalThis).__PARAGLIDE_STATIC_LOCALE__';
/** What a build defines to fix that language. */
export const staticLocaleDefine = 'globalThis.__PARAGLIDE_STATIC_LOCALE__';

/** The latest modification time of `entry`, or of anything in it when it is a folder. */
export function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

export async function compileMessages({ force = false } = {}) {
  if (!force && existsSync(stamp) && Math.max(...sources.map(newestChange)) <= statSync(stamp).mtimeMs) return false;
  const { compile } = await import('@inlang/paraglide-js');
  const previous = process.cwd();
  // The project's module and catalog paths are relative to the working directory.
  process.chdir(root);
  try {
    await compile({
      project: './project.inlang',
      outdir: './src/paraglide',
      strategy: ['baseLocale'],
      // Each message picks its language from a constant when the browser's build defines one
      // (`vite.config.ts` builds the client once per language), so that build keeps only its own
      // language's text. Where it is not defined (the server, tests, the dev server) the message
      // asks `getLocale()`, which reads the page's path (decision 062).
      experimentalStaticLocale: staticLocaleExpression,
      emitTsDeclarations: true,
      emitReadme: false,
    });
  } finally {
    process.chdir(previous);
  }
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(outdir, 'messages/_index.js')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    // The runtime (the current language) stays one module, shared with the code that sets it.
    external: ['../runtime.js', '../registry.js'],
    legalComments: 'none',
    // Without the type comments of each message, which nothing reads at run time.
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  writeFileSync(path.join(outdir, 'messages/_bundle.d.ts'), "export * from './_index.js';\n");
  return true;
}

/**
 * A compiled message as a language's build keeps it: the message is that language's function itself,
 * instead of a function that picks a language and calls it (about 22 bytes a message once minified,
 * some 200 messages on a wizard step), without the runtime it imported to pick. `undefined` when
 * `source` is not a compiled message.
 */
export function messageInLocale(source, locale) {
  const exported = /^export const (\w+) = \/\*\* @type [^\n]*\*\/ \(\((?:inputs|inputs = \{\}), options = \{\}\) => \{\n[\s\S]*?\n\}\);?/m.exec(source);
  if (!exported) return undefined;
  const key = exported[1];
  if (!new RegExp(`^const ${locale}_${key} = `, 'm').test(source)) return undefined;
  const inLocale = `${source.slice(0, exported.index)}export const ${key} = ${locale}_${key};${source.slice(exported.index + exported[0].length)}`;
  // The runtime was imported for the language only: without it the message is a module of its own,
  // which any page's chunk can hold without loading the runtime's first.
  const runtimeImport = /^import \{ getLocale, experimentalStaticLocale \} from '\.\.\/runtime\.js';\n/m;
  const withoutRuntime = inLocale.replace(runtimeImport, '');
  return /\b(getLocale|experimentalStaticLocale)\b/.test(withoutRuntime) ? inLocale : withoutRuntime;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await compileMessages({ force: process.argv.includes('--force') });
}
