import { m } from '#shared/i18n/messages.ts';

/** What a wizard page shows while it finds out whether the visitor may see it. */
export function WizardLoading() {
  return (
    <p role="status" className="py-12 text-center text-slate-600">
      {m.wizard_loading()}
    </p>
  );
}
