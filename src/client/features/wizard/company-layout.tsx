import type { ReactNode } from 'react';
import { Check, Clock, Lock, RefreshCw } from 'lucide-react';
import { IconList, type IconPoint } from '#client/components/ui/icon-list.tsx';
import { IrsNotice } from '#client/components/disclosures/irs-notice.tsx';
import { MoneyBackGuarantee } from '#client/components/disclosures/money-back-guarantee.tsx';
import { FeeLine } from '#client/components/disclosures/fee-line.tsx';
import { StepHeading } from '#client/components/wizard-shell/step-heading.tsx';
import { WizardHeader } from '#client/components/wizard-shell/wizard-header.tsx';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { useLocation } from 'react-router';
import { answersKeptBadge, answersKeptText, startedOverNotice } from '#client/components/wizard-shell/wizard-copy.ts';
import { m } from '#shared/i18n/messages.ts';

/**
 * The layout of wizard step 1: brand header with progress (step 1 of 6, none completed yet), the fee
 * and who we are before the first question, the form, and on large screens a panel on the left saying
 * what the application needs.
 */
export function CompanyLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <WizardHeader step={1} completed={0} />

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 md:py-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        {/* The form comes first for keyboard and screen-reader users; the panel shows on the left. */}
        <main id="wizard-main" tabIndex={-1} className="min-w-0 focus:outline-none lg:col-start-2 lg:row-start-1">
          <StepHeading title={title} />
          {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
          <StartedOver />
          <BeforeYouStart />
          <div className="mt-6">{children}</div>
          <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4 lg:hidden">
            <DeliveryPromise />
          </div>
        </main>
        <MarketingPanel />
      </div>
    </div>
  );
}

// Ticks, and the header's own lock and auto-save icons: step 1 loads no icon of its own (its script budget).
// Read as the panel renders, in the page's language.
const needs = (): IconPoint[] => [
  { icon: Check, title: m.wizard_start_need_formation_title(), text: m.wizard_start_need_formation_text() },
  { icon: Check, title: m.wizard_start_need_responsible_party_title(), text: m.wizard_start_need_responsible_party_text() },
  { icon: Check, title: m.wizard_start_need_contact_title(), text: m.wizard_start_need_contact_text() },
  { icon: Check, title: m.wizard_start_need_activity_title(), text: m.wizard_start_need_activity_text() },
];

const badges = (): IconPoint[] => [
  { icon: Lock, title: m.wizard_start_badge_secure_title(), text: m.wizard_start_badge_secure_text() },
  { icon: RefreshCw, title: answersKeptBadge(), text: answersKeptText() },
  { icon: Check, title: m.wizard_start_badge_ss4_title(), text: m.wizard_start_badge_ss4_text() },
];

/** "Start Your EIN Application": what to have at hand, trust badges and the delivery promise (1024 px and up). */
function MarketingPanel() {
  return (
    <aside className="hidden lg:col-start-1 lg:row-start-1 lg:block" aria-labelledby="start-your-application">
      <div className="sticky top-6 space-y-6 rounded-xl border border-slate-200 bg-white p-6">
        <div>
          <h2 id="start-your-application" className="text-xl font-bold text-slate-900">
            {m.wizard_start_panel_heading()}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m.wizard_start_panel_time()}</p>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{m.wizard_start_panel_needs()}</h3>
          <IconList points={needs()} className="mt-3 space-y-3" />
        </div>
        <IconList
          points={badges()}
          label={m.wizard_start_panel_safe()}
          className="grid gap-2"
          itemClassName="items-center rounded-lg bg-slate-50 px-3 py-2"
          iconClassName="text-green-700"
        />
        <div className="rounded-lg bg-brand-50 p-3">
          <DeliveryPromise />
        </div>
      </div>
    </aside>
  );
}

/** Before the first question: the fee and what it buys, and that we are not the IRS, which issues EINs free. */
function BeforeYouStart() {
  return (
    <section aria-label={m.wizard_start_fee_label()} className="mt-4 space-y-2 rounded-lg border border-l-4 border-amber-300 border-l-amber-500 bg-amber-50 p-4 text-sm leading-6 text-slate-800">
      <FeeLine />
      <IrsNotice />
      <p>{deliveryPromise.abroad}</p>
    </section>
  );
}

function DeliveryPromise() {
  return (
    <div className="flex gap-3 text-sm text-slate-800">
      <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="space-y-1">
        <p>
          <span className="font-semibold">{deliveryPromise.badge}</span> {m.wizard_start_of_payment()} {deliveryPromise.einArrival}
        </p>
        <p>
          <MoneyBackGuarantee />
        </p>
      </div>
    </div>
  );
}

/** Why step 1 opened instead of the later step a link named: this tab holds no answers (decision 052). */
function StartedOver() {
  const { state } = useLocation();
  if (!(state as { startedOver?: boolean } | null)?.startedOver) return null;
  return (
    <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {startedOverNotice()}
    </p>
  );
}
