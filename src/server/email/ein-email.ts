import type { MailMessage } from './mailer';

export type EinEmailDetails = {
  ein: string;
  trackingNumber: string;
  /** The company the EIN was obtained for; null when the application has none. */
  companyName: string | null;
  /** The tracking page with the number filled in. */
  trackingUrl: string;
  supportEmail: string;
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

const disclosure =
  'EIN Filing Service is a private company, not the IRS or any government agency. The IRS issues EINs free of charge; our fee covered preparing, reviewing and filing your application for you.';

const keepSafe = 'Keep this number with your business records: banks, payroll providers and tax forms will ask for it.';

/**
 * The e-mail that delivers the EIN once staff complete the order. It names the company and the
 * tracking number so the customer can tell which application it answers, and nothing else of the
 * application (never the SSN).
 */
export function einEmail(details: EinEmailDetails): Omit<MailMessage, 'to'> {
  const { ein, trackingNumber, companyName, trackingUrl, supportEmail } = details;
  const subject = `Your EIN is ready: application ${trackingNumber}`;
  const forCompany = companyName ? ` for ${companyName}` : '';

  const text = [
    'Good news: the IRS has issued your Employer Identification Number (EIN).',
    '',
    `EIN${forCompany}: ${ein}`,
    `Tracking number: ${trackingNumber}`,
    '',
    keepSafe,
    '',
    `Your application's status: ${trackingUrl}`,
    '',
    `Questions? Write to ${supportEmail} and mention your tracking number.`,
    '',
    disclosure,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="margin:0 0 16px;font-weight:bold;color:#1d4ed8">EIN Filing Service</p>
<h1 style="font-size:22px;margin:0 0 16px">Your EIN is ready</h1>
<p style="margin:0 0 16px">Good news: the IRS has issued your Employer Identification Number (EIN).</p>
${companyName ? `<p style="margin:0 0 4px">Company: <strong>${e(companyName)}</strong></p>\n` : ''}<p style="margin:0 0 4px">EIN: <strong style="font-family:'Courier New',monospace;font-size:20px;letter-spacing:1px">${e(ein)}</strong></p>
<p style="margin:0 0 16px">Tracking number: <strong style="font-family:'Courier New',monospace">${e(trackingNumber)}</strong></p>
<p style="margin:0 0 16px">${e(keepSafe)}</p>
<p style="margin:0 0 16px"><a href="${e(trackingUrl)}" style="color:#1d4ed8">See your application's status</a></p>
<p style="margin:0 0 16px">Questions? Write to <a href="mailto:${e(supportEmail)}" style="color:#1d4ed8">${e(supportEmail)}</a> and mention your tracking number.</p>
<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">${e(disclosure)}</p>
</main>
</body>
</html>
`;

  return { subject, text, html };
}
