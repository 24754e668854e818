// `npm start`: builds the client when it is missing or older than its sources, then serves everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const builtShell = path.resolve('dist/client/index.html');
const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package.json'];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const needsBuild = !existsSync(builtShell) || Math.max(...sources.map(newestChange)) > statSync(builtShell).mtimeMs;
if (needsBuild) {
  console.log('Building the client...');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../src/server/main.ts');
