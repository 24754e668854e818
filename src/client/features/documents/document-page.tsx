import { useCallback } from 'react';
import { useParams } from 'react-router';
import { Download } from 'lucide-react';
import { LinkPage, useLinkSteps, type LinkStep } from '#client/components/link-page/link-page.tsx';
import { LinkSupportLine } from '#client/components/link-page/link-page-steps.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { customerDocumentKinds, type CustomerDocumentFact, type CustomerDocumentKind } from '#shared/documents/documents.ts';
import { formatLinkPageDate } from '#client/components/link-page/link-page-time.ts';
import { getLocale, m } from '#shared/i18n/messages.ts';
import { documentFailureMessage, documentsApi, endsLink } from './documents-api';

// A customer document link (decision 037): the link's question first, as on the signing page (the
// last four digits of the SSN or ITIN, or an e-mailed code), then the document as a PDF for this
// browser. One page for every kind of document.

type VerifiedStep = { kind: 'verified'; expiresAt: string; facts: CustomerDocumentFact[] };

/** `/signed-ss4/:token` (and each other kind's path): the customer's document behind the SSN question. */
export function CustomerDocumentPage({ kind }: { kind: CustomerDocumentKind }) {
  const { token = '' } = useParams();
  const details = customerDocumentKinds[kind];
  const open = useCallback(async (): Promise<LinkStep | VerifiedStep> => {
    const start = await documentsApi.start(kind, token);
    return start.state === 'verify' ? { kind: 'verify', question: start.question ?? 'ssn' } : { kind: 'verified', expiresAt: start.expiresAt, facts: start.facts ?? [] };
  }, [kind, token]);
  const [step, setStep] = useLinkSteps<VerifiedStep>(open, documentFailureMessage);

  const heading = step.kind === 'unavailable' ? m.documents_unavailable_heading() : step.kind === 'verify' ? m.links_verify_heading() : details.title;

  return (
    <LinkPage
      heading={heading}
      step={step}
      verify={{
        title: m.documents_verify_title(),
        lead: m.documents_verify_lead(),
        verify: async (answer) => {
          const verified = await documentsApi.verify(kind, token, answer);
          setStep({ kind: 'verified', expiresAt: verified.expiresAt, facts: verified.facts ?? [] });
        },
        sendCode: () => documentsApi.sendCode(kind, token),
        endsLink,
        onUnavailable: (message) => setStep({ kind: 'unavailable', message }),
        failureMessage: documentFailureMessage,
      }}
    >
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
            <p className="text-sm text-slate-700">{m.documents_works_until({ date: formatLinkPageDate(new Date(step.expiresAt), getLocale()) })}</p>
            <LinkSupportLine offerNewLink={false} />
          </CardContent>
        </Card>
      ) : null}
    </LinkPage>
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
