import { usePublicConfig } from '../../lib/public-config';
import { paths } from '../../paths';
import { StaticPage, TextSection } from './static-page';

export function PrivacyPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <StaticPage
      path={paths.privacy}
      heading="Privacy Policy"
      description="What personal information EIN Filing Service collects to prepare and file your EIN application, how we use and protect it, and how long we keep it."
      intro={
        <p>
          EIN Filing Service LLC (“we”, “us”) collects only what it needs to prepare and file your EIN application.
          This policy explains what that is and how we look after it.
        </p>
      }
    >
      <TextSection title="Information we collect">
        <p>When you complete an application, we collect:</p>
        <ul>
          <li>your business name and address;</li>
          <li>the responsible party’s name, Social Security number (SSN) and address;</li>
          <li>your business structure and purpose (entity type, activity and employment plans);</li>
          <li>your e-mail address and phone number;</li>
          <li>
            payment information, which is handled by our third-party payment processors: your card details go
            directly to them and are never stored on our servers.
          </li>
        </ul>
        <p>
          While you fill in the form, your answers are kept in your browser’s session storage. They reach our servers
          only when you continue to payment.
        </p>
      </TextSection>

      <TextSection title="How we use it">
        <ul>
          <li>to prepare, review and file your EIN application (IRS Form SS-4) with the IRS;</li>
          <li>to deliver your EIN and tell you about the status of your order;</li>
          <li>to take payment and handle refunds;</li>
          <li>to answer your support requests;</li>
          <li>to meet our legal and accounting obligations.</li>
        </ul>
        <p>
          We do not sell your personal information. We share it only with the IRS to file your application, and with
          the service providers that help us run the service (payment processing, e-mail delivery, hosting), each
          bound to use it only for that purpose. If we use analytics, the events we record contain no personal
          information.
        </p>
      </TextSection>

      <TextSection title="How we protect it">
        <ul>
          <li>All data travels over an encrypted 256-bit SSL (TLS) connection.</li>
          <li>The responsible party’s SSN is encrypted at rest, in our database.</li>
          <li>Staff see the SSN masked; revealing it is limited to staff handling orders, and every reveal is logged.</li>
          <li>Staff accounts are protected by passwords and access is limited by role.</li>
        </ul>
      </TextSection>

      <TextSection title="How long we keep it">
        <p>
          We keep application and order records for about 7 years, to meet tax and accounting record-keeping
          obligations and to answer questions about past filings, and then delete them.
        </p>
      </TextSection>

      <TextSection title="Contact us">
        <p>
          For any question about your data, or to ask for a copy or correction of it, e-mail us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </TextSection>
    </StaticPage>
  );
}
