import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createMailer, mailFolder } from './mailer';

const message = {
  to: 'jane@example.com',
  subject: 'Your order HFE12W87EQ23',
  text: 'Thank you for your order.',
  html: '<p>Thank you for your order.</p>',
};

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file with its headers and body, in sortable names', async () => {
    const env = loadEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ein-mail-')), MAIL_FROM: 'EIN Filing Service <orders@example.com>' });
    const mailer = createMailer(env);
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });

    const files = readdirSync(mailFolder(env)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);

    const first = readFileSync(path.join(mailFolder(env), files[0]!), 'utf8');
    expect(first).toMatch(/^From: EIN Filing Service <orders@example\.com>$/m);
    expect(first).toMatch(/^To: jane@example\.com$/m);
    expect(first).toMatch(/^Subject: Your order HFE12W87EQ23$/m);
    expect(first).toContain('multipart/alternative');
    expect(first).toContain('Thank you for your order.');
    expect(first).toContain('<p>Thank you for your order.</p>');
    expect(readFileSync(path.join(mailFolder(env), files[1]!), 'utf8')).toMatch(/^Subject: Second$/m);
  });
});

describe('mailer without SMTP, a message from the outbox', () => {
  it('is written under its date and Message-ID, so sending it again replaces its copy', async () => {
    const env = loadEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ein-mail-')), MAIL_FROM: 'EIN Filing Service <orders@example.com>' });
    const mailer = createMailer(env);
    const queued = { ...message, messageId: '<4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f@example.com>', date: new Date('2026-11-28T14:05:06.789Z') };
    await mailer.send(queued);
    await mailer.send(queued);
    await mailer.send({ ...queued, messageId: '<0b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f@example.com>', subject: 'Another' });

    const files = readdirSync(mailFolder(env)).sort();
    expect(files).toEqual(['2026-11-28T14-05-06-789Z-0b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.eml', '2026-11-28T14-05-06-789Z-4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.eml']);
    const copy = readFileSync(path.join(mailFolder(env), files[1]!), 'utf8');
    expect(copy).toMatch(/^Message-ID: <4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f@example\.com>$/m);
    expect(copy).toMatch(/^Date: Sat, 28 Nov 2026 14:05:06 \+0000$/m);
  });
});

describe('mailer with SMTP_URL', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A minimal SMTP server that accepts one message and hands back what the client sent. */
  function startSmtpServer(): Promise<{ port: number; received: Promise<string> }> {
    return new Promise((resolveStart) => {
      let resolveReceived: (data: string) => void;
      const received = new Promise<string>((resolve) => (resolveReceived = resolve));
      server = createServer((socket) => {
        let buffer = '';
        let inData = false;
        let data = '';
        socket.write('220 localhost ESMTP\r\n');
        socket.on('data', (chunk) => {
          buffer += chunk.toString('utf8');
          let index;
          while ((index = buffer.indexOf('\r\n')) >= 0) {
            const line = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            if (inData) {
              if (line === '.') {
                inData = false;
                socket.write('250 OK queued\r\n');
                resolveReceived(data);
              } else data += `${line}\n`;
            } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 localhost\r\n');
            else if (/^DATA/i.test(line)) {
              inData = true;
              socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
            } else if (/^QUIT/i.test(line)) {
              socket.write('221 Bye\r\n');
              socket.end();
            } else socket.write('250 OK\r\n');
          }
        });
      });
      server.listen(0, '127.0.0.1', () => {
        const address = server!.address();
        resolveStart({ port: typeof address === 'object' && address ? address.port : 0, received });
      });
    });
  }

  it('sends through the SMTP server and writes no file', async () => {
    const { port, received } = await startSmtpServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-mail-'));
    const env = loadEnv({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, MAIL_FROM: 'orders@example.com' });
    await createMailer(env).send(message);
    const data = await received;
    expect(data).toMatch(/^To: jane@example\.com$/m);
    expect(data).toMatch(/^Subject: Your order HFE12W87EQ23$/m);
    expect(data).toContain('Thank you for your order.');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
