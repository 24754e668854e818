import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PublicLayout } from '../layout/public-layout';
import type { VerificationQuestion } from '#shared/ssn-last-four.ts';
import { LinkUnavailableCard, LinkVerifyCard, type LinkVerifyCardProps } from './link-page-steps';
import { m } from '#shared/i18n/messages.ts';

// The page behind a link e-mailed to a customer (the signing page, the document pages): it opens the
// link, then asks its question, or says why the link cannot be used, before the page's own steps.

/** The steps every link page has before its own: opening, the link unusable, and its question. */
export type LinkStep = { kind: 'loading' } | { kind: 'unavailable'; message: string } | { kind: 'verify'; question: VerificationQuestion };

/**
 * The page's step, starting with opening the link: `open` (stable: memoise it on the token) answers
 * the first step after loading; a refusal shows the link unavailable with `failureMessage`'s words.
 */
export function useLinkSteps<Step extends { kind: string }>(open: () => Promise<LinkStep | Step>, failureMessage: (error: unknown) => string) {
  const [step, setStep] = useState<LinkStep | Step>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    open().then(
      (opened) => !cancelled && setStep(opened),
      (error: unknown) => !cancelled && setStep({ kind: 'unavailable', message: failureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [open, failureMessage]);
  return [step, setStep] as const;
}

export type LinkPageProps = {
  /** The current step's heading, also the document's title. */
  heading: string;
  step: LinkStep | { kind: string };
  /** Shown above the heading (the signing page's steps); given, even empty, the heading keeps a space above it. */
  above?: ReactNode;
  /** The link's question, when `step` asks it. */
  verify: Omit<LinkVerifyCardProps, 'question'>;
  /** Whether the support line offers a new link. */
  offerNewLink?: boolean;
  /** The page's own steps. */
  children?: ReactNode;
};

/** A link page's frame: the title, the heading that takes the focus at each new step, and the loading, unavailable and question steps. */
export function LinkPage({ heading, step, above, verify, offerNewLink = false, children }: LinkPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each new step moves the focus to its heading, so screen readers and keyboards start there, and
  // brings the heading into view below the sticky header (its scroll margin is the header's height):
  // after a step at the foot of a long page, the next would otherwise sit under the header.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const element = headingRef.current;
    if (step.kind === 'loading' || !element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: 'nearest' });
  }, [step.kind]);

  return (
    <PublicLayout>
      <title>{`${heading} | EIN Filing Service`}</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        {above}
        <h1
          ref={headingRef}
          tabIndex={-1}
          className={`${above === undefined ? '' : 'mt-4 '}scroll-mt-36 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl md:scroll-mt-20`}
        >
          {heading}
        </h1>
        <div className="mt-6">
          {step.kind === 'loading' ? <LinkPageLoading /> : null}
          {isStep(step, 'unavailable') ? <LinkUnavailableCard message={step.message} offerNewLink={offerNewLink} /> : null}
          {isStep(step, 'verify') ? <LinkVerifyCard {...verify} question={step.question} /> : null}
          {children}
        </div>
      </div>
    </PublicLayout>
  );
}

/** What a link page shows while it opens its link or a step's code. */
export function LinkPageLoading() {
  return (
    <p role="status" className="text-slate-600">
      {m.links_loading()}
    </p>
  );
}

function isStep<Kind extends LinkStep['kind']>(step: LinkStep | { kind: string }, kind: Kind): step is Extract<LinkStep, { kind: Kind }> {
  return step.kind === kind;
}
