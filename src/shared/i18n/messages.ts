// Every customer-visible message, in each language, compiled from `src/messages/<area>/<locale>.json`
// (`npm run i18n`, and the build's plugin) into one function per message: a module each in the
// browser's build, one module of them all in Node (`#paraglide/messages`, scripts/i18n.mjs). A message
// speaks the current language (the page's on both sides, see locales.ts) unless it is given `{ locale }`.
export * as m from '#paraglide/messages';
export { getLocale, overwriteGetLocale } from '../../paraglide/runtime.js';
