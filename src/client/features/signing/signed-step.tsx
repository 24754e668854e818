import { CircleCheck } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { ButtonLink } from '../../components/ui/button';
import { trackingPageHref } from '../../../shared/site/public-paths';
import type { SignedResponse } from '../../../shared/signing/signing';
import { SupportLine } from './support-line';
import { formatCustomerTime } from '../../../shared/customer-time';

/** The thank-you once the form is signed: when, what happens next, and where to follow it. */
export function SignedStep({ signedAt, trackingNumber }: SignedResponse) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
        <p className="flex items-start gap-3 text-slate-900">
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
          <span>
            You signed your Form SS-4 on {formatCustomerTime(new Date(signedAt))}. We now file it with the IRS and will e-mail you when your EIN is
            issued. There is nothing more you need to do.
          </span>
        </p>
        <ButtonLink to={trackingPageHref(trackingNumber)} variant="secondary" className="w-fit">
          Follow your application
        </ButtonLink>
        <SupportLine />
      </CardContent>
    </Card>
  );
}
