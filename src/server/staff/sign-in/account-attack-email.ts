import { escapeHtml, htmlEmail, type MailMessage } from '#server/email/index.ts';

export type AccountAttackEmailDetails = {
  name: string;
  /** How many wrong passwords the window allows from addresses the account has not signed in from. */
  budget: number;
  windowMinutes: number;
  /** The panel's sign-in page. */
  signInUrl: string;
};

const footer = 'You get this e-mail because you have a staff account. It is sent at most once every 15 minutes.';

/**
 * Tells a staff member that someone is guessing their password. It names no address or count beyond
 * the budget, and asks them to tell an admin if it was not them.
 */
export function accountAttackEmail({ name, budget, windowMinutes, signInUrl }: AccountAttackEmailDetails): Omit<MailMessage, 'to'> {
  const subject = 'Repeated failed sign-ins to your staff account';
  const lines = [
    `More than ${budget} wrong passwords for your account were tried within ${windowMinutes} minutes from devices you have not signed in from before.`,
    'Further guesses are slowed down. You can still sign in from a device you have used before.',
    'If this was not you, tell an administrator; if you think your password is known, change it on the My account page.',
  ];
  const text = [`Hello ${name},`, '', ...lines, '', `Sign in: ${signInUrl}`, '', footer, ''].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand: 'EIN Filing Service: Management Panel',
    heading: 'Someone is trying to sign in as you',
    footer,
    body: `<p style="margin:0 0 16px">Hello ${e(name)},</p>
${lines.map((line) => `<p style="margin:0 0 16px">${e(line)}</p>`).join('\n')}
<p style="margin:0 0 16px"><a href="${e(signInUrl)}" style="color:#1d4ed8">Go to sign-in</a></p>`,
  });
  return { subject, text, html };
}
