import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Env } from '../env';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The `Reply-To` header: where the customer's answer goes (the support address). */
  replyTo?: string;
  /** The `Message-ID` header (`<local@domain>`); the outbox gives each message one that never changes. */
  messageId?: string;
};

export type Mailer = { send(message: MailMessage): Promise<void> };

/** Where messages go without `SMTP_URL`: one `.eml` file per message, openable by any mail program. */
export function mailFolder(env: Env): string {
  return path.join(env.DATA_DIR, 'mail');
}

/** `2025-03-07T09-30-00-123Z-1a2b3c4d.eml`: sorts by time, and is a valid name on every file system. */
function emlFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Sends over `SMTP_URL` when it is set; otherwise renders each message with the same composer and
 * writes it under `DATA_DIR/mail/`, so a machine without a mail server still shows what was sent.
 */
export function createMailer(env: Env): Mailer {
  const defaults = { from: env.MAIL_FROM };

  if (env.SMTP_URL) {
    const transport = createTransport(env.SMTP_URL, defaults);
    return {
      async send(message) {
        await transport.sendMail(message);
      },
    };
  }

  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, defaults);
  const folder = mailFolder(env);
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error('The mail composer did not return the message');
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, emlFileName(new Date())), info.message, { mode: 0o600 });
    },
  };
}
