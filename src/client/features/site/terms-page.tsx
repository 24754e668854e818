import { Link } from 'react-router';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { StaticPage, TextSection } from './static-page';
import { deliveryPromise, refundsSectionId } from '#shared/delivery-promise.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

export function TermsPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <StaticPage
      path={paths.terms}
      heading="Terms of Service"
      description="The terms for using EIN Filing Service, a paid private service that prepares and files EIN applications: eligibility, your responsibilities, refunds, data retention and disputes."
      intro={
        <p>
          These terms apply when you use the EIN Filing Service website and buy our service from EIN Filing Service LLC
          (“we”, “us”). By starting an application you accept them.
        </p>
      }
    >
      <TextSection title="1. Our service">
        <p>
          We are a private, paid service that prepares your EIN application (IRS Form SS-4) from your answers, reviews
          it and files it with the IRS for you. We are not the IRS and we are not affiliated with the IRS or any
          government agency. The IRS issues EINs free of charge, and you may apply directly at{' '}
          <a href={irsWebsite} rel="noopener noreferrer">irs.gov</a> instead. Our fee pays for our
          preparation, review, filing and support service, not for the EIN itself.
        </p>
      </TextSection>

      <TextSection title="2. Who may use the service">
        <p>You must be at least 18 years old to use the service.</p>
      </TextSection>

      <TextSection title="3. Your responsibilities">
        <ul>
          <li>You must give accurate, complete and truthful information; we file it as you provide it.</li>
          <li>You must not submit duplicate applications for the same entity.</li>
          <li>You must be authorised to apply for the entity and to act for its responsible party.</li>
        </ul>
      </TextSection>

      <TextSection title="4. Refunds" id={refundsSectionId}>
        <p>You are entitled to a refund if:</p>
        <ol className="space-y-2">
          <li>
            (a) {deliveryPromise.refundCondition};
          </li>
          <li>(b) your application is rejected because of our error; or</li>
          <li>(c) you cancel within 1 hour of purchase, before your application has been submitted.</li>
        </ol>
        <p>
          If your application is rejected because of our error, you may instead ask us to resubmit it at no charge. To
          ask for a refund or to cancel, e-mail us with your tracking number.
        </p>
      </TextSection>

      <TextSection title="5. Your data">
        <p>
          We keep your personal data for about 7 years and protect it as described in our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </TextSection>

      <TextSection title="6. Disputes">
        <p>
          Any dispute arising from these terms or the service will be resolved by binding arbitration rather than in
          court. Please contact us first: most questions can be settled quickly by e-mail.
        </p>
      </TextSection>

      <TextSection title="7. Contact">
        <p>
          E-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. EIN Filing Service LLC.
        </p>
      </TextSection>
    </StaticPage>
  );
}
