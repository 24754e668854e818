import { PageMeta } from '#client/components/seo/page-meta.tsx';
import { filingService } from '#client/components/seo/structured-data.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { paths } from '#client/paths.ts';
import { CompanyStep } from './company-step';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { m } from '#shared/i18n/messages.ts';

/** The wizard's first step as search and link previews see it: the step, with the public page's tags. */
export function WizardStartPage() {
  const hydrated = useHydrated();
  const { siteUrl, priceCents, claims } = usePublicConfig();
  return (
    <>
      <PageMeta
        // The step renders its title itself, as the later steps do.
        title={m.wizard_start_title()}
        titleRendered
        description={m.wizard_start_description({ badge: deliveryPromise.badge })}
        path={paths.wizardStart}
        structuredData={[filingService({ siteUrl, priceCents, claims })]}
      />
      {/* The form's behaviour (sections by entity type, validation, saving) needs the script: its
          fields stay disabled until the page is hydrated, so nothing typed before then is lost. */}
      <fieldset disabled={!hydrated} className="contents">
        <CompanyStep />
      </fieldset>
    </>
  );
}
