import { irsWebsite, irsWebsiteName } from '#shared/site/service-fee.ts';
import { m } from '#shared/i18n/messages.ts';
import { withParts } from './message-parts';

/**
 * Who we are, said before the customer commits: a private company, not the IRS, which issues EINs free
 * at IRS.gov (linked). On the wizard's first step before the first question, beside every wizard step
 * and on step 6's order summary; the footer and the landing page say it in their own words.
 */
export function IrsNotice({ className }: { className?: string }) {
  return (
    <p className={className} data-testid="irs-notice">
      {withParts(m.site_irs_notice, {
        irsLink: (
          <a href={irsWebsite} rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            {irsWebsiteName}
          </a>
        ),
      })}
    </p>
  );
}
