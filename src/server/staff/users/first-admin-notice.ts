// The first-admin notice `npm start` prints once, last, after the server is listening: in a box, so
// it stands out from the log lines above it. It goes to the console only; the log never holds it.

export type FirstAdmin = { email: string; password: string; generated: boolean };

/** Where staff change their own password once signed in. */
export const myAccountPath = '/manage/account';

/** The notice's lines, before the box. */
export function firstAdminLines(admin: FirstAdmin, siteUrl: string): string[] {
  const login = `${siteUrl}/manage/login`;
  if (!admin.generated) {
    // The operator set the address; a log collector reading the console need not keep it.
    return ['First admin created from ADMIN_EMAIL and ADMIN_PASSWORD.', '', `Sign in at ${login}`];
  }
  return [
    'First admin created. Sign in at',
    `  ${login}`,
    `  e-mail:   ${admin.email}`,
    `  password: ${admin.password}`,
    '',
    'This password is shown only now. At the first sign-in you choose',
    'your own and set up two-factor sign-in with an authenticator app.',
    `Later, change it in My account (${myAccountPath}), or run:`,
    `  npm run staff -- create-admin --email ${admin.email}`,
  ];
}

/** `lines` in a box drawn with plain ASCII (any terminal, any log collector shows it). */
export function boxed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}

export function firstAdminNotice(admin: FirstAdmin, siteUrl: string): string {
  return `\n${boxed(firstAdminLines(admin, siteUrl))}\n\n`;
}
