import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { filingService, plainText, type StructuredData } from '#client/components/seo/structured-data.ts';
import { StaticPage } from './static-page';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { formatUsd } from '#shared/money.ts';
import { feeIncludes, irsIsFree, irsWebsite } from '#shared/site/service-fee.ts';

const irsIsFreeParts = irsIsFree.split('IRS.gov');

type Question = { question: string; answer: ReactNode };

/** The questions and answers the page shows, which its FAQPage structured data repeats. */
export function faqQuestions({ supportEmail, priceCents }: { supportEmail: string; priceCents: number }): Question[] {
  return [
    {
      question: 'What is an EIN?',
      answer: (
        <p>
          An employer identification number (EIN) is a nine-digit number, written XX-XXXXXXX, that the IRS assigns to
          businesses, trusts, estates and other entities. It works like a Social Security number for your business:
          you use it on tax returns, payroll filings, bank account applications and licences.
        </p>
      ),
    },
    {
      question: 'Are you the IRS? Can I get an EIN for free?',
      answer: (
        <>
          <p>
            No, we are not the IRS. EIN Filing Service is a private company and is not affiliated with the IRS or any
            government agency. The IRS issues EINs free of charge, and you can apply yourself at{' '}
            <a href={irsWebsite} rel="noopener noreferrer">
              irs.gov
            </a>
            .
          </p>
          <p>
            Our fee pays for the service around the application: a guided form in plain English, a review of your
            answers by our specialists before filing, filing the application for you, e-mail support, status tracking
            and our delivery guarantee. The EIN itself costs nothing.
          </p>
        </>
      ),
    },
    {
      question: 'How much does your service cost?',
      answer: (
        <>
          <p>
            Our fee is {formatUsd(priceCents)}, paid once at the last step, after you have reviewed your answers. There are
            no other charges. It buys:
          </p>
          <ul>
            {feeIncludes.map((item) => (
              <li key={item}>{item}.</li>
            ))}
          </ul>
          {/* Written out, not a component: the structured data reads the answer's own elements. */}
          <p>
            {irsIsFreeParts[0]}
            <a href={irsWebsite} rel="noopener noreferrer">
              IRS.gov
            </a>
            {irsIsFreeParts[1]}
          </p>
        </>
      ),
    },
    {
      question: 'How long does it take to get my EIN?',
      answer: (
        <p>
          {deliveryPromise.sentence} {deliveryPromise.irsTurnaround} Applications that the IRS has to review by hand
          can take longer; we keep you informed by e-mail if that happens.
        </p>
      ),
    },
    {
      question: 'What information do I need to apply?',
      answer: (
        <>
          <p>Have these ready before you start:</p>
          <ul>
            <li>the legal name of the business, its structure (LLC, corporation, sole proprietor...) and its state;</li>
            <li>the business address and start date;</li>
            <li>
              the responsible party’s full name, title and Social Security number or ITIN (a responsible party outside
              the United States may have neither);
            </li>
            <li>your e-mail address and phone number;</li>
            <li>what the business does and whether you plan to hire employees in the next 12 months.</li>
          </ul>
        </>
      ),
    },
    {
      question: 'I live outside the United States. Can you get my EIN?',
      answer: (
        <>
          <p>
            Yes. Founders abroad who formed a US LLC or corporation are welcome, and no SSN or ITIN is needed: tell us
            the responsible party has neither, and give your address and phone number abroad.
          </p>
          <p>
            What changes: the IRS’s online application needs an SSN or ITIN, so we file your Form SS-4 by fax, to the
            IRS’s international fax line when the business has no office in a US state. Once it is faxed, the IRS
            answers in about 4 business days. A sole proprietor still needs an SSN or ITIN of their own.
          </p>
          <p>
            The IRS issues EINs free of charge, to founders abroad too: you can also fax the form to the IRS or apply
            by phone yourself.
          </p>
        </>
      ),
    },
    {
      question: 'How long does the application form take?',
      answer: (
        <p>
          Most people finish the six short steps in under 10 minutes. Your answers are saved in your browser as you go,
          so you can go back to an earlier step without losing anything.
        </p>
      ),
    },
    {
      question: 'Is my Social Security number secure?',
      answer: (
        <p>
          Yes. Everything you send us travels over a 256-bit SSL (TLS) connection, and the SSN is encrypted when we
          store it, as is an ITIN. Our staff see it masked; only staff handling orders can reveal it in full, and every reveal is
          logged. See our <Link to={paths.privacy}>Privacy Policy</Link> for details.
        </p>
      ),
    },
    {
      question: 'What is your refund policy?',
      answer: (
        <>
          <p>You get a full refund if:</p>
          <ul>
            <li>{deliveryPromise.refundCondition};</li>
            <li>your application is rejected because of our error; or</li>
            <li>you cancel within 1 hour of purchase, before your application has been submitted.</li>
          </ul>
          <p>
            The full conditions are in our <Link to={paths.terms}>Terms of Service</Link>.
          </p>
        </>
      ),
    },
    {
      question: 'How do I track my application?',
      answer: (
        <p>
          After payment you receive a 12-character tracking number on the confirmation page and by e-mail. Enter it on
          the <Link to={paths.track}>Track My Application</Link> page to see the current status at any time. You can
          also e-mail us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
    {
      question: 'Who needs an EIN?',
      answer: (
        <p>
          You need an EIN if your business has employees, operates as a corporation or partnership, files employment,
          excise or alcohol, tobacco and firearms tax returns, or withholds tax on income paid to non-residents. Most
          multi-member LLCs, trusts and estates need one too. Single-member LLCs and sole proprietors without employees
          often do not strictly need one, but many get one to open a business bank account or to avoid handing out
          their SSN.
        </p>
      ),
    },
  ];
}

function faqPage(questions: Question[]): StructuredData {
  return {
    '@type': 'FAQPage',
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(answer) },
    })),
  };
}

export function FaqPage() {
  const { supportEmail, priceCents, siteUrl, claims } = usePublicConfig();
  const questions = faqQuestions({ supportEmail, priceCents });
  return (
    <StaticPage
      path={paths.faq}
      structuredData={[faqPage(questions), filingService({ siteUrl, priceCents, claims })]}
      heading="Frequently Asked Questions"
      description="Answers about EINs, how our paid filing service works, what it costs, how long it takes, security, refunds and tracking. We are not the IRS, which issues EINs free of charge."
      intro={
        <p>
          Straight answers about EINs and how our service works. Our fee is {formatUsd(priceCents)}; applying directly
          with the IRS is free.
        </p>
      }
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
          Ready to get your EIN?
        </h2>
        <p className="mt-2 text-brand-50">The application takes under 10 minutes. We review and file it for you.</p>
        <ButtonLink to={paths.wizardStart} size="lg" variant="secondary" className="mt-6">
          Start Application
        </ButtonLink>
      </section>
    </StaticPage>
  );
}
