// The frame of the staff's e-mails: one simple, inline-styled HTML page (mail programs ignore
// stylesheets), the brand line, the heading and a footer note. Each composer writes only its body.
// The customer's e-mails have their own, a React Email component (customer-email-layout.tsx).

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
