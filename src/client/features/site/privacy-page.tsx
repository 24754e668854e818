import { usePublicConfig } from '#client/lib/public-config.ts';
import { messagesTag, withParts } from '#client/components/disclosures/message-parts.tsx';
import { paths } from '#client/paths.ts';
import { StaticPage, TextSection } from './static-page';
import { LegalTranslationNotice } from './legal-translation-notice';
import { m } from '#shared/i18n/messages.ts';
import { formatCount } from '#shared/site/site-claims.ts';

export function PrivacyPage() {
  const { supportEmail, retention } = usePublicConfig();
  const tag = messagesTag();
  const count = (value: number, unit: typeof m.site_count_days) => unit({ count: value, formatted: formatCount(value, tag) });
  const years = Math.round(retention.orderDays / 365);
  return (
    <StaticPage
      path={paths.privacy}
      heading={m.site_privacy_heading()}
      description={m.site_privacy_description()}
      intro={
        <>
          <LegalTranslationNotice path={paths.privacy} message={m.site_legal_translation_privacy} />
          <p>{m.site_privacy_intro()}</p>
        </>
      }
    >
      <TextSection title={m.site_privacy_collect_title()}>
        <p>{m.site_privacy_collect_lead()}</p>
        <ul>
          <li>{m.site_privacy_collect_business()}</li>
          <li>{m.site_privacy_collect_responsible()}</li>
          <li>{m.site_privacy_collect_structure()}</li>
          <li>{m.site_privacy_collect_contact()}</li>
          <li>{m.site_privacy_collect_payment()}</li>
        </ul>
        <p>{m.site_privacy_collect_session()}</p>
      </TextSection>

      <TextSection title={m.site_privacy_use_title()}>
        <ul>
          <li>{m.site_privacy_use_file()}</li>
          <li>{m.site_privacy_use_deliver()}</li>
          <li>{m.site_privacy_use_payment()}</li>
          <li>{m.site_privacy_use_support()}</li>
          <li>{m.site_privacy_use_legal()}</li>
        </ul>
        <p>{m.site_privacy_use_sharing()}</p>
      </TextSection>

      <TextSection title={m.site_privacy_protect_title()}>
        <ul>
          <li>{m.site_privacy_protect_transit()}</li>
          <li>{m.site_privacy_protect_rest()}</li>
          <li>{m.site_privacy_protect_masked()}</li>
          <li>{m.site_privacy_protect_accounts()}</li>
        </ul>
      </TextSection>

      <TextSection title={m.site_privacy_keep_title()}>
        <ul>
          <li>{m.site_privacy_keep_unpaid({ hours: count(retention.unpaidCheckoutHours, m.site_count_hours) })}</li>
          <li>
            {m.site_privacy_keep_orders({ years: count(years, m.site_count_years), days: count(retention.orderDays, m.site_count_days) })}
          </li>
          <li>{m.site_privacy_keep_mail({ days: count(retention.mailDays, m.site_count_days) })}</li>
          <li>{m.site_privacy_keep_backups()}</li>
        </ul>
      </TextSection>

      <TextSection title={m.site_privacy_rights_title()}>
        <p>{m.site_privacy_rights_text()}</p>
      </TextSection>

      <TextSection title={m.site_contact_us_title()}>
        <p>{withParts(m.site_privacy_contact_text, { email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> })}</p>
      </TextSection>
    </StaticPage>
  );
}
