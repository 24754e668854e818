import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { emailKindLabel, type OrderEmail } from '#shared/fulfilment/orders.ts';
import { formatLongDateTime } from './order-formats';
import { EmailAddress } from '#client/components/ui/email-address.tsx';

const statusLabels: Record<OrderEmail['status'], { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;

/** The order's e-mails as the outbox holds them: queued, sent or failed, with attempts and the last error. */
export function OrderEmailsCard({ emails }: { emails: readonly OrderEmail[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mails</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {emails.map((email) => {
            const status = statusLabels[email.status];
            return (
              <li key={email.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{emailKindLabel(email.kind)}</span>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </p>
                <p className="mt-1 text-slate-600">
                  To <EmailAddress address={email.to} />
                </p>
                <p className="mt-1 text-slate-600">
                  {email.sentAt ? (
                    <>
                      Sent <time dateTime={email.sentAt}>{formatLongDateTime(email.sentAt)}</time> · {attemptsText(email.attempts)}
                    </>
                  ) : email.status === 'queued' && email.nextAttemptAt ? (
                    <>
                      {email.attempts === 0 ? 'Sending' : `${attemptsText(email.attempts)} · next try`}{' '}
                      <time dateTime={email.nextAttemptAt}>{formatLongDateTime(email.nextAttemptAt)}</time>
                    </>
                  ) : (
                    attemptsText(email.attempts)
                  )}
                </p>
                {email.lastError && email.status !== 'sent' ? <p className="mt-1 break-words text-red-700">Last error: {email.lastError}</p> : null}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
