import { Link } from 'react-router';
import { FileCheck, Lock, Mail } from 'lucide-react';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { SectionLink } from './site-header';
import { showsReviews } from '#shared/site/site-claims.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';
import { m } from '#shared/i18n/messages.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { LanguageSwitch } from './language-switch';

const footerLinkClass =
  'rounded-sm text-slate-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

const pageLinks = [
  { to: paths.track, label: m.layout_footer_track },
  { to: paths.faq, label: m.layout_footer_faq },
  { to: paths.about, label: m.layout_footer_about },
  { to: paths.privacy, label: m.layout_footer_privacy },
  { to: paths.terms, label: m.layout_footer_terms },
] as const;

export function SiteFooter() {
  const { supportEmail, claims } = usePublicConfig();
  const localized = useLocalizedPath();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600">
              <FileCheck className="size-5" aria-hidden="true" />
            </span>
            {m.layout_brand()}
          </p>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">{m.layout_footer_disclosure()}</h2>
          <p className="mt-2 max-w-xl text-sm leading-6">
            {m.layout_footer_disclosure_before_link()}{' '}
            <a href={irsWebsite} className={`${footerLinkClass} underline`} rel="noopener noreferrer">
              irs.gov
            </a>
            {m.layout_footer_disclosure_after_link()}
          </p>
        </div>

        <nav aria-label={m.layout_footer_quick_links()}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{m.layout_footer_quick_links()}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <SectionLink section="process" className={footerLinkClass}>
                {m.layout_how_it_works()}
              </SectionLink>
            </li>
            {showsReviews(claims) ? (
              <li>
                <SectionLink section="testimonials" className={footerLinkClass}>
                  {m.layout_footer_customer_reviews()}
                </SectionLink>
              </li>
            ) : null}
            {pageLinks.map((link) => (
              <li key={link.to}>
                <Link to={localized(link.to)} className={footerLinkClass}>
                  {link.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{m.layout_footer_contact()}</h2>
          <p className="mt-3 text-sm">{m.layout_footer_contact_lead()}</p>
          <a href={`mailto:${supportEmail}`} className={`${footerLinkClass} mt-2 inline-flex items-center gap-2 text-sm break-all`}>
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {supportEmail}
          </a>
          <p className="mt-6 inline-flex items-center gap-1.5 rounded-full border border-slate-600 px-3 py-1.5 text-xs font-medium text-white">
            <Lock className="size-3.5" aria-hidden="true" />
            {m.layout_footer_ssl()}
          </p>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm sm:px-6 lg:px-8">
          <p>{m.layout_footer_copyright({ year: new Date().getFullYear() })}</p>
          <LanguageSwitch className="text-white" linkClassName="text-slate-300 hover:text-white focus-visible:outline-white" />
        </div>
      </div>
    </footer>
  );
}
