// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocale, m } from '#shared/i18n/messages.ts';
import { AppError } from '../errors';
import { registerErrorHandler } from './error-handler';
import { parseWith } from './parse-with';
import { localeOfAcceptLanguage, localeOfRequest, registerRequestLocale } from './request-locale';

describe('the language of an Accept-Language header', () => {
  it('is a language named exactly, in any case', () => {
    expect(localeOfAcceptLanguage('es')).toBe('es');
    expect(localeOfAcceptLanguage('en')).toBe('en');
    expect(localeOfAcceptLanguage(' ES ')).toBe('es');
  });

  it('is the most preferred language of a list that the service speaks, by its primary tag', () => {
    expect(localeOfAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeOfAcceptLanguage('fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(localeOfAcceptLanguage('en;q=0.5, es-419;q=0.7')).toBe('es');
    expect(localeOfAcceptLanguage('es;q=0.5, en-US;q=0.5')).toBe('es');
    expect(localeOfAcceptLanguage('en-US,en;q=0.9,es;q=0.8')).toBe('en');
  });

  it('is English without a header, for languages the service does not speak, a refused one or nonsense', () => {
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
    expect(localeOfAcceptLanguage('')).toBe('en');
    expect(localeOfAcceptLanguage('fr-FR,de;q=0.8')).toBe('en');
    expect(localeOfAcceptLanguage('*')).toBe('en');
    expect(localeOfAcceptLanguage('es;q=0, fr')).toBe('en');
    expect(localeOfAcceptLanguage('es;q=abc')).toBe('en');
    expect(localeOfAcceptLanguage(';;,,')).toBe('en');
  });

  it('is English for the staff panel and its calls, whatever the header says', () => {
    const spanish = { 'accept-language': 'es' };
    expect(localeOfRequest({ url: '/api/checkout', headers: spanish })).toBe('es');
    expect(localeOfRequest({ url: '/api/track/ABC?x=1', headers: spanish })).toBe('es');
    expect(localeOfRequest({ url: '/api/manage/orders?language=es', headers: spanish })).toBe('en');
    expect(localeOfRequest({ url: '/api/manage', headers: spanish })).toBe('en');
    expect(localeOfRequest({ url: '/api/auth/sign-in', headers: spanish })).toBe('en');
    expect(localeOfRequest({ url: '/manage/orders/12', headers: spanish })).toBe('en');
    // Not the panel: a customer's address that only starts with the same letters.
    expect(localeOfRequest({ url: '/api/managed-thing', headers: spanish })).toBe('es');
  });
});

describe('the messages of a request being handled', () => {
  let app: FastifyInstance;
  const nameSchema = z.object({ name: z.string({ error: () => m.layout_language_offer_close() }) });

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    registerRequestLocale(app);
    // Each answer is written after waiting, so other requests are handled in between.
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const answer = async (wait: number) => {
      await later(wait);
      return { locale: getLocale(), close: m.layout_language_offer_close() };
    };
    app.get<{ Querystring: { wait?: string } }>('/api/language', async (request) => answer(Number(request.query.wait ?? 0)));
    app.get('/api/manage/language', async () => answer(0));
    app.post('/api/name', async (request) => {
      await later(1);
      return parseWith(nameSchema, request.body);
    });
    app.get('/api/refusal', async () => {
      await later(1);
      throw new AppError('not_found', m.layout_language_offer_close());
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, language?: string) => app.inject({ method: 'GET', url, headers: language === undefined ? {} : { 'accept-language': language } });

  it('speak the language the request asks for, and English without one', async () => {
    expect((await get('/api/language', 'es')).json()).toEqual({ locale: 'es', close: 'Cerrar' });
    expect((await get('/api/language', 'es-MX,es;q=0.9')).json()).toEqual({ locale: 'es', close: 'Cerrar' });
    expect((await get('/api/language', 'en')).json()).toEqual({ locale: 'en', close: 'Close' });
    expect((await get('/api/language')).json()).toEqual({ locale: 'en', close: 'Close' });
    expect((await get('/api/language', 'fr')).json()).toEqual({ locale: 'en', close: 'Close' });
  });

  it('keep each request\'s language while requests in other languages are handled at the same time', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => get(`/api/language?wait=${(index * 7) % 11}`, index % 2 === 0 ? 'es' : 'en')),
    );
    expect(answers.map((response) => response.json<{ locale: string }>().locale)).toEqual(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 'es' : 'en')));
  });

  it('speak English on the staff panel\'s calls, whatever the header says', async () => {
    expect((await get('/api/manage/language', 'es')).json()).toEqual({ locale: 'en', close: 'Close' });
  });

  it('write a schema\'s messages for a body read after the request arrived, with the same code in each language', async () => {
    const post = (language: string) =>
      app.inject({ method: 'POST', url: '/api/name', headers: { 'accept-language': language }, payload: { name: 5 } });
    const [spanish, english] = await Promise.all([post('es'), post('en')]);
    expect(spanish.statusCode).toBe(400);
    expect(english.statusCode).toBe(400);
    const spanishError = spanish.json<{ error: { code: string; fields: Record<string, string[]> } }>().error;
    const englishError = english.json<{ error: { code: string; fields: Record<string, string[]> } }>().error;
    expect(spanishError.code).toBe('validation_failed');
    expect(englishError.code).toBe(spanishError.code);
    expect(spanishError.fields).toEqual({ name: ['Cerrar'] });
    expect(englishError.fields).toEqual({ name: ['Close'] });
  });

  it('keep the language for a body that arrives in parts over a real connection, after the request began', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = (language: string) =>
      fetch(`${address}/api/name`, { method: 'POST', headers: { 'accept-language': language, 'content-type': 'application/json' }, body: JSON.stringify({ name: 5, padding: 'x'.repeat(200_000) }) });
    const answers = await Promise.all(['es', 'en', 'es', 'en'].map(async (language) => ((await (await post(language)).json()) as { error: { fields: Record<string, string[]> } }).error.fields.name));
    expect(answers).toEqual([['Cerrar'], ['Close'], ['Cerrar'], ['Close']]);
  });

  it('write an error\'s message in the request\'s language, its code the same', async () => {
    const spanish = await get('/api/refusal', 'es');
    const english = await get('/api/refusal', 'en');
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({ error: { code: 'not_found', message: 'Cerrar' } });
    expect(english.json()).toEqual({ error: { code: 'not_found', message: 'Close' } });
  });

  it('are English outside any request', () => {
    expect(getLocale()).toBe('en');
    expect(m.layout_language_offer_close()).toBe('Close');
  });
});
