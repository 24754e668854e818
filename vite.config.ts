import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { compileMessages, messageInLocale, staticLocaleDefine } from './scripts/i18n.mjs';
import { baseLocale, locales, type Locale } from './src/shared/i18n/locales.ts';

/** The message catalogs compiled before each build, and again when one changes under the dev server. */
export function messageCatalogs(): Plugin {
  return {
    name: 'message-catalogs',
    buildStart: async () => {
      await compileMessages();
    },
    configureServer(server) {
      server.watcher.add(path.resolve('src/messages'));
      server.watcher.on('change', (file) => {
        if (file.includes(`${path.sep}src${path.sep}messages${path.sep}`)) void compileMessages();
      });
    },
  };
}

/**
 * Scalar's self-contained browser build for the API reference page (decision 044), as a file of its
 * own beside the built client, named by its content; the page reads its address from
 * `virtual:scalar-standalone`. Copied after the bundle is written rather than emitted into it: the
 * bundle's import analysis would read its 4 MB for nothing, and none of it joins the site's chunks.
 */
function scalarStandalone(): Plugin {
  const source = fileURLToPath(new URL('./node_modules/@scalar/api-reference/dist/browser/standalone.js', import.meta.url));
  const contents = readFileSync(source);
  const fileName = `assets/scalar-standalone-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}.js`;
  const virtualId = '\0virtual:scalar-standalone';
  return {
    name: 'scalar-standalone',
    resolveId: (id) => (id === 'virtual:scalar-standalone' ? virtualId : undefined),
    load: (id) => (id === virtualId ? `export default ${JSON.stringify(`/${fileName}`)};` : undefined),
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(contents);
      });
    },
    writeBundle(options) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const target = path.join(options.dir, fileName);
      copyFileSync(source, target);
      writeFileSync(`${target}.gz`, gzipSync(contents, { level: constants.Z_BEST_COMPRESSION }));
    },
  };
}

/**
 * zod's JSON Schema generator left out of the browser's code: zod attaches it to every schema, so the
 * bundler keeps it (about 16 KB minified, 4.7 KB gzip on every page with a form), though only the
 * server describes its API in JSON Schema (the OpenAPI document). In the browser's build each of its
 * exports throws if called, which nothing does; the server, the tests and the dev server keep zod whole.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    load: {
      filter: { id: generator },
      handler(id) {
        const names = [...readFileSync(id, 'utf8').matchAll(/^export (?:const|function|class) (\w+)/gm)].map((match) => match[1]!);
        const unavailable = `() => { throw new Error('zod\\'s JSON Schema is generated on the server only'); }`;
        // The two that build a schema's methods run when a schema is made; the methods they return throw.
        const methodMakers = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);
        return names.map((name) => `export const ${name} = ${methodMakers.has(name) ? `() => ${unavailable}` : unavailable};`).join('\n');
      },
    },
  };
}

/**
 * The browser's build in each language but the first (decision 062): its files under
 * `assets/<locale>/` beside the English build's, and its page shell written as `index.<locale>.html`,
 * which the server sends for that language's pages.
 */
function languageShell(locale: Locale): Plugin {
  return {
    name: `language-shell-${locale}`,
    // After Vite's own HTML plugin has put the shell in the bundle.
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === clientEnvironmentOf(locale),
    generateBundle(_options, bundle) {
      const shell = bundle['index.html'];
      if (shell) shell.fileName = `index.${locale}.html`;
    },
  };
}

/**
 * Each message in a language's build of the browser's code is that language's text alone (decision
 * 062): the compiled message picks its language from the constant the build defines, which leaves a
 * function around the one it picks; this keeps only the one.
 */
function messagesInLocale(locale: Locale): Plugin {
  const compiledMessage = /[\\/]src[\\/]paraglide[\\/]messages[\\/](?!_index)[^\\/]+\.js$/;
  return {
    name: `messages-in-${locale}`,
    // On the compiled source, before the bundler's own transform reshapes it.
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === clientEnvironmentOf(locale),
    transform: {
      filter: { id: compiledMessage },
      handler: (code) => messageInLocale(code, locale),
    },
  };
}

/** The build environment of the browser's code in `locale`: Vite's own `client` for English. */
function clientEnvironmentOf(locale: Locale): string {
  return locale === baseLocale ? 'client' : `client_${locale}`;
}

/** The message functions' language, fixed in each language's build so it keeps only that language's text. */
const inLocale = (locale: Locale) => ({ [staticLocaleDefine]: JSON.stringify(locale) });

const otherLocales = locales.filter((locale) => locale !== baseLocale);

// zod in a chunk of its own: left to itself the bundler puts small shared modules (messages,
// money formatting) beside it, and pages that need only those would download the validator.
// The icons of the wizard's frame (header, progress, side panel, back link), which every step
// shows, in one chunk: each icon is a few hundred bytes, and alone in a chunk of its own it
// costs a step about as much again in a file's overhead.
const codeSplitting = {
  groups: [
    { name: 'zod', test: /node_modules[\\/]zod/ },
    {
      name: 'wizard-icons',
      test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|check|chevron-down|circle-check|clock|headphones|refresh-cw|shield-check)\.mjs$/,
      includeDependenciesRecursively: false,
    },
  ],
};

export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    messageCatalogs(),
    ...otherLocales.map(languageShell),
    ...locales.map(messagesInLocale),
    scalarStandalone(),
    zodWithoutJsonSchema(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies of the browser's files, made once at the highest settings, which the
    // server sends as they are (`preCompressed`) instead of compressing each response. (The plugin
    // also writes copies beside the server-rendering bundle, which nothing reads.)
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      include: /\.(js|css|svg|json|txt)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  // `vite build` builds the browser's bundle in English, then in each other language into the same
  // directory (after English, which empties it first), then the server-rendering bundle.
  builder: {
    buildApp: async (builder) => {
      for (const locale of locales) await builder.build(builder.environments[clientEnvironmentOf(locale)]!);
      await builder.build(builder.environments.ssr!);
    },
  },
  environments: {
    // Each language's messages fixed at build time only: the dev server's single bundle, like the
    // server, reads the language from the page's path.
    client: command === 'build' ? { define: inLocale(baseLocale) } : {},
    ...Object.fromEntries(
      otherLocales.map((locale) => [
        clientEnvironmentOf(locale),
        { consumer: 'client' as const, define: inLocale(locale), build: { emptyOutDir: false, copyPublicDir: false, assetsDir: `assets/${locale}` } },
      ]),
    ),
    ssr: {
      build: {
        outDir: '../../dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: { 'entry-server': 'entry-server.tsx' }, checks: { bundlerTimings: false } },
      },
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The password-strength dictionaries (about 1.2 MB, English words and common passwords) are one
    // chunk that only the staff screens setting a password load, on demand: every other chunk is far
    // below this.
    chunkSizeWarningLimit: 1300,
    // The browsers the service supports read `<link rel="modulepreload">` themselves (Safari since 17);
    // one that does not loads the same modules when the entry imports them, a moment later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The bundler's advice on slow plugins depends on how busy the machine is, not on the code: a
      // start on a loaded machine would print it.
      checks: { bundlerTimings: false },
      output: { codeSplitting },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
