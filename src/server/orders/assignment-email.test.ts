import { describe, expect, it } from 'vitest';
import { assignmentEmail } from './assignment-email';

const details = {
  assigneeName: 'Frank Fulfiller',
  trackingNumber: 'HFE12W87EQ23',
  priority: 'rush' as const,
  dueDate: new Date('2025-03-07T09:30:00.000Z'),
  assignedBy: 'Ada Admin',
  orderUrl: 'https://ein.example.com/manage/orders/42',
};

describe('assignmentEmail', () => {
  it('gives the order number, priority, due date, who assigned it and the link in text and HTML', () => {
    const email = assignmentEmail(details);
    expect(email.subject).toBe('Order HFE12W87EQ23 has been assigned to you');
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Frank Fulfiller');
      expect(body).toContain('HFE12W87EQ23');
      expect(body).toContain('Rush');
      // 09:30 UTC is 4:30 AM in New York: the business calendar's zone, named (decision 033).
      expect(body).toContain('March 7, 2025 at 4:30 AM EST');
      expect(body).not.toContain('UTC');
      expect(body).toContain('Ada Admin assigned it to you.');
    }
    expect(email.text).toContain('Open the order: https://ein.example.com/manage/orders/42');
    expect(email.html).toContain('<a href="https://ein.example.com/manage/orders/42"');
    expect(email.html).toContain('<html lang="en">');
  });

  it('says when the order was assigned automatically, and leaves out a missing due date', () => {
    const email = assignmentEmail({ ...details, assignedBy: null, dueDate: null });
    expect(email.text).toContain('assigned to you automatically as a priority fulfiller');
    expect(email.text).not.toContain('Due:');
    expect(email.html).not.toContain('Due:');
  });

  it('escapes the values it puts into HTML', () => {
    const email = assignmentEmail({ ...details, assigneeName: '<b>Frank</b> & Co', assignedBy: 'Ada "the admin"', orderUrl: 'https://x.example/?a=1&b=2' });
    expect(email.html).toContain('&lt;b&gt;Frank&lt;/b&gt; &amp; Co');
    expect(email.html).not.toContain('<b>Frank</b>');
    expect(email.html).toContain('Ada &quot;the admin&quot; assigned it to you.');
    expect(email.html).toContain('href="https://x.example/?a=1&amp;b=2"');
  });
});
