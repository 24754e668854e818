import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { CircleCheck, Clock, Headphones, Lock, ShieldCheck } from 'lucide-react';
import { IconList, type IconPoint } from '../ui/icon-list';
import { IrsNotice } from '../disclosures/irs-notice';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { StepHeading } from './step-heading';
import { WizardHeader } from './wizard-header';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { formatCount, type SiteClaims } from '#shared/site/site-claims.ts';
import { m } from '#shared/i18n/messages.ts';

type WizardLayoutProps = {
  /** The page's step, 2 to 6; the completed count shown is one less. */
  step: 2 | 3 | 4 | 5 | 6;
  title: string;
  subtitle?: string;
  /** The page's security notice, shown above the form. */
  securityNotice?: ReactNode;
  children: ReactNode;
};

/** The layout of wizard steps 2 to 6: brand header with progress and step list, form, and trust sidebar. */
export function WizardLayout({ step, title, subtitle, securityNotice, children }: WizardLayoutProps) {
  const completed = step - 1;
  return (
    <div className="min-h-screen bg-slate-50">
      <WizardHeader step={step} completed={completed} />

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:grid-cols-[minmax(0,1fr)_16rem] md:py-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <main id="wizard-main" tabIndex={-1} className="min-w-0 focus:outline-none">
          <StepHeading title={title} />
          {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
          {securityNotice ? <SecurityNotice>{securityNotice}</SecurityNotice> : null}
          <div className="mt-6">{children}</div>
          <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4 md:hidden">
            <TrustLine className="text-sm text-slate-700" />
            <SecurityPrivacyDialog />
          </div>
        </main>
        <TrustSidebar />
      </div>
    </div>
  );
}

export function SecurityNotice({ children }: { children: ReactNode }) {
  return (
    <div className="mt-4 flex gap-3 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/** The sidebar's points: the operator's success rate only when configured (decision 035). */
function trustPoints(claims: SiteClaims): IconPoint[] {
  return [
    { icon: Lock, title: m.wizard_trust_ssl_title(), text: m.wizard_trust_ssl_text() },
    claims.successRatePercent === null
      ? { icon: CircleCheck, title: m.wizard_trust_checked_title(), text: m.wizard_trust_checked_text() }
      : { icon: CircleCheck, title: m.wizard_trust_success_rate_title({ percent: claims.successRatePercent }), text: m.wizard_trust_success_rate_text() },
    { icon: Clock, title: deliveryPromise.badge, text: deliveryPromise.einArrival },
    { icon: Headphones, title: m.wizard_trust_support_title(), text: m.wizard_trust_support_text() },
  ];
}

/** One line on who we serve: the operator's count of businesses when configured. */
function TrustLine({ className }: { className: string }) {
  const { claims } = usePublicConfig();
  return (
    <p className={className}>
      {claims.businessesServed === null
        ? m.wizard_trust_line()
        : m.wizard_trust_line_count({ count: formatCount(claims.businessesServed) })}
    </p>
  );
}

/** "Why Trust Us?" beside the form on wide screens (768 px and up). */
function TrustSidebar() {
  const { claims } = usePublicConfig();
  return (
    <aside className="hidden md:block" aria-labelledby="why-trust-us">
      <div className="sticky top-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="why-trust-us" className="text-base font-semibold text-slate-900">
          {m.wizard_trust_heading()}
        </h2>
        <TrustLine className="mt-1 text-sm text-slate-600" />
        <IconList points={trustPoints(claims)} className="mt-4 space-y-4" />
        <SecurityPrivacyDialog />
        <IrsNotice className="mt-5 border-t border-slate-200 pt-4 text-xs text-slate-600" />
      </div>
    </aside>
  );
}

const SecurityPrivacyDetails = lazy(() => import('./security-privacy-details').then((module) => ({ default: module.SecurityPrivacyDetails })));

/**
 * "Security & Privacy": the button is part of the page, the dialog's code (Radix) is loaded when it is
 * first pressed, so the wizard pages do not carry it. Closing returns focus to the button.
 */
export function SecurityPrivacyDialog() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        <ShieldCheck className="size-4" aria-hidden="true" /> {m.wizard_privacy_title()}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SecurityPrivacyDetails open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
