// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CompanyLayout } from './company-layout';
import { PublicConfigProvider } from '#client/lib/public-config.ts';
import { defaultPublicConfig } from '#shared/site/public-config.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { renderPage } from '#tests/client/render.tsx';

function renderStepOne(priceCents = defaultPublicConfig.priceCents) {
  return renderPage(
    <PublicConfigProvider value={{ ...defaultPublicConfig, priceCents }}>
      <CompanyLayout title="Company Information">
        <label>
          Legal Company Name <input name="companyName" />
        </label>
      </CompanyLayout>
    </PublicConfigProvider>,
    { url: '/ein-application-start' },
  );
}

describe('the first step’s layout', () => {
  it('says the fee from the price setting and that we are not the IRS before the first question', () => {
    renderStepOne(18900);
    const notice = screen.getByRole('region', { name: 'Our fee, and who we are' });
    expect(within(notice).getByTestId('service-fee').textContent).toMatch(/^Our fee: \$189\.00, paid once at the last step\. It buys: your Form SS-4 prepared/);
    expect(within(notice).getByTestId('irs-notice').textContent).toContain('not the IRS. The IRS issues EINs free of charge at IRS.gov');
    expect(within(notice).getByRole('link', { name: 'IRS.gov' }).getAttribute('href')).toBe('https://www.irs.gov');

    const firstQuestion = screen.getByRole('textbox', { name: 'Legal Company Name' });
    expect(notice.compareDocumentPosition(firstQuestion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says the money-back guarantee with the Terms’ condition and a link to their refund section', () => {
    renderStepOne();
    for (const mention of screen.getAllByText('Money-back guarantee:')) {
      const sentence = mention.closest('p');
      expect(sentence?.textContent).toContain(`your money back if ${deliveryPromise.refundCondition}`);
      expect(within(sentence as HTMLElement).getByRole('link', { name: 'refund terms' }).getAttribute('href')).toBe('/terms#refunds');
    }
  });
});
