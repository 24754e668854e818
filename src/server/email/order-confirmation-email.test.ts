import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from './order-confirmation-email';

const details = {
  trackingNumber: 'HFE12W87EQ23',
  amountCents: 14900,
  currency: 'usd',
  trackingUrl: 'http://localhost:3000/track-application?number=HFE12W87EQ23',
  supportEmail: 'support@einfilingservice.com',
};

describe('orderConfirmationEmail', () => {
  it('gives the tracking number, amount, next steps, tracking link, support and disclosure in text and HTML', () => {
    const email = orderConfirmationEmail(details);
    expect(email.subject).toContain('HFE12W87EQ23');
    for (const body of [email.text, email.html]) {
      expect(body).toContain('HFE12W87EQ23');
      expect(body).toContain('$149.00');
      expect(body).toContain('Our staff review your application.');
      expect(body).toContain('We file it with the IRS for you.');
      expect(body).toContain('Your EIN arrives by email, typically in 1-2 business days.');
      expect(body).toContain('support@einfilingservice.com');
      expect(body).toContain('not the IRS');
    }
    expect(email.text).toContain('Track your application: http://localhost:3000/track-application?number=HFE12W87EQ23');
    expect(email.html).toContain('<a href="http://localhost:3000/track-application?number=HFE12W87EQ23"');
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toMatch(/<h1[^>]*>Thank you for your order<\/h1>/);
  });

  it('escapes the values it puts into HTML', () => {
    const email = orderConfirmationEmail({ ...details, trackingUrl: 'https://example.com/?a=1&b="x"', supportEmail: 'help<b>@example.com' });
    expect(email.html).toContain('href="https://example.com/?a=1&amp;b=&quot;x&quot;"');
    expect(email.html).toContain('help&lt;b&gt;@example.com');
    expect(email.html).not.toContain('help<b>');
  });
});
