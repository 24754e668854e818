import { Link } from 'react-router';
import { FileCheck, Lock, Mail } from 'lucide-react';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { SectionLink } from './site-header';
import { showsReviews } from '#shared/site/site-claims.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

const footerLinkClass =
  'rounded-sm text-slate-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

const pageLinks = [
  { to: paths.track, label: 'Track My Application' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.about, label: 'About Us' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
] as const;

export function SiteFooter() {
  const { supportEmail, claims } = usePublicConfig();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600">
              <FileCheck className="size-5" aria-hidden="true" />
            </span>
            EIN Filing Service
          </p>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">Disclosure</h2>
          <p className="mt-2 max-w-xl text-sm leading-6">
            EIN Filing Service is a private company. We are not affiliated with the Internal Revenue Service (IRS) or
            any government agency. The IRS issues EINs free of charge at{' '}
            <a href={irsWebsite} className={`${footerLinkClass} underline`} rel="noopener noreferrer">
              irs.gov
            </a>
            . This is a paid preparation and filing service: our fee pays for preparing, reviewing and filing your
            application for you, and for our support.
          </p>
        </div>

        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <SectionLink section="process" className={footerLinkClass}>
                How It Works
              </SectionLink>
            </li>
            {showsReviews(claims) ? (
              <li>
                <SectionLink section="testimonials" className={footerLinkClass}>
                  Customer Reviews
                </SectionLink>
              </li>
            ) : null}
            {pageLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLinkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <p className="mt-3 text-sm">Questions about your application? E-mail us any time.</p>
          <a href={`mailto:${supportEmail}`} className={`${footerLinkClass} mt-2 inline-flex items-center gap-2 text-sm break-all`}>
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {supportEmail}
          </a>
          <p className="mt-6 inline-flex items-center gap-1.5 rounded-full border border-slate-600 px-3 py-1.5 text-xs font-medium text-white">
            <Lock className="size-3.5" aria-hidden="true" />
            SSL Secured
          </p>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">
          © {new Date().getFullYear()} EIN Filing Service LLC. All rights reserved. Not affiliated with the IRS.
        </p>
      </div>
    </footer>
  );
}
