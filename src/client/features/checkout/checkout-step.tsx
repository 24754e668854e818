import { WizardLoading } from '#client/components/wizard-shell/wizard-loading.tsx';
import { WizardLayout } from '#client/components/wizard-shell/wizard-layout.tsx';
import { useWizardPage } from '#client/components/wizard-shell/use-wizard-page.ts';
import { m } from '#shared/i18n/messages.ts';
import { CheckoutForm } from './checkout-form';

/** Step 6, "Complete Your Order": the order summary and the payment. */
export function CheckoutStep() {
  const page = useWizardPage('checkout');
  return (
    <WizardLayout
      step={6}
      title={m.checkout_step_title()}
      subtitle={m.checkout_step_subtitle()}
      securityNotice={
        <>
          <strong className="font-semibold">{m.checkout_secure_lead()}</strong> {m.checkout_secure_text()}
        </>
      }
    >
      <title>{m.checkout_step_page_title()}</title>
      {page.status === 'loading' ? <WizardLoading /> : <CheckoutForm application={page.application} />}
    </WizardLayout>
  );
}
