import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { formatPrice, withParts } from '#client/components/disclosures/message-parts.tsx';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { useLocale, useLocalizedPath } from '#client/lib/locale.ts';
import { paths } from '#client/paths.ts';
import { filingService, plainText, type StructuredData } from '#client/components/seo/structured-data.ts';
import { StaticPage } from './static-page';
import { m } from '#shared/i18n/messages.ts';
import { localeTags, type Locale } from '#shared/i18n/locales.ts';
import { feeIncludes, irsWebsite, irsWebsiteName } from '#shared/site/service-fee.ts';

type Question = { question: string; answer: ReactNode };

/**
 * The questions and answers the page shows, in the page's language, which its FAQPage structured
 * data repeats. `localized` turns a path of `paths` into the page's language's.
 */
export function faqQuestions({
  supportEmail,
  priceCents,
  localized,
}: {
  supportEmail: string;
  priceCents: number;
  localized: (path: string) => string;
}): Question[] {
  const irsLink = (text: string) => (
    <a href={irsWebsite} rel="noopener noreferrer">
      {text}
    </a>
  );
  const privacyLink = <Link to={localized(paths.privacy)}>{m.site_link_privacy()}</Link>;
  const email = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  // Written out as elements, not components: the structured data reads the answers' own elements.
  return [
    {
      question: m.site_faq_ein_question(),
      answer: <p>{m.site_faq_ein_answer()}</p>,
    },
    {
      question: m.site_faq_irs_question(),
      answer: (
        <>
          <p>{withParts(m.site_faq_irs_answer_free, { irsLink: irsLink('irs.gov') })}</p>
          <p>{m.site_faq_irs_answer_fee()}</p>
        </>
      ),
    },
    {
      question: m.site_faq_cost_question(),
      answer: (
        <>
          <p>{m.site_faq_cost_answer({ price: formatPrice(priceCents) })}</p>
          <ul>
            {feeIncludes().map((item) => (
              <li key={item}>{item}.</li>
            ))}
          </ul>
          <p>{withParts(m.site_fee_irs_is_free, { irsLink: irsLink(irsWebsiteName) })}</p>
        </>
      ),
    },
    {
      question: m.site_faq_time_question(),
      answer: (
        <p>
          {m.site_delivery_sentence()} {m.site_delivery_irs_turnaround()} {m.site_faq_time_answer()}
        </p>
      ),
    },
    {
      question: m.site_faq_need_question(),
      answer: (
        <>
          <p>{m.site_faq_need_lead()}</p>
          <ul>
            <li>{m.site_faq_need_business()}</li>
            <li>{m.site_faq_need_address()}</li>
            <li>{m.site_faq_need_responsible()}</li>
            <li>{m.site_faq_need_contact()}</li>
            <li>{m.site_faq_need_activity()}</li>
          </ul>
        </>
      ),
    },
    {
      question: m.site_faq_abroad_question(),
      answer: (
        <>
          <p>{m.site_faq_abroad_answer_welcome()}</p>
          <p>{m.site_faq_abroad_answer_fax()}</p>
          <p>{m.site_faq_abroad_answer_free()}</p>
        </>
      ),
    },
    {
      question: m.site_faq_form_question(),
      answer: <p>{m.site_faq_form_answer()}</p>,
    },
    {
      question: m.site_faq_ssn_question(),
      answer: <p>{withParts(m.site_faq_ssn_answer, { privacyLink })}</p>,
    },
    {
      question: m.site_faq_refund_question(),
      answer: (
        <>
          <p>{m.site_faq_refund_lead()}</p>
          <ul>
            <li>{m.site_delivery_refund_condition()};</li>
            <li>{m.site_faq_refund_error()}</li>
            <li>{m.site_faq_refund_cancel()}</li>
          </ul>
          <p>{withParts(m.site_faq_refund_terms, { termsLink: <Link to={localized(paths.terms)}>{m.site_link_terms()}</Link> })}</p>
        </>
      ),
    },
    {
      question: m.site_faq_track_question(),
      answer: (
        <p>{withParts(m.site_faq_track_answer, { trackLink: <Link to={localized(paths.track)}>{m.site_link_track()}</Link>, email })}</p>
      ),
    },
    {
      question: m.site_faq_who_question(),
      answer: <p>{m.site_faq_who_answer()}</p>,
    },
  ];
}

/** The page's questions for search engines, in the page's language. */
function faqPage(questions: Question[], locale: Locale): StructuredData {
  return {
    '@type': 'FAQPage',
    inLanguage: localeTags[locale],
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(answer) },
    })),
  };
}

export function FaqPage() {
  const { supportEmail, priceCents, siteUrl, claims } = usePublicConfig();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const questions = faqQuestions({ supportEmail, priceCents, localized });
  return (
    <StaticPage
      path={paths.faq}
      structuredData={[faqPage(questions, locale), filingService({ siteUrl, priceCents, claims })]}
      heading={m.site_faq_heading()}
      description={m.site_faq_description()}
      intro={<p>{m.site_faq_intro({ price: formatPrice(priceCents) })}</p>}
    >
      <div className="space-y-4">
        {questions.map(({ question, answer }) => (
          <details key={question} open className="group rounded-xl border border-slate-200 bg-white shadow-sm">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="space-y-3 px-5 pb-5 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
              {answer}
            </div>
          </details>
        ))}
      </div>

      <section aria-labelledby="faq-cta-title" className="mt-12 rounded-2xl bg-brand-700 p-8 text-center text-white">
        <h2 id="faq-cta-title" className="text-2xl font-bold">
          {m.site_faq_cta_title()}
        </h2>
        <p className="mt-2 text-brand-50">{m.site_faq_cta_text()}</p>
        <ButtonLink to={localized(paths.wizardStart)} size="lg" variant="secondary" className="mt-6">
          {m.site_start_application()}
        </ButtonLink>
      </section>
    </StaticPage>
  );
}
