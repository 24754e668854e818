import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
  /** The `Date` header: when the outbox queued the message, the same on every attempt. */
  date?: Date;
};

export type Mailer = { send(message: MailMessage): Promise<void> };

/** Where messages go without `SMTP_URL`: one `.eml` file per message, openable by any mail program. */
export function mailFolder(env: Env): string {
  return path.join(env.DATA_DIR, 'mail');
}

/**
 * `2025-03-07T09-30-00-123Z-<id>.eml`: sorts by time, and is a valid name on every file system. A
 * message from the outbox is named by its date and Message-ID, the same on every attempt, so a message
 * sent again after a crash replaces its copy; any other by the time it is written and a random id.
 */
function emlFileName({ messageId, date }: MailMessage): string {
  const local = messageId ? /^<([^@>]+)@/.exec(messageId)?.[1]?.replace(/[^A-Za-z0-9-]/g, '') : undefined;
  const name = local && date ? local : randomBytes(4).toString('hex');
  return `${(date && local ? date : new Date()).toISOString().replace(/[:.]/g, '-')}-${name}.eml`;
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
      // Written whole under another name, then renamed: a process killed mid-write leaves no half message.
      const file = path.join(folder, emlFileName(message));
      const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, info.message, { mode: 0o600 });
      await rename(partial, file);
    },
  };
}
