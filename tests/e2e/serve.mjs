import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerBundle } from '../support/server-bundle.mjs';

// Starts the browser tests' server (server.ts) from one file of JavaScript, bundled here in about a
// second, instead of through tsx, which compiled and linked its modules one by one: about 5 s of processor
// less for each of the two servers before the first test can start (decision 076). A folder for each
// port, so the two servers build side by side.
const folder = path.resolve(`node_modules/.cache/ein-e2e-server-${process.env.PORT}`);
mkdirSync(folder, { recursive: true });
await import(pathToFileURL(await buildServerBundle('tests/e2e/server.ts', path.join(folder, 'server.mjs'))).href);
