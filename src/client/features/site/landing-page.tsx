import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  Briefcase,
  Building,
  CircleCheck,
  Clock,
  FileText,
  Globe,
  Headphones,
  Info,
  Landmark,
  Lock,
  RefreshCw,
  Rocket,
  Scale,
  Send,
  ShieldCheck,
  Star,
  TrendingUp,
  UserPlus,
  Users,
  Wallet,
  Zap,
} from 'lucide-react';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { MoneyBackGuarantee } from '#client/components/disclosures/money-back-guarantee.tsx';
import { ServiceFee } from '#client/components/disclosures/service-fee.tsx';
import { paths } from '#client/paths.ts';
import { ReviewsCarousel } from './reviews-carousel';
import { PageMeta } from '#client/components/seo/page-meta.tsx';
import { filingService, serviceDescription, siteName } from '#client/components/seo/structured-data.ts';
import { messagesTag, withParts } from '#client/components/disclosures/message-parts.tsx';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { m } from '#shared/i18n/messages.ts';
import { formatCount, showsReviews, sourceSiteName, type SiteClaims } from '#shared/site/site-claims.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

/** The spec's delay before scrolling to the section named by the URL hash. */
export const hashScrollDelayMs = 100;

type IconItem = { icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>; title: string; text: ReactNode };

// Lists of the page's words are functions, read when the page renders, so they speak its language.

function heroTicks(): string[] {
  return [m.site_delivery_badge(), m.site_landing_tick_checked(), m.site_landing_tick_support(), m.site_landing_tick_fee()];
}

function trustBadges() {
  return [
    { icon: Lock, label: m.site_landing_trust_ssl() },
    { icon: Clock, label: m.site_delivery_badge() },
    { icon: ShieldCheck, label: m.site_landing_trust_data() },
  ] as const;
}

function situations(): IconItem[] {
  return [
    { icon: Rocket, title: m.site_landing_need_starting_title(), text: m.site_landing_need_starting_text() },
    { icon: UserPlus, title: m.site_landing_need_hiring_title(), text: m.site_landing_need_hiring_text() },
    { icon: Landmark, title: m.site_landing_need_bank_title(), text: m.site_landing_need_bank_text() },
    { icon: ShieldCheck, title: m.site_landing_need_ssn_title(), text: m.site_landing_need_ssn_text() },
    { icon: TrendingUp, title: m.site_landing_need_growing_title(), text: m.site_landing_need_growing_text() },
    { icon: Scale, title: m.site_landing_need_tax_title(), text: m.site_landing_need_tax_text() },
  ];
}

/** A figure (a rate, a rating) as the page's language writes it: `97.5`. */
function formatFigure(percent: number): string {
  return new Intl.NumberFormat(messagesTag(), { maximumFractionDigits: 2 }).format(percent);
}

function benefits(claims: SiteClaims): IconItem[] {
  return [
    { icon: Zap, title: m.site_landing_why_fast_title(), text: m.site_delivery_sentence() },
    {
      icon: FileText,
      title: m.site_landing_why_review_title(),
      // The success rate in words, when the operator configured it (SITE_SUCCESS_RATE).
      text: `${m.site_landing_why_review_text()}${
        claims.successRatePercent === null ? '' : ` ${m.site_landing_accepted_first_time({ percent: formatFigure(claims.successRatePercent) })}`
      }`,
    },
    { icon: RefreshCw, title: m.site_landing_why_resubmit_title(), text: m.site_landing_why_resubmit_text() },
    { icon: Headphones, title: m.site_landing_why_support_title(), text: m.site_landing_why_support_text() },
    { icon: Lock, title: m.site_landing_why_secure_title(), text: m.site_landing_why_secure_text() },
    { icon: Wallet, title: m.site_landing_why_money_title(), text: <MoneyBackGuarantee label={false} /> },
  ];
}

function processSteps() {
  return [
    { icon: FileText, title: m.site_landing_step_form_title(), text: m.site_landing_step_form_text() },
    { icon: Send, title: m.site_landing_step_file_title(), text: m.site_landing_step_file_text() },
    { icon: CircleCheck, title: m.site_landing_step_receive_title(), text: `${m.site_delivery_ein_arrival()} ${m.site_landing_step_receive_text()}` },
  ] as const;
}

