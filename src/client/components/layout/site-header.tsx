import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FileCheck, Lock } from 'lucide-react';
import { ButtonLink } from '../ui/button';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { formatCount, showsReviews } from '#shared/site/site-claims.ts';
import { m } from '#shared/i18n/messages.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { LanguageSwitch } from './language-switch';

type SectionLinkProps = {
  /** The id of a landing-page section, without the '#'. */
  section: 'process' | 'testimonials';
  className?: string;
  children: ReactNode;
};

/**
 * A link to a section of the landing page. On the landing page it scrolls there smoothly (even when
 * the address already carries that hash); elsewhere it opens the landing page, which scrolls on load.
 */
export function SectionLink({ section, className, children }: SectionLinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const home = useLocalizedPath()(paths.home);
  const hash = `#${section}`;

  function scrollOnLandingPage(event: MouseEvent<HTMLAnchorElement>) {
    if (location.pathname !== home) return;
    event.preventDefault();
    document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (location.hash !== hash) navigate({ pathname: home, hash }, { preventScrollReset: true });
  }

  return (
    <Link to={{ pathname: home, hash }} onClick={scrollOnLandingPage} className={className}>
      {children}
    </Link>
  );
}

export function BrandLogo() {
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized(paths.home)}
      className="flex shrink-0 items-center gap-1.5 rounded-md font-bold text-slate-900 sm:gap-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="flex size-7 items-center justify-center rounded-lg bg-brand-600 text-white sm:size-8">
        <FileCheck className="size-5" aria-hidden="true" />
      </span>
      <span className="text-sm tracking-tight sm:text-lg sm:tracking-normal">{m.layout_brand()}</span>
    </Link>
  );
}

const navLinkClass =
  'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export function SiteHeader() {
  const { claims } = usePublicConfig();
  const localized = useLocalizedPath();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-2 gap-y-1 px-4 py-3 sm:gap-x-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label={m.layout_nav_label()} className="order-last flex w-full justify-center gap-4 md:order-none md:w-auto md:gap-6">
          <SectionLink section="process" className={navLinkClass}>
            {m.layout_how_it_works()}
          </SectionLink>
          {/* Only when the operator configured reviews: without them the section is not on the page. */}
          {showsReviews(claims) ? (
            <SectionLink section="testimonials" className={navLinkClass}>
              {m.layout_reviews()}
            </SectionLink>
          ) : null}
        </nav>
        <div className="flex items-center gap-4">
          <ul className="hidden items-center gap-4 text-sm font-medium text-slate-700 lg:flex" aria-label={m.layout_trust_badges()}>
            <li className="flex items-center gap-1.5">
              <Lock className="size-4 text-green-700" aria-hidden="true" />
              {m.layout_secure()}
            </li>
            {claims.businessesServed === null ? null : (
              <li className="flex items-center gap-1.5">
                <FileCheck className="size-4 text-brand-600" aria-hidden="true" />
                {m.layout_businesses_served({ count: formatCount(claims.businessesServed) })}
              </li>
            )}
          </ul>
          <LanguageSwitch className="text-slate-700" linkClassName="text-brand-700 focus-visible:outline-brand-600" />
          <ButtonLink to={localized(paths.wizardStart)} className="whitespace-nowrap max-sm:px-3!">
            {m.layout_start_application()}
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
