import { useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import {
  Award,
  Briefcase,
  Building,
  CircleCheck,
  Clock,
  FileText,
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
  Zap,
} from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { PublicLayout } from '../../components/layout/public-layout';
import { paths } from '../../paths';
import { ReviewsCarousel } from './reviews-carousel';
import { PageMeta } from '../../components/seo/page-meta';
import type { StructuredData } from '../../components/seo/structured-data';
import { usePublicConfig } from '../../lib/public-config';
import { deliveryPromise } from '../../../shared/delivery-promise';

const landingDescription =
  'Private online service that prepares and files your EIN application (IRS Form SS-4) for you. Not affiliated with the IRS, which issues EINs free of charge.';

/** The service and its current price (a setting staff may change), for search results. */
function filingService(siteUrl: string, priceCents: number): StructuredData {
  return {
    '@type': 'Service',
    name: 'EIN application preparation and filing',
    serviceType: 'EIN (IRS Form SS-4) application filing',
    description: landingDescription,
    provider: { '@type': 'Organization', name: 'EIN Filing Service LLC', url: `${siteUrl}/` },
    areaServed: { '@type': 'Country', name: 'United States' },
    offers: {
      '@type': 'Offer',
      price: (priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      url: `${siteUrl}${paths.wizardStart}`,
      availability: 'https://schema.org/InStock',
    },
  };
}

/** The spec's delay before scrolling to the section named by the URL hash. */
export const hashScrollDelayMs = 100;

type IconItem = { icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>; title: string; text: string };

const heroTicks = ['IRS-approved process', deliveryPromise.badge, 'Expert support included', 'Money-back guarantee'];

const trustBadges = [
  { icon: Lock, label: 'SSL Encrypted' },
  { icon: ShieldCheck, label: 'Money-Back Guarantee' },
  { icon: Clock, label: deliveryPromise.badge },
  { icon: Star, label: '4.9/5 Rating' },
  { icon: Lock, label: 'Data Protection' },
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

const benefits: IconItem[] = [
  {
    icon: Zap,
    title: 'Fast Delivery',
    text: deliveryPromise.sentence,
  },
  {
    icon: FileText,
    title: 'Expert Review',
    text: 'Specialists check every application before filing, which prevents about 99% of rejections.',
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
    icon: Award,
    title: 'Money-Back Guarantee',
    text: 'If we miss our delivery promise, you get your money back under our refund terms.',
  },
];

const processSteps = [
  {
    icon: FileText,
    title: 'Fill Out a Simple Form',
    text: 'Answer guided questions about your business in about 5 minutes. Your progress is saved as you go.',
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

const stats = [
  { value: '50,000+', label: 'Businesses served' },
  { value: '1 day', label: 'Filed within 1 business day' },
  { value: '100%', label: 'Money-back guarantee' },
  { value: '4.9 star', label: 'Average rating from 2,847 reviews' },
] as const;

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
  const { siteUrl, priceCents } = usePublicConfig();
  return (
    <PublicLayout>
      <PageMeta
        title={`EIN Filing Service: ${deliveryPromise.badge.toLowerCase()}`}
        description={landingDescription}
        path={paths.home}
        structuredData={[filingService(siteUrl, priceCents)]}
      />

      <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 to-white px-4 pt-12 pb-14 sm:px-6 lg:px-8 lg:pt-20">
        <div className="mx-auto grid max-w-7xl items-center gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
              <Building className="size-4" aria-hidden="true" />
              Serving businesses in all 50 states
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

          <aside aria-label="Before you start" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
            <p className="text-lg font-semibold text-slate-900">Before you start</p>
            <ul className="mt-4 space-y-3 text-slate-700">
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
                The responsible party’s SSN is encrypted and never shown in full
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
              <a href="https://www.irs.gov" className="font-medium text-brand-700 underline" rel="noopener noreferrer">
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
            {benefits.map((item) => (
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

      <section id="testimonials" aria-labelledby="testimonials-title" className={sectionClass}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="testimonials-title"
            title="What Our Customers Say"
            intro="Rated 4.9 out of 5 from 2,847 reviews."
          />
          <div className="mt-12">
            <ReviewsCarousel />
          </div>
          <p className="mt-4 text-center text-sm text-slate-600">The reviews shown are sample entries.</p>
        </div>
      </section>

      <section aria-labelledby="stats-title" className="bg-brand-700 px-4 py-14 text-white sm:px-6 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <h2 id="stats-title" className="sr-only">
            Our record
          </h2>
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-brand-50">{stat.label}</dt>
                <dd className="text-3xl font-extrabold sm:text-4xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </PublicLayout>
  );
}
