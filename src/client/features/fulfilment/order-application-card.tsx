import { useState, type ReactNode } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { reitTypeOptions } from '#shared/application/registration.ts';
import { formatUsd } from '#shared/money.ts';
import { localeNames } from '#shared/i18n/locales.ts';
import { paymentMethodName } from '#shared/orders/payment-methods.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import { paymentStatusLabel } from '#shared/refunds/refunds.ts';
import { OrderSubmissionData } from './order-submission-data';
import { DownloadSs4Link, Ss4MappingView } from './ss4-mapping-view';
import { OrderPayments } from './order-payments';
import { EmailAddress } from '#client/components/ui/email-address.tsx';
import { useOrderPermissions } from './use-order-permissions';

/** The REIT classification's label, when the application is a REIT's and says which kind. */
function reitClassification(formData: Record<string, unknown>): string | null {
  const registration = formData.registration;
  if (typeof registration !== 'object' || registration === null) return null;
  const reitType = (registration as { reitType?: unknown }).reitType;
  if (typeof reitType !== 'string' || reitType === '') return null;
  return reitTypeOptions.find((option) => option.value === reitType)?.label ?? reitType;
}

/** A paid order reads as good news; a refunded one, or anything else, needs a second look. */
function paymentBadge(paymentStatus: string) {
  const paid = paymentStatus === 'paid' || paymentStatus === 'succeeded';
  return <Badge tone={paid ? 'success' : 'warning'}>{paymentStatusLabel(paymentStatus)}</Badge>;
}

/** The right-hand card: who to contact, the application in three views, and the payment. */
export function OrderApplicationCard({ order }: { order: OrderDetail }) {
  const may = useOrderPermissions(order);
  const reit = reitClassification(order.formData);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Application Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <InfoBlock heading="Customer Contact">
          <a href={`mailto:${order.billingEmail}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
            <EmailAddress address={order.billingEmail} />
          </a>
          {/* The language the customer applied in, which their e-mails speak: named as they read it. */}
          <p className="mt-1 text-slate-600">
            Language: <span className="font-medium text-slate-900">{localeNames[order.locale]}</span>
          </p>
        </InfoBlock>

        {reit ? <InfoBlock heading="REIT Classification">{reit}</InfoBlock> : null}

        {may('ss4:download') ? <DownloadSs4Link orderId={order.id} /> : null}

        <div className="space-y-3">
          <Section title="Submission Data" defaultOpen>
            <OrderSubmissionData orderId={order.id} formData={order.formData} mayReveal={may('tax-id:reveal')} />
          </Section>
          <Section title="SS-4 Form Field Mapping">
            <Ss4MappingView formData={order.formData} designee={order.ss4Designee ?? null} />
          </Section>
          <Section title="Submission Data (Raw Data)">
            {/* Focusable so a keyboard user can scroll it; a region so it has a name to be announced by. */}
            <pre
              tabIndex={0}
              role="region"
              aria-label="Submission data as JSON"
              className="max-h-[32rem] overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {JSON.stringify(order.formData, null, 2)}
            </pre>
          </Section>
        </div>

        <InfoBlock heading="Payment Information">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Amount</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatUsd(order.amountCents)}</dd>
            <dt className="text-slate-600">Payment Status</dt>
            <dd>{paymentBadge(order.paymentStatus)}</dd>
            <dt className="text-slate-600">Payment Method</dt>
            <dd className="font-medium break-words text-slate-900">{paymentMethodName(order.paymentMethod)}</dd>
          </dl>
          <div className="mt-3">
            <OrderPayments order={order} />
          </div>
        </InfoBlock>
      </CardContent>
    </Card>
  );
}

function InfoBlock({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <div className="mt-1 text-sm text-slate-800">{children}</div>
    </section>
  );
}

/** A titled part that opens and closes; the heading holds the button, so it stays in the page outline. */
function Section({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-lg border border-slate-200">
      <h3>
        <Collapsible.Trigger className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {title}
          <ChevronDown className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="border-t border-slate-200 p-3">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
