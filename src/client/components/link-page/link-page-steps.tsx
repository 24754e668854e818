import { LockKeyhole, TriangleAlert } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { LinkQuestionForm, linkQuestionPrompt, type LinkQuestionFormProps } from '../link-question/link-question-form';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { m } from '#shared/i18n/messages.ts';

export type LinkVerifyCardProps = LinkQuestionFormProps & {
  /** What the link opens holds, as the card's title ("Your form holds private details"). */
  title: string;
  /** Why the question comes first ("Before we show it, confirm it is you."). */
  lead: string;
};

/** The link's question: the last four digits of the SSN or ITIN, or a code e-mailed to the order's address. */
export function LinkVerifyCard({ title, lead, ...form }: LinkVerifyCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole className="size-5 text-brand-600" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>
          {lead} {linkQuestionPrompt(form.question)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LinkQuestionForm {...form} />
      </CardContent>
    </Card>
  );
}

/** The link cannot be used (unknown, expired, locked, replaced or already used): why, and whom to ask. */
export function LinkUnavailableCard({ message, offerNewLink }: { message: string; offerNewLink: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
        <p className="flex items-start gap-3 text-slate-900">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <span>{message}</span>
        </p>
        <LinkSupportLine offerNewLink={offerNewLink} />
      </CardContent>
    </Card>
  );
}

/** Whom to write to; on a page whose link staff can send again, that they will. */
export function LinkSupportLine({ offerNewLink }: { offerNewLink: boolean }) {
  const { supportEmail } = usePublicConfig();
  return (
    <p className="text-slate-700">
      {m.links_support_lead()}{' '}
      <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
        {supportEmail}
      </a>
      {offerNewLink ? m.links_support_new_link() : '.'}
    </p>
  );
}
