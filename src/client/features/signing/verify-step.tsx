import { LockKeyhole } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LinkQuestionForm, linkQuestionPrompt } from '../../components/link-question/link-question-form';
import type { SigningReviewResponse } from '../../../shared/signing/signing';
import type { VerificationQuestion } from '../../../shared/ssn-last-four';
import { endsSigning, signingApi, signingFailureMessage } from './signing-api';

type VerifyStepProps = {
  token: string;
  question: VerificationQuestion;
  onVerified: (review: SigningReviewResponse) => void;
  onUnavailable: (message: string) => void;
};

/**
 * Before the form is shown: the last four digits of the responsible party's SSN or ITIN, or a code
 * e-mailed to the order's address for a responsible party with neither.
 */
export function VerifyStep({ token, question, onVerified, onUnavailable }: VerifyStepProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole className="size-5 text-brand-600" aria-hidden="true" />
          Your form holds private details
        </CardTitle>
        <CardDescription>Before we show it, confirm it is you. {linkQuestionPrompt(question)}</CardDescription>
      </CardHeader>
      <CardContent>
        <LinkQuestionForm
          question={question}
          verify={async (answer) => onVerified(await signingApi.verify(token, answer))}
          sendCode={() => signingApi.sendCode(token)}
          endsLink={endsSigning}
          onUnavailable={onUnavailable}
          failureMessage={signingFailureMessage}
        />
      </CardContent>
    </Card>
  );
}
