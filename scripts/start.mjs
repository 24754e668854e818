// `npm start`: builds the client and its server-rendering bundle when either is missing or older than
// their sources, then serves everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { compileMessages } from './i18n.mjs';

const builtFiles = [path.resolve('dist/client/index.html'), path.resolve('dist/client/index.es.html'), path.resolve('dist/server/entry-server.js')];
const sources = ['src/client', 'src/shared', 'src/paraglide', 'vite.config.ts', 'package.json'];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

// The messages first: the server imports them, and the build's check below reads their output's age.
await compileMessages();

const needsBuild =
  !builtFiles.every((file) => existsSync(file)) ||
  Math.max(...sources.map(newestChange)) > Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
if (needsBuild) {
  console.log('Building the client...');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../src/server/main.ts');
