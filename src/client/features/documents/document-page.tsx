import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Download, LockKeyhole, TriangleAlert } from 'lucide-react';
import { PublicLayout } from '../../components/layout/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';
import { LinkQuestionForm, linkQuestionPrompt } from '../../components/link-question/link-question-form';
import { usePublicConfig } from '../../lib/public-config';
import { customerDocumentKinds, type CustomerDocumentFact, type CustomerDocumentKind } from '../../../shared/documents/documents';
import type { VerificationQuestion } from '../../../shared/ssn-last-four';
import { documentFailureMessage, documentsApi, endsLink } from './documents-api';

// A customer document link (decision 037): the link's question first, as on the signing page (the
// last four digits of the SSN or ITIN, or an e-mailed code), then the document as a PDF for this
// browser. One page for every kind of document.

type Step = { kind: 'loading' } | { kind: 'unavailable'; message: string } | { kind: 'verify'; question: VerificationQuestion } | { kind: 'verified'; expiresAt: string; facts: CustomerDocumentFact[] };

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** `/signed-ss4/:token` (and each other kind's path): the customer's document behind the SSN question. */
export function CustomerDocumentPage({ kind }: { kind: CustomerDocumentKind }) {
  const { token = '' } = useParams();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const details = customerDocumentKinds[kind];

  useEffect(() => {
    let cancelled = false;
    documentsApi.start(kind, token).then(
      (start) => !cancelled && setStep(start.state === 'verify' ? { kind: 'verify', question: start.question ?? 'ssn' } : { kind: 'verified', expiresAt: start.expiresAt, facts: start.facts ?? [] }),
      (error: unknown) => !cancelled && setStep({ kind: 'unavailable', message: documentFailureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [kind, token]);

  // Each new step moves the focus to its heading, so screen readers and keyboards start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step.kind !== 'loading') headingRef.current?.focus();
  }, [step.kind]);

  const heading = step.kind === 'unavailable' ? 'This link cannot be used' : step.kind === 'verify' ? 'Confirm it is you' : details.title;

  return (
    <PublicLayout>
      <title>{`${heading} | EIN Filing Service`}</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
          {heading}
        </h1>
        <div className="mt-6">
          {step.kind === 'loading' ? (
            <p role="status" className="text-slate-600">
              Loading...
            </p>
          ) : null}
          {step.kind === 'unavailable' ? <Unavailable message={step.message} /> : null}
          {step.kind === 'verify' ? (
            <VerifyReader
              kind={kind}
              token={token}
              question={step.question}
              onVerified={(verified) => setStep({ kind: 'verified', expiresAt: verified.expiresAt, facts: verified.facts ?? [] })}
              onUnavailable={(message) => setStep({ kind: 'unavailable', message })}
            />
          ) : null}
          {step.kind === 'verified' ? (
            <Card>
              <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
                <p className="text-slate-900">{details.intro}</p>
                {step.facts.length > 0 ? (
                  <dl className="grid gap-1">
                    {step.facts.map((fact) => (
                      <div key={fact.label} className="flex flex-wrap items-baseline gap-2">
                        <dt className="font-medium text-slate-700">{fact.label}:</dt>
                        <dd className="font-mono text-xl font-semibold tracking-wide text-slate-900">{fact.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                <a href={documentsApi.documentUrl(kind, token)} download className={buttonClass({}, 'w-fit')}>
                  <Download className="size-4" aria-hidden="true" />
                  {details.downloadLabel}
                </a>
                <p className="text-sm text-slate-700">This link works until {expiryFormat.format(new Date(step.expiresAt))}.</p>
                <SupportLine />
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </PublicLayout>
  );
}

function VerifyReader({
  kind,
  token,
  question,
  onVerified,
  onUnavailable,
}: {
  kind: CustomerDocumentKind;
  token: string;
  question: VerificationQuestion;
  onVerified: (verified: { expiresAt: string; facts?: CustomerDocumentFact[] }) => void;
  onUnavailable: (message: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole className="size-5 text-brand-600" aria-hidden="true" />
          This document holds private details
        </CardTitle>
        <CardDescription>Before we give it to you, confirm it is you. {linkQuestionPrompt(question)}</CardDescription>
      </CardHeader>
      <CardContent>
        <LinkQuestionForm
          question={question}
          verify={async (answer) => onVerified(await documentsApi.verify(kind, token, answer))}
          sendCode={() => documentsApi.sendCode(kind, token)}
          endsLink={endsLink}
          onUnavailable={onUnavailable}
          failureMessage={documentFailureMessage}
        />
      </CardContent>
    </Card>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
        <p className="flex items-start gap-3 text-slate-900">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <span>{message}</span>
        </p>
        <SupportLine />
      </CardContent>
    </Card>
  );
}

function SupportLine() {
  const { supportEmail } = usePublicConfig();
  return (
    <p className="text-slate-700">
      Need help? Write to{' '}
      <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
        {supportEmail}
      </a>
      .
    </p>
  );
}

/** `/signed-ss4/:token`: the signer's copy of the sealed SS-4. */
export function SignedSs4Page() {
  return <CustomerDocumentPage kind="signed_ss4" />;
}

/** `/ein-letter/:token`: the IRS's letter, with the EIN beside it. */
export function EinLetterPage() {
  return <CustomerDocumentPage kind="ein_letter" />;
}
