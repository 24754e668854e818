import { describe, expect, it } from 'vitest';
import { signedCopyEmail } from './signed-copy-email';
import { signedNoticeEmail } from './signature-request-email';

// Times in the signing e-mails (decision 040): the customer's in the zone of the business address,
// named; the staff's in the business calendar's (Eastern), named; never UTC.

const expiresAt = new Date('2026-12-26T17:30:00.000Z');

describe('the times the signing e-mails give', () => {
  it("writes the signer's copy link's last moment in the business address's zone, named", async () => {
    const email = await signedCopyEmail({
      trackingNumber: 'HFE12W87EQ23',
      companyName: 'Hill Country Woodworks LLC',
      documentUrl: 'https://ein.example.com/signed-ss4/token',
      expiresAt,
      timeZone: 'America/Chicago',
      supportEmail: 'help@example.com',
    });
    for (const body of [email.text, email.html]) {
      expect(body).toContain('The link works until December 26, 2026 at 11:30 AM CST.');
      expect(body).not.toContain('UTC');
    }
  });

  it('writes Eastern time, named, when the address gives no zone (an address abroad)', async () => {
    const email = await signedCopyEmail({ trackingNumber: 'HFE12W87EQ23', companyName: null, documentUrl: 'https://x.example/t', expiresAt, supportEmail: 'help@example.com' });
    expect(email.text).toContain('December 26, 2026 at 12:30 PM EST');
  });

  it("tells the assignee when the customer signed in the business calendar's zone", async () => {
    const email = signedNoticeEmail({ assigneeName: 'Frank', trackingNumber: 'HFE12W87EQ23', signerName: 'John Public', signedAt: expiresAt, orderUrl: 'https://x.example/manage/orders/1' });
    expect(email.text).toContain('on December 26, 2026 at 12:30 PM EST');
    expect(email.text).not.toContain('UTC');
  });
});
