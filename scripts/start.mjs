// `npm start`: builds the client and its server-rendering bundle when either is missing or older than
// their sources, then serves everything.
import { register } from 'tsx/esm/api';
import { buildClient, clientBuildIsStale } from './client-build.mjs';
import { compileMessages } from './i18n.mjs';

// The messages first: the server imports them, and the build's check below reads their output's age.
await compileMessages();

if (clientBuildIsStale()) {
  console.log('Building the client...');
  const code = await buildClient();
  if (code !== 0) process.exit(code);
}

register();
await import('../src/server/main.ts');
