import { Link } from 'react-router';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { withParts } from '#client/components/disclosures/message-parts.tsx';
import { paths } from '#client/paths.ts';
import { StaticPage, TextSection } from './static-page';
import { LegalTranslationNotice } from './legal-translation-notice';
import { refundsSectionId } from '#shared/delivery-promise.ts';
import { m } from '#shared/i18n/messages.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

export function TermsPage() {
  const { supportEmail } = usePublicConfig();
  const localized = useLocalizedPath();
  return (
    <StaticPage
      path={paths.terms}
      heading={m.site_terms_heading()}
      description={m.site_terms_description()}
      intro={
        <>
          <LegalTranslationNotice path={paths.terms} message={m.site_legal_translation_terms} />
          <p>{m.site_terms_intro()}</p>
        </>
      }
    >
      <TextSection title={m.site_terms_service_title()}>
        <p>
          {withParts(m.site_terms_service_text, {
            irsLink: (
              <a href={irsWebsite} rel="noopener noreferrer">
                irs.gov
              </a>
            ),
          })}
        </p>
      </TextSection>

      <TextSection title={m.site_terms_who_title()}>
        <p>{m.site_terms_who_text()}</p>
      </TextSection>

      <TextSection title={m.site_terms_duties_title()}>
        <ul>
          <li>{m.site_terms_duties_accurate()}</li>
          <li>{m.site_terms_duties_duplicates()}</li>
          <li>{m.site_terms_duties_authorised()}</li>
        </ul>
      </TextSection>

      <TextSection title={m.site_terms_refunds_title()} id={refundsSectionId}>
        <p>{m.site_terms_refunds_lead()}</p>
        <ol className="space-y-2">
          <li>(a) {m.site_delivery_refund_condition()};</li>
          <li>{m.site_terms_refunds_error()}</li>
          <li>{m.site_terms_refunds_cancel()}</li>
        </ol>
        <p>{m.site_terms_refunds_how()}</p>
      </TextSection>

      <TextSection title={m.site_terms_data_title()}>
        <p>{withParts(m.site_terms_data_text, { privacyLink: <Link to={localized(paths.privacy)}>{m.site_link_privacy()}</Link> })}</p>
      </TextSection>

      <TextSection title={m.site_terms_disputes_title()}>
        <p>{m.site_terms_disputes_text()}</p>
      </TextSection>

      <TextSection title={m.site_terms_contact_title()}>
        <p>{withParts(m.site_terms_contact_text, { email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> })}</p>
      </TextSection>
    </StaticPage>
  );
}
