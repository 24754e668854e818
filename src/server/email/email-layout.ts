import { seller } from '#shared/seller.ts';

// The frame every e-mail shares: one simple, inline-styled HTML page (mail programs ignore
// stylesheets), the brand line, the heading and a footer note. Each composer writes only its body.

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

export type HtmlEmailParts = {
  subject: string;
  /** The small line above the heading. */
  brand: string;
  heading: string;
  /** Already-escaped HTML of the message itself. */
  body: string;
  /** Plain text shown small under a rule at the end. */
  footer: string;
};

export function htmlEmail({ subject, brand, heading, body, footer }: HtmlEmailParts): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<main style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px;overflow-wrap:break-word">
<p style="margin:0 0 16px;font-weight:bold;color:#1d4ed8">${e(brand)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${e(heading)}</h1>
${body}
<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">${e(footer)}</p>
</main>
</body>
</html>
`;
}

/**
 * What every customer e-mail says at its foot: who sends it (the seller's company), and that it is a
 * private service, not the IRS, which issues EINs free.
 */
export const customerDisclosure = `${seller.legalName} is a private company, not the IRS or any government agency. The IRS issues EINs free of charge; our fee covers preparing, reviewing and filing your application for you.`;

/**
 * A long unbroken value (a link to paste, a payment reference) as HTML that wraps anywhere inside a
 * narrow card rather than running out of it; copied, it is unchanged.
 */
export const breakableHtml = (value: string) => `<span style="overflow-wrap:anywhere;word-break:break-all">${escapeHtml(value)}</span>`;

/** The small line above every customer e-mail's heading. */
export const customerBrand = seller.name;

/** The support line of the customer e-mails, as text and as HTML. */
export function supportLine(supportEmail: string): { text: string; html: string } {
  const e = escapeHtml;
  return {
    text: `Questions? Write to ${supportEmail} and mention your tracking number.`,
    html: `<p style="margin:0 0 16px">Questions? Write to <a href="mailto:${e(supportEmail)}" style="color:#1d4ed8">${e(supportEmail)}</a> and mention your tracking number.</p>`,
  };
}
