import { FileText } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { SigningReviewResponse } from '#shared/signing/signing.ts';
import { signingApi } from './signing-api';
import { m } from '#shared/i18n/messages.ts';

type ReviewStepProps = { token: string; review: SigningReviewResponse; onContinue: () => void };

/**
 * What the card says of line 7b: the number it shows masked, the SSN or the ITIN, and for a
 * responsible party with neither, why it reads "Foreign" (never an SSN they do not have).
 */
export const maskedNumberNotes = {
  ssn: m.signing_masked_ssn,
  itin: m.signing_masked_itin,
  email_code: m.signing_masked_foreign,
} as const satisfies Record<SigningReviewResponse['question'], () => string>;

/** Every line of the prepared SS-4 (the taxpayer number masked), and the form itself as a PDF. */
export function ReviewStep({ token, review, onContinue }: ReviewStepProps) {
  const lines = review.lines.filter((line) => line.value !== '');
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-700">
        {m.signing_review_intro()}
      </p>
      <a
        href={signingApi.documentUrl(token)}
        target="_blank"
        rel="noopener"
        className="inline-flex w-fit items-center gap-2 font-semibold text-brand-700 underline"
      >
        <FileText className="size-5" aria-hidden="true" />
        {m.signing_review_open_pdf()}
      </a>
      <Card>
        <CardHeader>
          <CardTitle>{m.signing_review_lines_title()}</CardTitle>
          <CardDescription>{maskedNumberNotes[review.question]()}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-200">
            {lines.map((line, index) => (
              <div key={`${line.line}-${index}`} className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
                <dt className="text-sm text-slate-600">
                  <span className="font-semibold text-slate-800">{/^\d/.test(line.line) ? m.signing_review_line({ line: line.line }) : line.line}</span>: {line.label}
                </dt>
                <dd className="text-sm font-medium break-words text-slate-900">{line.value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <div>
        <Button size="lg" onClick={onContinue}>
          {m.signing_review_continue()}
        </Button>
      </div>
    </div>
  );
}
