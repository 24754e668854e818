// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { mailbox, withStaffApp } from '#tests/support/staff-app.ts';
import { mailTo, purchase } from '#tests/support/orders-api.ts';
import { sampleApplication, type SampleOverrides } from '#shared/application/sample-application.ts';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import type { ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';

// The confirmation says what is true of this order: a founder in Berlin reads the end of the
// cancellation hour in Berlin's time, named, and, their form going to the IRS by fax only, is not
// promised an EIN at once; a business in Texas reads Central time and the IRS's usual turnaround.

const berlinFounder: SampleOverrides = {
  contact: { rpTaxIdType: 'none', rpSSN: '', rpItin: '', rpUsPerson: '', rpPhone: '+493012345678', phoneNumber: '+493012345678' },
  registration: { country: 'DE', city: 'Berlin', streetAddress: 'Friedrichstrasse 12', county: '', state: '', zipCode: '', province: '', postalCode: '10117' },
};

describe.each(testDatabaseKinds)('the order confirmation for the order it confirms on %s', (kind) => {
  const harness = withStaffApp(kind, { env: { PUBLIC_URL: 'https://ein.example.com' } });

  async function buy(application: unknown) {
    const email = `confirm.${randomUUID().slice(0, 8)}@example.com`;
    const { checkout } = await purchase(harness.app, harness.services, email, application);
    const confirmed = await harness.app.inject({ method: 'POST', url: '/api/payments/confirm', payload: { paymentIntentId: checkout.paymentIntentId } });
    const [mail] = mailTo(mailbox(harness.env), email);
    return { answer: confirmed.json<ConfirmPaymentResponse>(), mail: mail ?? '' };
  }

  it('gives a founder in Berlin the cancellation deadline in Berlin time, named, and promises a faxed answer only', async () => {
    const { answer, mail } = await buy(sampleApplication(berlinFounder));
    expect(answer.filingRoute).toBe('fax_only');
    expect(mail).toMatch(/until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M Central European (Standard|Summer) Time, one hour after your payment/);
    expect(mail).not.toMatch(/\d:\d{2} [AP]M E[SD]T/);
    expect(mail).toContain(deliveryPromise.irsTurnaroundByFax);
    expect(mail).not.toContain('issues the EIN at once');
  });

  it('gives a business in Texas Central time and the IRS\u2019s usual turnaround', async () => {
    const { answer, mail } = await buy(sampleApplication());
    expect(answer.filingRoute).toBe('online_or_fax');
    expect(mail).toMatch(/until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M C[SD]T, one hour after your payment/);
    expect(mail).toContain(deliveryPromise.irsTurnaround);
    expect(mail).not.toContain(deliveryPromise.irsTurnaroundByFax);
  });
});
