import type { ReactNode } from 'react';
import { BadgeCheck, Briefcase, Building2, Clock, Lock, Mail, RefreshCw, UserRound } from 'lucide-react';
import { IconList } from '../../components/ui/icon-list';
import { privateServiceNote } from '../../components/wizard-shell/wizard-copy';
import { StepHeading } from '../../components/wizard-shell/step-heading';
import { WizardHeader } from '../../components/wizard-shell/wizard-header';
import { deliveryPromise } from '../../../shared/delivery-promise';


/**
 * The layout of wizard step 1: brand header with progress (step 1 of 6, none completed yet), the form,
 * and on large screens a panel on the left saying what the application needs.
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
          <div className="mt-6">{children}</div>
          <div className="mt-8 space-y-2 rounded-xl border border-slate-200 bg-white p-4 lg:hidden">
            <DeliveryPromise />
            <p className="text-xs text-slate-600">{privateServiceNote}</p>
          </div>
        </main>
        <MarketingPanel />
      </div>
    </div>
  );
}

const needs = [
  { icon: Building2, title: 'Company formation details', text: 'Legal name, state and type of entity' },
  { icon: UserRound, title: 'Responsible party information', text: 'Name and SSN of the owner or principal officer' },
  { icon: Mail, title: 'Contact information', text: 'Phone number and e-mail address' },
  { icon: Briefcase, title: 'Business activity details', text: 'What your business does or sells' },
];

const badges = [
  { icon: Lock, title: 'Secure connection', text: '256-bit SSL encryption' },
  { icon: RefreshCw, title: 'Auto-save', text: 'Answers are saved as you type' },
  { icon: BadgeCheck, title: 'Compliant workflow', text: 'Follows the IRS Form SS-4 rules' },
];

/** "Start Your EIN Application": what to have at hand, trust badges and the delivery promise (1024 px and up). */
function MarketingPanel() {
  return (
    <aside className="hidden lg:col-start-1 lg:row-start-1 lg:block" aria-labelledby="start-your-application">
      <div className="sticky top-6 space-y-6 rounded-xl border border-slate-200 bg-white p-6">
        <div>
          <h2 id="start-your-application" className="text-xl font-bold text-slate-900">
            Start Your EIN Application
          </h2>
          <p className="mt-1 text-sm text-slate-600">About 5 minutes in six short steps.</p>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">What You'll Need</h3>
          <IconList points={needs} className="mt-3 space-y-3" />
        </div>
        <IconList
          points={badges}
          label="Why it is safe"
          className="grid gap-2"
          itemClassName="items-center rounded-lg bg-slate-50 px-3 py-2"
          iconClassName="text-green-700"
        />
        <div className="rounded-lg bg-brand-50 p-3">
          <DeliveryPromise />
        </div>
        <p className="border-t border-slate-200 pt-4 text-xs text-slate-600">{privateServiceNote}</p>
      </div>
    </aside>
  );
}

function DeliveryPromise() {
  return (
    <p className="flex gap-3 text-sm text-slate-800">
      <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        <span className="font-semibold">{deliveryPromise.badge}</span> of payment, or your money back. {deliveryPromise.einArrival}
      </span>
    </p>
  );
}
