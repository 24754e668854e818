import { Lock, RefreshCw } from 'lucide-react';
import { BrandLogo } from '../layout/site-header';
import { LanguageOffer, LanguageSwitch } from '../layout/language-switch';
import { ProgressBar, StepList } from './wizard-progress';
import { m } from '#shared/i18n/messages.ts';
import { answersKeptBadge } from './wizard-copy';

/** The brand, the language switch, "SSL Secured" and "Kept in this tab" badges (the answers live in this tab's sessionStorage, decision 052), "Step N of 6" with its bar, and the step list. */
export function WizardHeader({ step, completed }: { step: number; completed: number }) {
  return (
    <>
      <a
        href="#wizard-main"
        onClick={(event) => {
          // Move focus itself (not only the scroll position), so the next Tab continues in the form.
          const main = document.getElementById('wizard-main');
          if (!main) return;
          event.preventDefault();
          main.focus();
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {m.wizard_skip_to_form()}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <BrandLogo />
            <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
              {/* The same step in the other language: every answer, typed or saved, stays (decision 061). */}
              <LanguageSwitch className="mr-1 text-slate-700" linkClassName="text-brand-700 focus-visible:outline-brand-600" />
              <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-1 text-green-800">
                <Lock className="size-3.5" aria-hidden="true" /> {m.wizard_ssl_secured()}
              </span>
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">
                <RefreshCw className="size-3.5" aria-hidden="true" /> {answersKeptBadge()}
              </span>
            </div>
          </div>
          <div className="mt-4">
            <ProgressBar step={step} completed={completed} />
            <StepList step={step} completed={completed} />
          </div>
        </div>
      </header>
      <LanguageOffer />
    </>
  );
}
