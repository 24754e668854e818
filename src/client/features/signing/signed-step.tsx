import { CircleCheck, Download } from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { ButtonLink, buttonClass } from '#client/components/ui/button.tsx';
import { trackingPageHref } from '#shared/site/public-paths.ts';
import { signedCopyPath, type SignedResponse } from '#shared/signing/signing.ts';
import { LinkSupportLine } from '#client/components/link-page/link-page-steps.tsx';
import { formatLinkPageTime } from '#client/components/link-page/link-page-time.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { getLocale, m } from '#shared/i18n/messages.ts';

/**
 * The thank-you once the form is signed: when, the signer's own copy of the sealed form (for this
 * browser, which answered the SSN question), what happens next, and where to follow it.
 */
export function SignedStep({ token, signedAt, trackingNumber }: SignedResponse & { token: string }) {
  const localizedPath = useLocalizedPath();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
        <p className="flex items-start gap-3 text-slate-900">
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
          <span>
            {m.signing_done_text({ signedAt: formatLinkPageTime(new Date(signedAt), getLocale()) })}
          </span>
        </p>
        <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-4">
          <h2 className="font-semibold text-slate-900">{m.signing_copy_title()}</h2>
          <p className="text-sm text-slate-700">
            {m.signing_copy_text()}
          </p>
          <a
            href={signedCopyPath(token)}
            download
            className={buttonClass({}, 'w-fit')}
          >
            <Download className="size-4" aria-hidden="true" />
            {m.signing_copy_download()}
          </a>
        </div>
        <ButtonLink to={localizedPath(trackingPageHref(trackingNumber))} variant="secondary" className="w-fit">
          {m.signing_follow()}
        </ButtonLink>
        <LinkSupportLine offerNewLink />
      </CardContent>
    </Card>
  );
}
