// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { newClientAddress, withStaffApp } from '#tests/support/staff-app.ts';
import { applicationWithSsn } from '#tests/support/orders-api.ts';
import { createDocumentLink } from '../documents';
import { customerDocumentApiPath, customerDocumentLinkDays, type CustomerDocumentKind } from '#shared/documents/documents.ts';
import { emailCodeMessages, ssnLastFourMessages } from '#shared/ssn-last-four.ts';
import type { ApiErrorBody } from '#shared/errors.ts';
import { linkRateLimitedMessage } from './link-routes';

// The customer-link flow as every kind of link gets it, through the document links' routes: the
// cookie a right answer sets (to that kind's API only, until the link expires), answers no one keeps
// (refusals too), the question's messages and the per-client limit's answer.

describe.each(testDatabaseKinds)('a customer link on %s', (databaseKind) => {
  const harness = withStaffApp(databaseKind);

  async function newLink(kind: CustomerDocumentKind): Promise<string> {
    const order = await createPaidOrder(harness.database.db, { formData: applicationWithSsn(harness.services.cipher, '123456789') });
    const { pagePath } = await createDocumentLink(harness.database.db, { cipher: harness.services.cipher, kind, orderId: order.id, documentId: '1' });
    return customerDocumentApiPath(kind, pagePath.split('/').at(-1)!);
  }

  function call(method: 'GET' | 'POST', url: string, options: { payload?: unknown; cookie?: string; address?: string } = {}): Promise<LightMyRequestResponse> {
    return harness.app.inject({
      method,
      url,
      remoteAddress: options.address ?? newClientAddress(),
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
    });
  }

  const expectNoStore = (response: LightMyRequestResponse) => {
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  };

  it('sets the kind\u2019s cookie on a right answer, until the link expires, and knows the browser by it', async () => {
    const api = await newLink('ein_letter');
    const opened = await call('GET', api);
    expectNoStore(opened);
    expect(opened.json()).toMatchObject({ state: 'verify', question: 'ssn' });

    const answered = await call('POST', `${api}/verify`, { payload: { ssnLast4: '6789' } });
    expect(answered.statusCode, answered.body).toBe(200);
    expectNoStore(answered);
    const setCookie = String(answered.headers['set-cookie']);
    expect(setCookie).toMatch(/^ein_document=[^;]+; Path=\/api\/ein-letter\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeGreaterThan(customerDocumentLinkDays * 24 * 60 * 60 - 60);
    expect(maxAge).toBeLessThanOrEqual(customerDocumentLinkDays * 24 * 60 * 60);

    const cookie = setCookie.split(';')[0]!;
    expect((await call('GET', api, { cookie })).json()).toMatchObject({ state: 'verified' });
    const stranger = await call('GET', `${api}/document.pdf`, { cookie: 'ein_document=not-the-secret' });
    expect(stranger.statusCode).toBe(401);
    expectNoStore(stranger);
    expect(stranger.json<ApiErrorBody>().error.code).toBe('document_not_verified');
    // The cookie of one link opens no other.
    expect((await call('GET', await newLink('ein_letter'), { cookie })).json()).toMatchObject({ state: 'verify' });
  });

  it('gives each kind of link its own cookie path', async () => {
    const api = await newLink('signed_ss4');
    const response = await call('POST', `${api}/verify`, { payload: { ssnLast4: '6789' } });
    expect(String(response.headers['set-cookie'])).toMatch(/^ein_document=[^;]+; Path=\/api\/signed-ss4\/;/);
  });

  it('answers a wrong answer on its field, a code not asked for as a conflict, and an unknown link as unavailable, none kept', async () => {
    const api = await newLink('ein_letter');
    const wrong = await call('POST', `${api}/verify`, { payload: { ssnLast4: '0000' } });
    expect(wrong.statusCode).toBe(400);
    expectNoStore(wrong);
    expect(wrong.json<ApiErrorBody>().error).toMatchObject({ code: 'validation_failed', message: ssnLastFourMessages.wrong(4), fields: { ssnLast4: [ssnLastFourMessages.wrong(4)] } });

    const code = await call('POST', `${api}/code`);
    expect(code.statusCode).toBe(409);
    expect(code.json<ApiErrorBody>().error.message).toBe(emailCodeMessages.notAsked);

    const unknown = await call('GET', customerDocumentApiPath('ein_letter', 'x'.repeat(43)));
    expect(unknown.statusCode).toBe(410);
    expectNoStore(unknown);
    expect(unknown.json<ApiErrorBody>().error.code).toBe('document_link_unavailable');
  });

  it('limits each route per client and minute, with its message', async () => {
    const api = await newLink('ein_letter');
    const address = newClientAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) statuses.push((await call('POST', `${api}/code`, { address })).statusCode);
    expect(statuses.every((status) => status === 409)).toBe(true);
    const limited = await call('POST', `${api}/code`, { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiErrorBody>().error.message).toBe(linkRateLimitedMessage());
    // Another client, and another route for the same client, are not held back.
    expect((await call('POST', `${api}/code`)).statusCode).toBe(409);
    expect((await call('GET', api, { address })).statusCode).toBe(200);
  });
});
