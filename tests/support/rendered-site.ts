import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/index.ts';
import type { Env } from '#server/env.ts';

// The app with its public pages rendered on the server as in production, from the renderer's source
// (no build needed) into the client's own page shell, and the Spanish build's shell beside it as the
// build writes it (decision 062): its code under `/assets/es/`.

/** The entry the shells of `buildRenderedSite` load, in each language. */
export const shellEntries = { en: '/main.tsx', es: '/assets/es/main.tsx' } as const;

/** The renderer's source, for an app that renders its pages as the built one does. */
export const rendererSource = path.resolve('src/client/entry-server.tsx');

/** A folder with the client's page shells in both languages, as the build leaves them. */
export function shellsFolder(): string {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'ein-client-'));
  const shell = readFileSync(path.resolve('src/client/index.html'), 'utf8');
  writeFileSync(path.join(clientDir, 'index.html'), shell);
  writeFileSync(path.join(clientDir, 'index.es.html'), shell.replace(`src="${shellEntries.en}"`, `src="${shellEntries.es}"`));
  return clientDir;
}

export async function buildRenderedSite({ env, database }: { env: Env; database: Database }): Promise<FastifyInstance> {
  return buildApp({ env, database, clientDir: shellsFolder(), rendererFile: rendererSource });
}

export type JsonLdNode = { '@type': string } & Record<string, unknown>;

/** A rendered page: its document and the JSON-LD nodes of its structured data. */
export function parsePage(html: string): { document: Document; graph: JsonLdNode[] } {
  const { document } = new JSDOM(html).window;
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  const graph = scripts.flatMap((script) => (JSON.parse(script.textContent ?? '') as { '@graph': JsonLdNode[] })['@graph']);
  return { document, graph };
}

/** What a reader sees of the page: the rendered root's text, without its structured data. */
export function visibleText(document: Document): string {
  const root = document.getElementById('root')?.cloneNode(true) as HTMLElement | undefined;
  root?.querySelectorAll('script').forEach((script) => script.remove());
  return (root?.textContent ?? '').replace(/\s+/g, ' ');
}
