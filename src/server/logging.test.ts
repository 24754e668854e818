// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '#tests/support/database.ts';
import type { Database } from './db';
import { loadEnv } from './env';
import { loggerOptions, scrubText, serializeError, serializeRequest } from './logging';

// The logger's rules on their own (the full run is in log-scan.test.ts): a failed query keeps its SQL
// and loses its parameters; error messages lose e-mail addresses, secrets and long numbers.

function capturingApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions(loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir() })), stream } });
  return { app, text: () => lines.join('') };
}

describe('the log of a failed query', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps the SQL, never the parameters', async () => {
    let failure: unknown;
    try {
      // A NUL in a parameter: PostgreSQL refuses it, and the driver's error repeats every parameter.
      await database.db.execute(sql`select ${'jane.doe@example.com'}::text as email, ${'523-41-8765'}::text as ssn, ${'Thistlewaite\u0000'}::text as name`);
    } catch (error) {
      failure = error;
    }
    expect(String((failure as Error).message)).toContain('jane.doe@example.com');

    const { app, text } = capturingApp();
    app.log.error({ err: failure }, 'request failed');
    const log = text();
    expect(log).toContain('Failed query: select $1::text as email');
    expect(log).not.toMatch(/jane\.doe|523-41-8765|Thistlewaite/);
    await app.close();
  });
});

describe('scrubText', () => {
  it('replaces e-mail addresses, secrets and numbers in any layout', () => {
    expect(scrubText('550 rejected <jane.doe@example.com> for pi_abc_secret_def and sk_test_123 ssn 523 41 8765 phone (512) 555-0193')).toBe(
      '550 rejected <[email]> for [client secret] and [secret] ssn [number] phone ([number]',
    );
    expect(scrubText('order 42 failed with code 23505')).toBe('order 42 failed with code 23505');
  });
});

describe('serializeError of something thrown that is not an Error', () => {
  it('keeps a plain object\'s message, code and stack, or its JSON, never "[object Object]"', () => {
    const withMessage = serializeError({ name: 'FaxFileMissing', message: 'outgoing/17.pdf is not here', code: 'ENOENT', stack: 'FaxFileMissing: x\n    at read (transport.ts:1:1)' });
    expect(withMessage).toMatchObject({ type: 'FaxFileMissing', message: 'outgoing/17.pdf is not here', code: 'ENOENT', stack: '    at read (transport.ts:1:1)' });
    expect(serializeError({ status: 404, reason: 'gone' })).toMatchObject({ type: 'Object', message: '{"status":404,"reason":"gone"}' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(serializeError(circular).message).toBe('{ self }');
    expect(serializeError('plain words').message).toBe('plain words');
    expect(JSON.stringify([withMessage, serializeError({ status: 404 })])).not.toContain('[object Object]');
  });
});

describe('serializeRequest', () => {
  it('logs the path without its query string', () => {
    expect(serializeRequest({ method: 'GET', url: '/ein/confirmation?payment_intent_client_secret=pi_1_secret_2&x=1', ip: '203.0.113.9' })).toEqual({
      method: 'GET',
      url: '/ein/confirmation',
      remoteAddress: '203.0.113.9',
    });
  });

  it('redacts cookies, passwords and e-mail fields wherever they are logged', () => {
    const { app, text } = capturingApp();
    app.log.info({ headers: { cookie: 'session_token=abc123' }, user: { email: 'jane.doe@example.com', password: 'hunter orchid 22 lake' } }, 'something');
    expect(text()).not.toMatch(/abc123|jane\.doe|hunter22/);
  });
});
