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
import { filingService, serviceDescription } from '#client/components/seo/structured-data.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { formatCount, showsReviews, sourceSiteName, type SiteClaims } from '#shared/site/site-claims.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

/** The spec's delay before scrolling to the section named by the URL hash. */
export const hashScrollDelayMs = 100;

type IconItem = { icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>; title: string; text: ReactNode };

const heroTicks = [deliveryPromise.badge, 'Every answer checked before filing', 'E-mail support included', 'One fee, shown before you start'];

const trustBadges = [
  { icon: Lock, label: 'SSL Encrypted' },
  { icon: Clock, label: deliveryPromise.badge },
  { icon: ShieldCheck, label: 'Data Protection' },
] as const;

const situations: IconItem[] = [
  {
    icon: Rocket,
    title: 'Starting a New Business',
    text: 'Corporations, partnerships and most LLCs need an EIN to be recognised for federal tax purposes.',
  },
  {
    icon: UserPlus,
    title: 'Hiring Employees',
    text: 'Any business that pays wages needs an EIN to withhold and report payroll taxes.',
  },
  {
    icon: Landmark,
    title: 'Opening a Business Bank Account',
    text: 'Banks usually ask for an EIN before they open an account in the business’s name.',
  },
  {
    icon: ShieldCheck,
    title: 'Protecting Your SSN',
    text: 'Sole proprietors can give clients and vendors an EIN instead of their Social Security number.',
  },
  {
    icon: TrendingUp,
    title: 'Growing Your Business',
    text: 'Business credit, licences, permits and wholesale accounts often require an EIN.',
  },
  {
    icon: Scale,
    title: 'Staying Tax Compliant',
    text: 'Excise taxes, retirement plans and some trusts and estates require an EIN to file returns.',
  },
];

/** The success rate in words, when the operator configured it (SITE_SUCCESS_RATE). */
function acceptedFirstTime(percent: number): string {
  return `${percent}% of the applications we filed were accepted by the IRS the first time.`;
}

function benefits(claims: SiteClaims): IconItem[] {
  return [
  {
    icon: Zap,
    title: 'Fast Delivery',
    text: deliveryPromise.sentence,
  },
  {
    icon: FileText,
    title: 'Expert Review',
    text: `Specialists check every application before filing, so mistakes are caught before the IRS sees them.${
      claims.successRatePercent === null ? '' : ` ${acceptedFirstTime(claims.successRatePercent)}`
    }`,
  },
  {
    icon: RefreshCw,
    title: 'Free Resubmission',
    text: 'If an application is rejected because of our error, we correct and resubmit it at no charge.',
  },
  {
    icon: Headphones,
    title: '24/7 E-mail Support',
    text: 'Questions about a field or your order? Our team answers e-mail around the clock.',
  },
  {
    icon: Lock,
    title: 'Secure and Private',
    text: '256-bit SSL protects your details in transit, and your SSN is encrypted when stored.',
  },
  {
    icon: Wallet,
    title: 'Money-Back Guarantee',
    text: <MoneyBackGuarantee label={false} />,
  },
  ];
}

const processSteps = [
  {
    icon: FileText,
    title: 'Fill Out a Simple Form',
    text: 'Answer guided questions about your business in about 5 minutes. Your answers are kept in this browser tab as you go.',
  },
  {
    icon: Send,
    title: 'We File Within 1 Business Day',
    text: 'Our team reviews your answers and files your application with the IRS within one business day of payment.',
  },
  {
    icon: CircleCheck,
    title: 'Receive Your EIN',
    text: `${deliveryPromise.einArrival} We e-mail it to you, and you follow progress with your tracking number.`,
  },
] as const;

/** Facts that hold from the first order, then the operator's own figures when configured. */
function facts(claims: SiteClaims): { value: string; label: string }[] {
  return [
    { value: '1 day', label: 'Filed within 1 business day of payment' },
    { value: '6 steps', label: 'About 5 minutes online' },
    { value: '$0', label: 'What the IRS charges if you apply yourself' },
    ...(claims.businessesServed === null ? [] : [{ value: formatCount(claims.businessesServed), label: 'Businesses served' }]),
    ...(claims.successRatePercent === null ? [] : [{ value: `${claims.successRatePercent}%`, label: 'Accepted by the IRS the first time' }]),
  ];
}

// Whole class names, for Tailwind to find: as many columns as facts on large screens.
const factColumns: Record<number, string> = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5' };