/** Facts that hold from the first order, then the operator's own figures when configured. */
function facts(claims: SiteClaims): { value: string; label: string }[] {
  const tag = messagesTag();
  const irsCharge = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(0);
  return [
    { value: m.site_landing_fact_day_value(), label: m.site_landing_fact_day_label() },
    { value: m.site_landing_fact_steps_value(), label: m.site_landing_fact_steps_label() },
    { value: irsCharge, label: m.site_landing_fact_irs_label() },
    ...(claims.businessesServed === null ? [] : [{ value: formatCount(claims.businessesServed, tag), label: m.site_landing_fact_served_label() }]),
    ...(claims.successRatePercent === null
      ? []
      : [{ value: `${formatFigure(claims.successRatePercent)}%`, label: m.site_landing_fact_accepted_label() }]),
  ];
}

// Whole class names, for Tailwind to find: as many columns as facts on large screens.
const factColumns: Record<number, string> = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5' };

/** The configured rating, always with how many reviews it averages and a link to where they are. */
function RatingWithSource({ rating }: { rating: NonNullable<SiteClaims['rating']> }) {
  const tag = messagesTag();
  return (
    <>
      {withParts(m.site_landing_rating, {
        value: formatFigure(rating.value),
        count: formatCount(rating.reviewCount, tag),
        source: (
          <a href={rating.sourceUrl} rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            {sourceSiteName(rating.sourceUrl)}
          </a>
        ),
      })}
    </>
  );
}

const sectionClass = 'scroll-mt-28 px-4 py-16 sm:px-6 md:scroll-mt-20 lg:px-8 lg:py-20';

function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-slate-600">{intro}</p>
    </div>
  );
}

function IconCard({ item }: { item: IconItem }) {
  const Icon = item.icon;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
      <p className="mt-2 text-slate-600">{item.text}</p>
    </li>
  );
}

