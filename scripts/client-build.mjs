// The client build, as `npm start`, `npm run build` and the test command run it: both bundles
// (`dist/client`, `dist/server/entry-server.js`) at Vite's warning level, with what it printed kept in
// `dist/build-output.json` beside them. The browser tests serve that build, and the test that the build
// prints no warning reads the record instead of building again, as long as the build is newer than
// every source it was made from. `node scripts/client-build.mjs` builds.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestChange } from './i18n.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtFiles = ['dist/client/index.html', 'dist/client/index.es.html', 'dist/server/entry-server.js'].map((file) => path.join(root, file));
const sources = ['src/client', 'src/shared', 'src/paraglide', 'vite.config.ts', 'package.json'].map((entry) => path.join(root, entry));
const record = path.join(root, 'dist/build-output.json');

const newestSourceChange = () => Math.max(...sources.map(newestChange));
const builtFilesExist = () => builtFiles.every((file) => existsSync(file));

/** Whether the built files are missing or older than a source they are made from. */
export function clientBuildIsStale() {
  return !builtFilesExist() || newestSourceChange() > Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
}

/**
 * What the last build printed, when it was made from the sources as they are now (its record is newer
 * than every source, and the built files are all there); else null.
 */
export function freshBuildOutput() {
  if (!existsSync(record) || !builtFilesExist() || newestSourceChange() > statSync(record).mtimeMs) return null;
  return JSON.parse(readFileSync(record, 'utf8')).printed;
}

/** Builds both bundles, passing on what Vite prints, and records it; resolves to Vite's exit code. */
export function buildClient() {
  // A build that fails leaves no record of an earlier one to be read as its own.
  rmSync(record, { force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      printed += chunk;
      process.stderr.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) writeFileSync(record, `${JSON.stringify({ printed })}\n`);
      resolve(code ?? 1);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await buildClient();
