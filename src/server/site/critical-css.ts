import Beasties from 'beasties';

/**
 * The attribute of the inlined `<style>`: the response's nonce is written beside it (`renderShell`),
 * since the rendered page is kept and the nonce is new on every response.
 */
export const criticalStyleAttribute = 'data-critical-css';

/** Marks the whole stylesheet of a page whose critical rules are inlined (`loadAfterFirstPaint` loads it). */
export const deferredStylesheetAttribute = 'data-deferred-stylesheet';

const stylesheetLink = /<link rel="stylesheet"([^>]*) href="([^"]+\.css)"([^>]*)>/;
const inlinedStyle = /<style[^>]*>([\s\S]*?)<\/style>/;

export type CriticalCssLog = { warn: (message: string) => void };

/**
 * Puts a page's critical rules into its document, and the whole stylesheet after the first paint.
 * With `reuse`, for a page rendered anew on every request: the rules picked for a page of the same
 * markup (its elements and attributes, whatever their text) are used again.
 */
export type CriticalCssInliner = (document: string, options?: { reuse?: boolean }) => Promise<string>;

/**
 * What the rules Beasties picks depend on: the page's elements and their attributes, not their text.
 * (A `<time>`'s moment is left out too: no rule reads it.)
 */
function markupShape(document: string): string {
  return document.replace(/>[^<]+</g, '><').replace(/ datetime="[^"]*"/gi, '');
}

/** How many markups' rules are kept; a signed-in page has a few (per role, with or without alerts). */
const reusedShapes = 50;

/**
 * A server-rendered page's first paint needs only the rules its markup uses: they are inlined in
 * the head (4 to 5 KB gzip against the stylesheet's 9 KB), and the whole stylesheet, which
 * the page's later states and the app's other screens need, is marked for `loadAfterFirstPaint`,
 * which loads it once the page has painted (a `<noscript>` copy serves visitors without scripts).
 * Beasties picks the rules by matching each selector against the page.
 *
 * Only the CSS Beasties picks is used: the page's markup stays React's own, byte for byte, so it
 * hydrates exactly. A document without a built stylesheet is returned as it is.
 */
export function createCriticalCssInliner(clientDir: string, log: CriticalCssLog): CriticalCssInliner {
  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    // The rules are read from Beasties' `<style>`; the way it would load the rest is not used.
    preload: 'media-script',
    noscriptFallback: false,
    pruneSource: false,
    reduceInlineStyles: false,
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    // Selectors Beasties cannot match against the page, kept whether the page uses them or not (a few
    // dozen rules): those wrapped whole in :where() or :is(), which it strips with their arguments before
    // matching (Tailwind's `space-y-*`, `divide-*`, `group-open:*`), and Tailwind's arbitrary variants,
    // whose escaped `&` it does not find (`[&_a]:underline`).
    allowRules: [/^:where\(/, /^:is\(/, /\\&/],
    logger: { warn: (message) => log.warn(message), error: (message) => log.warn(message) },
  });

  const picked = new Map<string, string>();
  return async (document, { reuse = false } = {}) => {
    const link = stylesheetLink.exec(document);
    if (!link) return document;
    const shape = reuse ? markupShape(document) : null;
    let css = shape === null ? undefined : picked.get(shape);
    if (css === undefined) {
      css = inlinedStyle.exec(await beasties.process(document))?.[1];
      if (!css) return document;
      if (shape !== null) {
        if (picked.size >= reusedShapes) picked.clear();
        picked.set(shape, css);
      }
    }
    const [whole, before = '', href = '', after = ''] = link;
    const deferred = `<link rel="stylesheet"${before} href="${href}"${after} ${deferredStylesheetAttribute}>`;
    const fallback = `<noscript><link rel="stylesheet"${before} href="${href}"${after}></noscript>`;
    // A function replacement: `$` in the CSS (none today) must not be read as a pattern.
    return document.replace(whole, () => `<style ${criticalStyleAttribute}>${css}</style>${deferred}${fallback}`);
  };
}
