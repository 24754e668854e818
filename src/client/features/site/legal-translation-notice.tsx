import { Link } from 'react-router';
import { m } from '#shared/i18n/messages.ts';
import { baseLocale, pathInLocale } from '#shared/i18n/locales.ts';
import { useLocale } from '#client/lib/locale.ts';
import { withParts } from '#client/components/disclosures/message-parts.tsx';

/**
 * On a translated legal page (Terms, Privacy), near the top: this is a translation, and the English
 * page, linked, governs where the two differ. The English page itself says nothing.
 */
export function LegalTranslationNotice({ path, message }: { path: string; message: typeof m.site_legal_translation_terms }) {
  const locale = useLocale();
  if (locale === baseLocale) return null;
  return (
    <p data-testid="legal-translation-notice" className="mb-4 rounded-lg border border-brand-100 bg-white p-4 text-base text-slate-700">
      {withParts(message, {
        englishLink: (
          <Link to={pathInLocale(path, baseLocale)} hrefLang="en" lang="en" className="font-medium text-brand-700 underline">
            {m.site_legal_english_version()}
          </Link>
        ),
      })}
    </p>
  );
}
