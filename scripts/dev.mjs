// `npm run dev`: the API server with reload on change, and Vite's dev server (http://localhost:5173) in front of it.
import { spawn } from 'node:child_process';
import { compileMessages } from './i18n.mjs';

// The server imports the compiled messages: they exist before it starts.
await compileMessages();

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
