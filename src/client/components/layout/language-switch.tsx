import { Fragment, lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { localeCookie, localeNames, localeOfPath, locales, localeTags, pathInLocale, isLocale, type Locale } from '#shared/i18n/locales.ts';
import { m } from '#shared/i18n/messages.ts';

// The switch between the customer's languages, in the header and the footer of every customer page:
// the same page in the other language, with the same query and answers (the wizard's draft is kept in
// the browser, whatever the language). The other language is a whole new document: each language's
// build of the page carries only its own messages (decision 062), and the draft in progress is written
// as the page goes away. The choice is remembered in a cookie. A visitor whose browser
// prefers another language than the page's is offered it in one line; nobody is ever redirected.

function rememberLocale(locale: Locale): void {
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

function rememberedLocale(): Locale | null {
  const value = document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${localeCookie}=`))
    ?.slice(localeCookie.length + 1);
  return isLocale(value) ? value : null;
}

/** The language the browser asks for first among ours, if it is not the page's. */
function preferredLocale(current: Locale): Locale | null {
  const remembered = rememberedLocale();
  if (remembered) return remembered === current ? null : remembered;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const language = tag.split('-')[0]?.toLowerCase();
    if (isLocale(language)) return language === current ? null : language;
  }
  return null;
}

const noChanges = () => () => {};

/** "English | Español": the page in each language, the current one marked. */
export function LanguageSwitch({ className = '', linkClassName = '' }: { className?: string; linkClassName?: string }) {
  const location = useLocation();
  const current = localeOfPath(location.pathname);
  return (
    <ul className={`flex items-center gap-1.5 text-sm ${className}`} aria-label={m.layout_language_switch_label()}>
      {locales.map((locale, index) => (
        <Fragment key={locale}>
          {index > 0 ? (
            <li aria-hidden="true" className="opacity-60">
              |
            </li>
          ) : null}
          <li>
            {locale === current ? (
              <span aria-current="true" lang={localeTags[locale]} className="font-semibold">
                {localeNames[locale]}
              </span>
            ) : (
              <Link
                to={{ pathname: pathInLocale(location.pathname, locale), search: location.search, hash: location.hash }}
                reloadDocument
                lang={localeTags[locale]}
                hrefLang={locale}
                onClick={() => rememberLocale(locale)}
                className={`rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 ${linkClassName}`}
              >
                {localeNames[locale]}
              </Link>
            )}
          </li>
        </Fragment>
      ))}
    </ul>
  );
}

// The offer's line is loaded only for a visitor it is shown to: most read the page in the language
// their browser asks for, and never download it.
const LanguageOfferLine = lazy(() => import('./language-offer-line').then((module) => ({ default: module.LanguageOfferLine })));

/**
 * One line, fixed at the foot of the window (so nothing on the page moves), offering the page in the
 * language the visitor's browser prefers or chose before; written in that language. Closing it
 * remembers the page's language.
 */
export function LanguageOffer() {
  const location = useLocation();
  const current = localeOfPath(location.pathname);
  const [dismissed, setDismissed] = useState(false);
  // Read in the browser only (the server renders no offer), after hydration.
  const offered = useSyncExternalStore(
    noChanges,
    () => preferredLocale(current),
    () => null,
  );
  if (!offered || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <LanguageOfferLine
        offered={offered}
        to={{ pathname: pathInLocale(location.pathname, offered), search: location.search, hash: location.hash }}
        onAccept={() => rememberLocale(offered)}
        onClose={() => {
          rememberLocale(current);
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}