/** The configured rating, always with how many reviews it averages and a link to where they are. */
function RatingWithSource({ rating }: { rating: NonNullable<SiteClaims['rating']> }) {
  return (
    <>
      Rated {rating.value} out of 5 from {formatCount(rating.reviewCount)} reviews on{' '}
      <a href={rating.sourceUrl} rel="noopener noreferrer" className="font-medium text-brand-700 underline">
        {sourceSiteName(rating.sourceUrl)}
      </a>
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
  const factList = facts(claims);
  return (
    <PublicLayout>
      <PageMeta
        title={`EIN Filing Service: ${deliveryPromise.badge.toLowerCase()}`}
        description={serviceDescription}
        path={paths.home}
        structuredData={[filingService({ siteUrl, priceCents, claims })]}
      />

      <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 to-white px-4 pt-12 pb-14 sm:px-6 lg:px-8 lg:pt-20">
        <div className="mx-auto grid max-w-7xl items-center gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
              <Building className="size-4" aria-hidden="true" />
              For businesses in every US state, and their founders abroad
            </p>
            <h1 id="hero-title" className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              {deliveryPromise.headline.lead} <span className="whitespace-nowrap text-brand-600">{deliveryPromise.headline.highlight}</span>
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-700">
              We prepare and file your employer identification number application (IRS Form SS-4) for you. Answer a few
              simple questions online; our specialists review and file them within one business day.
            </p>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="What you get">
              {heroTicks.map((tick) => (
                <li key={tick} className="flex items-center gap-2 font-medium text-slate-800">
                  <CircleCheck className="size-5 shrink-0 text-green-700" aria-hidden="true" />
                  {tick}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={paths.wizardStart} size="lg">
                Start Your Application
              </ButtonLink>
              <ButtonLink to={paths.track} size="lg" variant="secondary">
                Track My Application
              </ButtonLink>
            </div>
          </div>

          <aside aria-label="Our fee and what you need" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
            <ServiceFee headingId="fee-title" />
            <p className="mt-6 border-t border-slate-200 pt-5 font-semibold text-slate-900">Before you start</p>
            <ul className="mt-3 space-y-3 text-sm text-slate-700">
              <li className="flex gap-3">
                <Clock className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                Takes about 5 minutes, in six short steps
              </li>
              <li className="flex gap-3">
                <Briefcase className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                Have your business name, address and structure ready
              </li>
              <li className="flex gap-3">
                <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                The responsible party’s SSN or ITIN is encrypted and never shown in full
              </li>
              <li className="flex gap-3">
                <Globe className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {deliveryPromise.abroad}
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
              <strong className="font-semibold">Please note:</strong> EIN Filing Service is a private company and is not
              affiliated with the IRS or any government agency. The IRS issues EINs free of charge at{' '}
              <a href={irsWebsite} className="font-medium text-brand-700 underline" rel="noopener noreferrer">
                irs.gov
              </a>
              . Our fee pays for preparing, reviewing and filing your application for you.
            </span>
          </p>
        </div>
      </section>

      <section aria-label="Why customers trust us" className="border-y border-slate-200 bg-white px-4 py-6 sm:px-6 lg:px-8">
        <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-x-8 gap-y-3 text-sm font-semibold text-slate-700">
          {trustBadges.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-5 text-brand-600" aria-hidden="true" />
              {label}
            </li>
          ))}
          {claims.businessesServed === null ? null : (
            <li className="flex items-center gap-2">
              <Users className="size-5 text-brand-600" aria-hidden="true" />
              {formatCount(claims.businessesServed)} businesses served
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
            title="Do You Need an EIN?"
            intro="An employer identification number is your business’s federal tax ID. You probably need one if any of these apply."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {situations.map((item) => (
              <IconCard key={item.title} item={item} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-choose-title" className={sectionClass}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="why-choose-title"
            title="Why Choose EIN Filing Service?"
            intro="We take the guesswork out of Form SS-4 so you can get back to running your business."
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
            title="Simple 3-Step Process"
            intro="From first question to EIN in three steps, with no forms to print or mail."
          />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {processSteps.map(({ icon: Icon, title, text }, index) => (
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
            <ButtonLink to={paths.wizardStart} size="lg">
              Start Your Application
            </ButtonLink>
          </div>
        </div>
      </section>

      {showsReviews(claims) ? (
        <section id="testimonials" aria-labelledby="testimonials-title" className={sectionClass}>
          <div className="mx-auto max-w-7xl">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                What Our Customers Say
              </h2>
              <p className="mt-4 text-lg text-slate-600">
                {claims.rating ? (
                  <>
                    <RatingWithSource rating={claims.rating} />.
                  </>
                ) : (
                  'In their own words.'
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
            At a glance
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