/** Scrolls to the section named by the URL hash once the page has laid out, and on every hash change. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const timer = window.setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, hashScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

export function LandingPage() {
  useScrollToHash();
  const { siteUrl, priceCents, claims } = usePublicConfig();
  const localized = useLocalizedPath();
  const tag = messagesTag();
  const factList = facts(claims);
  return (
    <PublicLayout>
      <PageMeta
        title={`${siteName}: ${m.site_delivery_badge().toLowerCase()}`}
        description={serviceDescription()}
        path={paths.home}
        structuredData={[filingService({ siteUrl, priceCents, claims })]}
      />

      <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 to-white px-4 pt-12 pb-14 sm:px-6 lg:px-8 lg:pt-20">
        <div className="mx-auto grid max-w-7xl items-center gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
              <Building className="size-4" aria-hidden="true" />
              {m.site_landing_for_businesses()}
            </p>
            <h1 id="hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              {m.site_delivery_headline_lead()} <span className="whitespace-nowrap text-brand-600">{m.site_delivery_headline_highlight()}</span>
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-700">
              {m.site_landing_hero_text()}
            </p>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label={m.site_landing_ticks_label()}>
              {heroTicks().map((tick) => (
                <li key={tick} className="flex items-center gap-2 font-medium text-slate-800">
                  <CircleCheck className="size-5 shrink-0 text-green-700" aria-hidden="true" />
                  {tick}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={localized(paths.wizardStart)} size="lg">
                {m.site_landing_start()}
              </ButtonLink>
              <ButtonLink to={localized(paths.track)} size="lg" variant="secondary">
                {m.site_landing_track()}
              </ButtonLink>
            </div>
          </div>

          <aside aria-label={m.site_landing_aside_label()} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
            <ServiceFee headingId="fee-title" />
            <p className="mt-6 border-t border-slate-200 pt-5 font-semibold text-slate-900">{m.site_landing_before_start()}</p>
            <ul className="mt-3 space-y-3 text-sm text-slate-700">
              <li className="flex gap-3">
                <Clock className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {m.site_landing_before_minutes()}
              </li>
              <li className="flex gap-3">
                <Briefcase className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {m.site_landing_before_ready()}
              </li>
              <li className="flex gap-3">
                <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {m.site_landing_before_ssn()}
              </li>
              <li className="flex gap-3">
                <Globe className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {m.site_delivery_abroad()}
              </li>
            </ul>
          </aside>
        </div>

        <div className="mx-auto mt-10 max-w-7xl">
          <p
            data-testid="irs-disclosure"
            className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm leading-6 text-slate-800"
          >
            <Info className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
            <span>
              <strong className="font-semibold">{m.site_landing_note_label()}</strong>{' '}
              {withParts(m.site_landing_note, {
                irsLink: (
                  <a href={irsWebsite} className="font-medium text-brand-700 underline" rel="noopener noreferrer">
                    irs.gov
                  </a>
                ),
              })}
            </span>
          </p>
        </div>
      </section>

      <section aria-label={m.site_landing_trust_label()} className="border-y border-slate-200 bg-white px-4 py-6 sm:px-6 lg:px-8">
        <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-x-8 gap-y-3 text-sm font-semibold text-slate-700">
          {trustBadges().map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-5 text-brand-600" aria-hidden="true" />
              {label}
            </li>
          ))}
          {claims.businessesServed === null ? null : (
            <li className="flex items-center gap-2">
              <Users className="size-5 text-brand-600" aria-hidden="true" />
              {m.site_landing_businesses_served({ count: formatCount(claims.businessesServed, tag) })}
            </li>
          )}
          {claims.rating ? (
            <li className="flex items-center gap-2">
              <Star className="size-5 text-brand-600" aria-hidden="true" />
              <span>
                <RatingWithSource rating={claims.rating} />
              </span>
            </li>
          ) : null}
        </ul>
      </section>

      <section aria-labelledby="need-ein-title" className={`${sectionClass} bg-slate-50`}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="need-ein-title"
            title={m.site_landing_need_title()}
            intro={m.site_landing_need_intro()}
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {situations().map((item) => (
              <IconCard key={item.title} item={item} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-choose-title" className={sectionClass}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="why-choose-title"
            title={m.site_landing_why_title()}
            intro={m.site_landing_why_intro()}
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {benefits(claims).map((item) => (
              <IconCard key={item.title} item={item} />
            ))}
          </ul>
        </div>
      </section>

      <section id="process" aria-labelledby="process-title" className={`${sectionClass} bg-brand-50`}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="process-title"
            title={m.site_landing_process_title()}
            intro={m.site_landing_process_intro()}
          />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {processSteps().map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
                <span className="flex size-11 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <Icon className="size-5 text-brand-600" aria-hidden="true" />
                  {title}
                </h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 text-center">
            <ButtonLink to={localized(paths.wizardStart)} size="lg">
              {m.site_landing_start()}
            </ButtonLink>
          </div>
        </div>
      </section>

      {showsReviews(claims) ? (
        <section id="testimonials" aria-labelledby="testimonials-title" className={sectionClass}>
          <div className="mx-auto max-w-7xl">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                {m.site_landing_reviews_title()}
              </h2>
              <p className="mt-4 text-lg text-slate-600">
                {claims.rating ? (
                  <>
                    <RatingWithSource rating={claims.rating} />.
                  </>
                ) : (
                  m.site_landing_reviews_own_words()
                )}
              </p>
            </div>
            {claims.testimonials.length > 0 ? (
              <div className="mt-12">
                <ReviewsCarousel testimonials={claims.testimonials} />
              </div>
            ) : null}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="facts-title" className="bg-brand-700 px-4 py-14 text-white sm:px-6 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <h2 id="facts-title" className="sr-only">
            {m.site_landing_facts_title()}
          </h2>
          <dl className={`grid grid-cols-2 gap-8 text-center sm:grid-cols-3 ${factColumns[factList.length] ?? ''}`}>
            {factList.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-sm text-brand-50">{fact.label}</dt>
                <dd className="text-3xl font-extrabold sm:text-4xl">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </PublicLayout>
  );
}
