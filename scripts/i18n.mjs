// Compiles the message catalogs (`src/messages/<area>/<locale>.json`) into one function per message
// in `src/paraglide` (generated, not kept in git), when a catalog is newer than the last compile.
// Run by `npm install`, before type checks, tests, builds and the server; `--force` compiles anyway.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [path.join(root, 'src/messages'), path.join(root, 'project.inlang/settings.json')];
const outdir = path.join(root, 'src/paraglide');
const stamp = path.join(outdir, 'messages/_index.js');

function newestChange(entry) {
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
    await compile({ project: './project.inlang', outdir: './src/paraglide', strategy: ['baseLocale'], emitTsDeclarations: true, emitReadme: false });
  } finally {
    process.chdir(previous);
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await compileMessages({ force: process.argv.includes('--force') });
}
