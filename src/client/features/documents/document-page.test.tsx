// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { emailCodeMessages, ssnLastFourMessages } from '#shared/ssn-last-four.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { speak } from '#tests/support/locale.ts';
import { paths } from '#client/paths.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { EinLetterPage } from './document-page';

// The EIN letter's page asks the link's question as the signing page does: the SSN's or ITIN's last
// four digits, or a code e-mailed to a responsible party with neither.

const token = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9d';
const api = `/api/ein-letter/${token}`;
const expiresAt = '2026-12-30T12:00:00.000Z';

function renderLetter(locale: 'en' | 'es' = 'en') {
  return renderPage(
    <Routes>
      <Route path={pathInLocale(paths.einLetter, locale)} element={<EinLetterPage />} />
    </Routes>,
    { url: pathInLocale(`/ein-letter/${token}`, locale) },
  ).user;
}

describe('the EIN letter page\u2019s question', () => {
  it('keeps the SSN question for a link that does not name one', async () => {
    serve({ [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt }) });
    renderLetter();
    expect(await screen.findByRole('textbox', { name: 'Last four digits of the SSN' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
  });

  it('e-mails a code to a responsible party with neither number, refuses a used one, and gives the letter for the right one', async () => {
    let answered = 0;
    serve({
      [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt, question: 'email_code' }),
      [`POST ${api}/code`]: () => jsonResponse({ sentTo: 'l•••@example.de', expiresAt, resendAfter: expiresAt }),
      [`POST ${api}/verify`]: () =>
        ++answered === 1
          ? errorResponse('validation_failed', emailCodeMessages.used, { code: [emailCodeMessages.used] })
          : jsonResponse({ state: 'verified', expiresAt, facts: [{ label: 'Your EIN', value: '12-3456789' }] }),
    });
    const user = renderLetter();
    expect(await screen.findByText(/We e-mail a 10-minute code to the address on your order/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/We sent a code to l•••@example\.de/)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Code from the e-mail' });
    await user.type(field, '042917{Enter}');
    expect(await screen.findByText(emailCodeMessages.used)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await user.clear(field);
    await user.type(field, '318406{Enter}');
    expect(await screen.findByText('12-3456789')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download the IRS letter/ }).getAttribute('href')).toBe(`${api}/document.pdf`);
    expect(requestsTo('POST', `${api}/code`)).toHaveLength(2);
    expect(requestsTo('POST', `${api}/verify`).map((request) => request.body)).toEqual([{ code: '042917' }, { code: '318406' }]);
  });

  it('speaks Spanish under /es/: the question, its refusal and the letter', async () => {
    speak('es');
    serve({
      [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt, question: 'ssn' }),
      [`POST ${api}/verify`]: ({ body }) =>
        (body as { ssnLast4: string }).ssnLast4 === '6789'
          ? jsonResponse({ state: 'verified', expiresAt, facts: [{ label: 'EIN', value: '12-3456789' }] })
          : errorResponse('validation_failed', 'x', { ssnLast4: [ssnLastFourMessages.wrong(4)] }),
    });
    const user = renderLetter('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirme que es usted' })).toBeTruthy();
    expect(screen.getByText('Este documento contiene datos privados')).toBeTruthy();
    expect(screen.getByText(/Ingrese los últimos cuatro dígitos del número de Seguro Social \(SSN\) de la parte responsable/)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Últimos cuatro dígitos del SSN' });
    await user.type(field, '12{Enter}');
    expect(await screen.findByText('Ingrese los últimos cuatro dígitos del SSN: cuatro números.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '1111{Enter}');
    expect(await screen.findByText('Esos dígitos no coinciden con nuestros registros. Le quedan 4 intentos antes de que este enlace se bloquee.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '6789{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Su carta del EIN del IRS' })).toBeTruthy();
    expect(document.title).toBe('Su carta del EIN del IRS | EIN Filing Service');
    expect(screen.getByText(/número de identificación del empleador \(EIN\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Descargar la carta del IRS (PDF)' }).getAttribute('href')).toBe(`${api}/document.pdf`);
    expect(screen.getByText('Este enlace funciona hasta el 30 de diciembre de 2026.')).toBeTruthy();
  });
});
