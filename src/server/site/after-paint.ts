import { deferredStylesheetAttribute } from './critical-css';

/**
 * The attribute of the script that loads a rendered page's code after its first paint; the response's
 * nonce is written beside it (`renderShell`), as for the inlined rules.
 */
export const afterPaintScriptAttribute = 'data-after-paint';

const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const modulePreloads = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;
const deferredStylesheet = new RegExp(`<link rel="stylesheet"[^>]* ${deferredStylesheetAttribute}>`, 'g');

/**
 * Loads the page's code once the browser reports its first contentful paint: the module preloads and
 * the stylesheet, then the entry. At once in a tab nobody sees; after the next frame where paint
 * timing is not reported; and after two seconds whatever happens, so the page is never left inert.
 */
function loader(links: string[], entry: string): string {
  return (
    '(function(){var d=document,h=d.head,w=window,done=false;function load(){if(done)return;done=true;' +
    `h.insertAdjacentHTML('beforeend',${JSON.stringify(links.join('')).replace(/</g, '\\u003c')});` +
    `h.appendChild(Object.assign(d.createElement('script'),{type:'module',crossOrigin:'',src:${JSON.stringify(entry)}}));}` +
    "if(d.visibilityState!=='visible')return load();setTimeout(load,2000);" +
    "var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)" +
    "new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)load()}).observe({type:'paint',buffered:true});" +
    'else requestAnimationFrame(function(){setTimeout(load,0)})})()'
  );
}

/**
 * A page rendered on the server paints with its HTML and inlined rules alone; its scripts and whole
 * stylesheet only hydrate it and serve its later states. Requested by the parser, they would open
 * connections and share the phone's bandwidth before the first paint; requested by a small script
 * once the page has painted, they come after it (decision 047). A document without the build's entry
 * is left as it is.
 */
export function loadAfterFirstPaint(document: string): string {
  const entry = moduleScript.exec(document);
  if (!entry) return document;
  let rest = document.replace(entry[0], '');
  const links: string[] = [];
  for (const pattern of [modulePreloads, deferredStylesheet]) {
    for (const [tag] of rest.matchAll(pattern)) {
      // Without scripts, the stylesheet's `<noscript>` copy serves.
      links.push(tag.replace(` ${deferredStylesheetAttribute}`, '').trim());
      rest = rest.replace(tag, '');
    }
  }
  const script = `<script ${afterPaintScriptAttribute}>${loader(links, entry[1]!)}</script>`;
  return rest.replace('</body>', () => `${script}</body>`);
}
