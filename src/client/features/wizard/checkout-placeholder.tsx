import { paths } from '../../paths';
import { WizardLayout } from './wizard-layout';
import { WizardLoading } from './wizard-form';
import { useWizardPage } from './use-wizard-page';
import { Link } from 'react-router';

/** Step 6 until the checkout lands: the answers are saved, payment is not open yet. */
export function CheckoutPlaceholder() {
  const page = useWizardPage('checkout');
  return (
    <WizardLayout step={6} title="Complete Your Order" securityNotice="Secure checkout: card details go straight to our payment processor and are never stored by us.">
      <title>Complete Your Order | EIN Filing Service</title>
      {page.status === 'loading' ? (
        <WizardLoading />
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">Your answers are saved in this browser tab. Online payment opens here shortly.</p>
          <Link to={paths.step5} className="mt-4 inline-block font-medium text-brand-700 underline">
            ← Back to Step 5
          </Link>
        </div>
      )}
    </WizardLayout>
  );
}
