import { Link } from 'react-router';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { MoneyBackGuarantee } from '#client/components/disclosures/money-back-guarantee.tsx';
import { messagesTag, withParts } from '#client/components/disclosures/message-parts.tsx';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { paths } from '#client/paths.ts';
import { StaticPage, TextSection } from './static-page';
import { m } from '#shared/i18n/messages.ts';
import { formatCount } from '#shared/site/site-claims.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

export function AboutPage() {
  const { supportEmail, claims } = usePublicConfig();
  const localized = useLocalizedPath();
  return (
    <StaticPage
      path={paths.about}
      heading={m.site_about_heading()}
      description={m.site_about_description()}
      intro={<p>{m.site_about_intro()}</p>}
    >
      <TextSection title={m.site_about_who_title()}>
        <p>
          {m.site_about_who_text()}
          {claims.businessesServed === null
            ? null
            : ` ${m.site_about_businesses_served({ count: formatCount(claims.businessesServed, messagesTag()) })}`}
        </p>
      </TextSection>

      <TextSection title={m.site_about_what_title()}>
        <p>
          {m.site_about_what_text()} {m.site_delivery_sentence()} {m.site_delivery_irs_turnaround()} {m.site_about_what_follow()}
        </p>
      </TextSection>

      <TextSection title={m.site_about_not_title()}>
        <p>
          {withParts(m.site_about_not_text, {
            irsLink: (
              <a href={irsWebsite} rel="noopener noreferrer">
                irs.gov
              </a>
            ),
          })}
        </p>
      </TextSection>

      <TextSection title={m.site_about_promises_title()}>
        <ul>
          <li>{m.site_about_promise_review()}</li>
          <li>{m.site_about_promise_resubmit()}</li>
          <li>
            <MoneyBackGuarantee />
          </li>
          <li>{withParts(m.site_about_promise_data, { privacyLink: <Link to={localized(paths.privacy)}>{m.site_link_privacy()}</Link> })}</li>
        </ul>
      </TextSection>

      <TextSection title={m.site_contact_us_title()}>
        <p>{withParts(m.site_about_contact_text, { email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> })}</p>
      </TextSection>

      <div className="mt-12">
        <ButtonLink to={localized(paths.wizardStart)} size="lg">
          {m.site_start_application()}
        </ButtonLink>
      </div>
    </StaticPage>
  );
}
