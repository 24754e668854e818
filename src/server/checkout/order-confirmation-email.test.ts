import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from './order-confirmation-email';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { seller } from '#shared/seller.ts';

const details = {
  trackingNumber: 'HFE12W87EQ23',
  amountCents: 14900,
  currency: 'usd',
  paidAt: new Date('2026-03-05T14:30:00Z'),
  paymentMethod: 'card',
  paymentReference: 'pi_test_123',
  companyName: 'Hill Country Woodworks LLC',
  trackingUrl: 'http://localhost:3000/track-application?number=HFE12W87EQ23',
  supportEmail: 'support@einfilingservice.com',
  timeZone: 'America/Chicago',
  filingRoute: 'online_or_fax' as const,
};

describe('orderConfirmationEmail', () => {
  it('gives the tracking number, a receipt, the next steps with the delivery promise, tracking link, support and disclosure in text and HTML', async () => {
    const email = await orderConfirmationEmail(details);
    expect(email.subject).toContain('HFE12W87EQ23');
    for (const body of [email.text, email.html]) {
      expect(body).toContain('HFE12W87EQ23');
      expect(body).toContain('Hill Country Woodworks LLC');
      // The receipt: date, amount, payment method, reference and the seller's name.
      expect(body).toContain('Receipt');
      // In the business address's zone, named: a Texas customer reads Central time.
      expect(body).toContain('March 5, 2026 at 8:30 AM CST');
      expect(body).not.toContain('UTC');
      expect(body).toContain('$149.00');
      expect(body).toContain('Credit/Debit Card');
      expect(body).toContain('pi_test_123');
      expect(body).toContain(seller.legalName);
      expect(body).toContain(deliveryPromise.sentence);
      expect(body).toContain(deliveryPromise.irsTurnaround);
      expect(body).toContain('support@einfilingservice.com');
      expect(body).toContain('not the IRS');
      expect(body).not.toMatch(/1-2 business days|24 hours|confirmation letter/);
    }
    expect(email.text).toContain('Sold by: EIN Filing Service LLC');
    expect(email.text).toContain('Track your application: http://localhost:3000/track-application?number=HFE12W87EQ23');
    expect(email.html).toContain('<a href="http://localhost:3000/track-application?number=HFE12W87EQ23"');
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toMatch(/<h1[^>]*>Thank you for your order<\/h1>/);
  });

  it("writes the cancellation window's end in the same zone, named", async () => {
    const email = await orderConfirmationEmail({
      ...details,
      timeZone: 'America/Los_Angeles',
      cancellation: { url: 'http://localhost:3000/cancel/abc', expiresAt: new Date('2026-07-05T15:30:00Z') },
    });
    for (const body of [email.text, email.html]) {
      expect(body).toContain('until July 5, 2026 at 8:30 AM PDT, one hour after your payment');
      expect(body).not.toContain('UTC');
    }
  });

  it('lets a long payment reference wrap inside the receipt instead of running out of a narrow card', async () => {
    const email = await orderConfirmationEmail({ ...details, paymentReference: 'pi_3QxYz0LkdIwHu7ix1AbCdEfGhIjKlMnOp' });
    expect(email.html).toMatch(/<td style="[^"]*overflow-wrap:anywhere[^"]*"><strong>pi_3QxYz0LkdIwHu7ix1AbCdEfGhIjKlMnOp<\/strong>/);
  });

  it('leaves the company out when the application names none', async () => {
    const email = await orderConfirmationEmail({ ...details, companyName: null });
    expect(email.text).toContain('Description: EIN application service\n');
  });

  it('escapes the values it puts into HTML', async () => {
    const email = await orderConfirmationEmail({ ...details, companyName: 'A & <B>', trackingUrl: 'https://example.com/?a=1&b="x"', supportEmail: 'help<b>@example.com' });
    expect(email.html).toContain('href="https://example.com/?a=1&amp;b=&quot;x&quot;"');
    expect(email.html).toContain('help&lt;b&gt;@example.com');
    expect(email.html).toContain('A &amp; &lt;B&gt;');
    expect(email.html).not.toContain('help<b>');
  });
});
