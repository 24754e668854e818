import { describe, expect, it } from 'vitest';
import { einEmail } from './ein-email';

const details = {
  ein: '12-3456789',
  trackingNumber: 'HFE12W87EQ23',
  companyName: 'Hill Country Woodworks LLC',
  trackingUrl: 'http://localhost:3000/track-application?number=HFE12W87EQ23',
  supportEmail: 'support@einfilingservice.com',
};

describe('einEmail', () => {
  it('gives the EIN, the tracking number, the company, the tracking link, support and the disclosure in text and HTML', async () => {
    const email = await einEmail(details);
    expect(email.subject).toContain('HFE12W87EQ23');
    expect(email.subject).toContain('EIN');
    for (const body of [email.text, email.html]) {
      expect(body).toContain('12-3456789');
      expect(body).toContain('HFE12W87EQ23');
      expect(body).toContain('Hill Country Woodworks LLC');
      expect(body).toContain('support@einfilingservice.com');
      expect(body).toContain('private company, not the IRS');
      expect(body).toContain('free of charge');
    }
    expect(email.text).toContain('EIN for Hill Country Woodworks LLC: 12-3456789');
    expect(email.text).toContain('http://localhost:3000/track-application?number=HFE12W87EQ23');
    expect(email.html).toContain('<a href="http://localhost:3000/track-application?number=HFE12W87EQ23"');
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toMatch(/<h1[^>]*>Your EIN is ready<\/h1>/);
  });

  it('leaves the company out when the application has none', async () => {
    const email = await einEmail({ ...details, companyName: null });
    expect(email.text).toContain('EIN: 12-3456789');
    expect(email.text).not.toContain('null');
    expect(email.html).not.toContain('Company:');
    expect(email.html).not.toContain('null');
  });

  it('escapes the values it puts into HTML', async () => {
    const email = await einEmail({ ...details, companyName: 'Smith & <Sons> "LLC"', trackingUrl: 'https://example.com/?a=1&b="x"' });
    expect(email.html).toContain('Smith &amp; &lt;Sons&gt; &quot;LLC&quot;');
    expect(email.html).not.toContain('<Sons>');
    expect(email.html).toContain('href="https://example.com/?a=1&amp;b=&quot;x&quot;"');
    expect(email.text).toContain('Smith & <Sons> "LLC"');
  });
});
