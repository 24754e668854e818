// Every customer-visible message, in each language, compiled from `src/messages/<area>/<locale>.json`
// (`npm run i18n`, and the build's plugin) into one function per message. A message speaks the
// current language (the page's on both sides, see locales.ts) unless it is given `{ locale }`.
export { m } from '../../paraglide/messages.js';
export { getLocale, overwriteGetLocale } from '../../paraglide/runtime.js';
