import { CircleCheck, Download } from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { ButtonLink, buttonClass } from '#client/components/ui/button.tsx';
import { trackingPageHref } from '#shared/site/public-paths.ts';
import { signedCopyPath, type SignedResponse } from '#shared/signing/signing.ts';
import { LinkSupportLine } from '#client/components/link-page/link-page-steps.tsx';
import { formatCustomerTime } from '#shared/customer-time.ts';

/**
 * The thank-you once the form is signed: when, the signer's own copy of the sealed form (for this
 * browser, which answered the SSN question), what happens next, and where to follow it.
 */
export function SignedStep({ token, signedAt, trackingNumber }: SignedResponse & { token: string }) {
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
        <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-4">
          <h2 className="font-semibold text-slate-900">Your copy to keep</h2>
          <p className="text-sm text-slate-700">
            The form as you signed it, with the certificate of your signature, sealed with our digital signature: a PDF reader shows any change made
            to the file after it was sealed. We also e-mailed you a link to it.
          </p>
          <a
            href={signedCopyPath(token)}
            download
            className={buttonClass({}, 'w-fit')}
          >
            <Download className="size-4" aria-hidden="true" />
            Download your signed SS-4 (PDF)
          </a>
        </div>
        <ButtonLink to={trackingPageHref(trackingNumber)} variant="secondary" className="w-fit">
          Follow your application
        </ButtonLink>
        <LinkSupportLine offerNewLink />
      </CardContent>
    </Card>
  );
}
