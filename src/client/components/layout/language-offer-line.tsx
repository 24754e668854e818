import { Link, type To } from 'react-router';
import { X } from 'lucide-react';
import { localeTags, type Locale } from '#shared/i18n/locales.ts';
import { languageOfferText } from './language-offer-text';

/** The offer of the page in `offered`, written in that language, with a button that closes it. */
export function LanguageOfferLine({ offered, to, onAccept, onClose }: { offered: Locale; to: To; onAccept: () => void; onClose: () => void }) {
  const text = languageOfferText[offered];
  return (
    <div role="region" aria-label={text.label} lang={localeTags[offered]} className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-2 shadow-lg backdrop-blur">
      <p className="mx-auto flex max-w-7xl items-center justify-between gap-3 text-sm text-slate-800">
        <Link to={to} reloadDocument hrefLang={offered} onClick={onAccept} className="font-medium text-brand-700 underline">
          {text.offer}
        </Link>
        <button type="button" onClick={onClose} className="rounded-md p-1 text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{text.close}</span>
        </button>
      </p>
    </div>
  );
}
