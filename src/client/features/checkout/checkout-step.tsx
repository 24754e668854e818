import { WizardLoading } from '#client/components/wizard-shell/wizard-loading.tsx';
import { WizardLayout } from '#client/components/wizard-shell/wizard-layout.tsx';
import { useWizardPage } from '#client/components/wizard-shell/use-wizard-page.ts';
import { CheckoutForm } from './checkout-form';

/** Step 6, "Complete Your Order": the order summary and the payment. */
export function CheckoutStep() {
  const page = useWizardPage('checkout');
  return (
    <WizardLayout
      step={6}
      title="Complete Your Order"
      subtitle="Review your order and pay securely to submit your EIN application."
      securityNotice={
        <>
          <strong className="font-semibold">Secure checkout.</strong> Your payment is encrypted end to end. We never see or store your card
          details: they go straight to our payment processor.
        </>
      }
    >
      <title>Complete Your Order | EIN Filing Service</title>
      {page.status === 'loading' ? <WizardLoading /> : <CheckoutForm application={page.application} />}
    </WizardLayout>
  );
}
