import { Link } from 'react-router';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { MoneyBackGuarantee } from '#client/components/disclosures/money-back-guarantee.tsx';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { StaticPage, TextSection } from './static-page';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { formatCount } from '#shared/site/site-claims.ts';
import { irsWebsite } from '#shared/site/service-fee.ts';

export function AboutPage() {
  const { supportEmail, claims } = usePublicConfig();
  return (
    <StaticPage
      path={paths.about}
      heading="About Us"
      description="EIN Filing Service LLC is a private company that prepares and files EIN applications for business owners. We are not the IRS, which issues EINs free of charge."
      intro={<p>We help business owners get their employer identification number without the paperwork headache.</p>}
    >
      <TextSection title="Who we are">
        <p>
          EIN Filing Service is operated by EIN Filing Service LLC, a private company. We prepare EIN applications for
          businesses in every US state, from sole proprietors and household employers to LLCs, corporations,
          partnerships, trusts and estates.
          {claims.businessesServed === null
            ? null
            : ` ${formatCount(claims.businessesServed)} businesses have used our service to get their EIN so far.`}
        </p>
      </TextSection>

      <TextSection title="What we do">
        <p>
          Applying for an EIN means completing IRS Form SS-4, and its questions about entity types, responsible
          parties and tax obligations trip up many first-time owners. We turn the form into six short, plain-English
          steps. Our specialists then review your answers and file the application for you. {deliveryPromise.sentence}{' '}
          {deliveryPromise.irsTurnaround} We e-mail your EIN as soon as it is issued, and you can follow your order with
          a 12-character tracking number.
        </p>
      </TextSection>

      <TextSection title="What we are not">
        <p>
          We are not the IRS and we are not affiliated with the IRS or any government agency. The IRS issues EINs free
          of charge, and you can apply yourself at <a href={irsWebsite} rel="noopener noreferrer">irs.gov</a>.
          Our fee pays for our preparation, review, filing and support service, not for the EIN itself.
        </p>
      </TextSection>

      <TextSection title="Our promises">
        <ul>
          <li>A review of every application before it is filed.</li>
          <li>Free resubmission if an application is rejected because of our error.</li>
          <li>
            <MoneyBackGuarantee />
          </li>
          <li>
            Your data encrypted in transit and your SSN encrypted at rest, as explained in our{' '}
            <Link to={paths.privacy}>Privacy Policy</Link>.
          </li>
        </ul>
      </TextSection>

      <TextSection title="Contact us">
        <p>
          Our support team answers e-mail around the clock: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </TextSection>

      <div className="mt-12">
        <ButtonLink to={paths.wizardStart} size="lg">
          Start Application
        </ButtonLink>
      </div>
    </StaticPage>
  );
}
