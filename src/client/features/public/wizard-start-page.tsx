import { PageMeta } from '../../components/seo/page-meta';
import { paths } from '../../paths';
import { CompanyStep } from '../wizard/company-step';

/** The wizard's first step as search and link previews see it: the step, with the public page's tags. */
export function WizardStartPage() {
  return (
    <>
      <PageMeta
        // The step renders its title itself, as the later steps do.
        title="Get Started | EIN Filing Service"
        titleRendered
        description="Start your EIN application: six short steps in plain English, reviewed by our specialists and filed with the IRS for you the same day."
        path={paths.wizardStart}
      />
      <CompanyStep />
    </>
  );
}
