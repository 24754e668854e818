import { usePublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { StaticPage, TextSection } from './static-page';

export function PrivacyPage() {
  const { supportEmail, retention } = usePublicConfig();
  const count = (value: number, unit: string) => `${value.toLocaleString('en-US')} ${unit}${value === 1 ? '' : 's'}`;
  const years = Math.round(retention.orderDays / 365);
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
        <ul>
          <li>
            If you start the payment step but do not pay, the answers you sent us, your SSN included, are deleted{' '}
            {count(retention.unpaidCheckoutHours, 'hour')} after your last attempt. That checkout can then no longer be paid, and your card is never
            charged for it; you can simply start again.
          </li>
          <li>
            For a completed or cancelled order, we keep the application about {count(years, 'year')} ({count(retention.orderDays, 'day')}) after it closed,
            to meet tax and accounting record-keeping obligations and to answer questions about past filings. Then
            your SSN, the signed Form SS-4 and the rest of your personal details are deleted; we keep only the
            amount paid, the dates, the order status and the last four digits of your EIN.
          </li>
          <li>Copies of the e-mails we send you are deleted {count(retention.mailDays, 'day')} after they were sent.</li>
          <li>Backups of our database are encrypted in the same way, and the SSNs in them cannot be read without our key.</li>
        </ul>
      </TextSection>

      <TextSection title="Your rights: a copy of your data, or its deletion">
        <p>
          You may ask us for a copy of everything we hold about you (your orders, applications with the SSN
          shown by its last four digits, the e-mails we sent you and your signatures), or ask us to delete it.
          We answer from the e-mail address you used. We can delete your data once your order is completed or
          cancelled; a paid order keeps only what accounting requires (the amount, dates, status and the last
          four digits of the EIN).
        </p>
      </TextSection>

      <TextSection title="Contact us">
        <p>
          For any question about your data, or to ask for a copy, correction or deletion of it, e-mail us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </TextSection>
    </StaticPage>
  );
}
