// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { trackingMessages } from '#shared/tracking/tracking.ts';
import { errorResponse, jsonResponse, networkFailure, requests, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { paths } from '#client/paths.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { speak } from '#tests/support/locale.ts';
import { TrackingPage } from './tracking-page';

beforeEach(() => {
  // jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

function renderTracking(url: string = paths.track) {
  return renderPage(
    <Routes>
      <Route path={paths.track} element={<TrackingPage />} />
    </Routes>,
    { url },
  ).user;
}

const numberField = () => screen.getByRole('textbox', { name: 'Application Number' }) as HTMLInputElement;
const trackButton = () => screen.getByRole('button', { name: 'Track Application' });

describe('TrackingPage', () => {
  it('shows the heading, the title and an empty field with the example', () => {
    renderTracking();
    expect(screen.getByRole('heading', { level: 1, name: 'Track Your EIN Application' })).toBeTruthy();
    expect(document.title).toBe('Track Your EIN Application | EIN Filing Service');
    const field = numberField();
    expect(field.value).toBe('');
    expect(field.name).toBe('number');
    expect(field.placeholder).toBe('HFE12W87EQ23');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(field.getAttribute('spellcheck')).toBe('false');
    expect(screen.getByText(/not the IRS/)).toBeTruthy();
  });

  it('forces typed text to uppercase and 12 characters', async () => {
    const user = renderTracking();
    await user.type(numberField(), 'hfe12w87eq23xyz');
    expect(numberField().value).toBe('HFE12W87EQ23');

    await user.clear(numberField());
    await user.type(numberField(), 'ab');
    await user.type(numberField(), 'c', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(numberField().value).toBe('ACB');
  });

  it('uppercases and caps pasted text too', async () => {
    const user = renderTracking();
    numberField().focus();
    await user.paste('abcdefghijklmnop');
    expect(numberField().value).toBe('ABCDEFGHIJKL');
  });

  it('says a number must be exactly 12 characters, and looks nothing up', async () => {
    const user = renderTracking();
    await user.click(trackButton());
    expect(await screen.findByText(trackingMessages.length)).toBeTruthy();
    expect(numberField().getAttribute('aria-invalid')).toBe('true');

    await user.type(numberField(), 'HFE12W87');
    await user.click(trackButton());
    expect(await screen.findByText(trackingMessages.length)).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('says a number may contain only uppercase letters and numbers', async () => {
    const user = renderTracking();
    await user.type(numberField(), 'HFE12W87.Q23');
    await user.click(trackButton());
    expect(await screen.findByText(trackingMessages.characters)).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('prefills a 12-character number from the address, uppercased, and checks it', async () => {
    renderTracking(`${paths.track}?number=hfe12w87eq2%21`);
    expect(numberField().value).toBe('HFE12W87EQ2!');
    expect(await screen.findByText(trackingMessages.characters)).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('ignores a number of another length in the address', () => {
    renderTracking(`${paths.track}?number=ABC`);
    expect(numberField().value).toBe('');
    expect(requests()).toHaveLength(0);
  });

  it('tells a failed connection in a toast and keeps the form usable', async () => {
    serve({ 'GET /api/track/HFE12W87EQ23': networkFailure });
    const user = renderTracking();
    await user.type(numberField(), 'HFE12W87EQ23');
    await user.click(trackButton());
    // (After one retry, about a second later.)
    expect(await screen.findByText(trackingMessages.fetchFailed, {}, { timeout: 5000 })).toBeTruthy();
    expect(requestsTo('GET', '/api/track/HFE12W87EQ23')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Application Status' })).toBeNull();
    expect((trackButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('takes a pasted number with spaces around it, in lower case, and finds the order', async () => {
    serve({ 'GET /api/track/EFZAKA2BQZ2O': () => jsonResponse({ status: 'in_process', stage: 'reviewing', createDate: '2026-01-05T10:00:00.000Z' }) });
    const user = renderTracking();
    numberField().focus();
    await user.paste('  efzaka2bqz2o  ');
    expect(numberField().value).toBe('EFZAKA2BQZ2O');
    await user.click(trackButton());
    expect(await screen.findByRole('heading', { name: 'Application Status' })).toBeTruthy();
    expect(requestsTo('GET', '/api/track/EFZAKA2BQZ2O')).toHaveLength(1);
  });

  it('drops the dashes and spaces people group a number with, typed or pasted, in any case, and finds the order', async () => {
    serve({ 'GET /api/track/R2C2L9N7GCV8': () => jsonResponse({ status: 'in_process', stage: 'reviewing', createDate: '2026-01-05T10:00:00.000Z' }) });
    const user = renderTracking();
    await user.type(numberField(), 'r2c2-l9n7-gcv8');
    expect(numberField().value).toBe('R2C2L9N7GCV8');
    await user.click(trackButton());
    expect(await screen.findByRole('heading', { name: 'Application Status' })).toBeTruthy();
    expect(screen.queryByText(trackingMessages.characters)).toBeNull();
    expect(requestsTo('GET', '/api/track/R2C2L9N7GCV8')).toHaveLength(1);

    await user.clear(numberField());
    numberField().focus();
    await user.paste(' R2C2 \u2013 L9N7 \u2013 GCV8 ');
    expect(numberField().value).toBe('R2C2L9N7GCV8');
  });

  it('takes a grouped number from the address', async () => {
    serve({ 'GET /api/track/R2C2L9N7GCV8': () => jsonResponse({ status: 'in_process', stage: 'reviewing', createDate: '2026-01-05T10:00:00.000Z' }) });
    renderTracking(`${paths.track}?number=r2c2-l9n7-gcv8`);
    expect(numberField().value).toBe('R2C2L9N7GCV8');
    expect(await screen.findByRole('heading', { name: 'Application Status' })).toBeTruthy();
  });

  it('clears the previous result when a new lookup starts, even one the field refuses', async () => {
    serve({ 'GET /api/track/EFZAKA2BQZ2O': () => jsonResponse({ status: 'in_process', stage: 'reviewing', createDate: '2026-01-05T10:00:00.000Z' }) });
    const user = renderTracking(`${paths.track}?number=EFZAKA2BQZ2O`);
    expect(await screen.findByRole('heading', { name: 'Application Status' })).toBeTruthy();

    await user.clear(numberField());
    await user.type(numberField(), 'ABC');
    await user.click(trackButton());
    expect(await screen.findByText(trackingMessages.length)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Application Status' })).toBeNull();

    // Asking again for the same number shows its result again.
    await user.clear(numberField());
    await user.type(numberField(), 'EFZAKA2BQZ2O');
    await user.click(trackButton());
    expect(await screen.findByRole('heading', { name: 'Application Status' })).toBeTruthy();
  });

  it('speaks Spanish at its Spanish address: the page, the status, the progress, the stage, the dates and the amounts', async () => {
    speak('es');
    serve({
      'GET /api/track/EFZAKA2BQZ2O': () =>
        jsonResponse({ status: 'cancelled', stage: 'cancelled', createDate: '2026-01-05T15:00:00.000Z', refund: { amountCents: 14900, refundedAt: '2026-01-07T15:00:00.000Z' } }),
    });
    renderSpanishTracking('EFZAKA2BQZ2O');
    expect(screen.getByRole('heading', { level: 1, name: 'Siga su solicitud de EIN' })).toBeTruthy();
    expect(document.title).toBe('Siga su solicitud de EIN | EIN Filing Service');
    expect(screen.getByRole('textbox', { name: 'Número de solicitud' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Estado de la solicitud' })).toBeTruthy();
    expect(screen.getByText('Cancelada', { selector: 'span.rounded-full' })).toBeTruthy();
    const progress = screen.getByRole('list', { name: 'Avance de la solicitud' });
    expect([...progress.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Enviada(hecho)', 'Cancelada(cancelada)']);
    expect(screen.getByTestId('tracking-description').textContent).toBe('Esta solicitud fue cancelada y su pago reembolsado. No se presentará nada ante el IRS.');
    expect(screen.getByText('No corresponde')).toBeTruthy();
    expect(screen.getByText('5 de enero de 2026')).toBeTruthy();
    expect(screen.getByTestId('tracking-refund').textContent).toBe('Se reembolsaron $149.00 el 7 de enero de 2026');
    expect(screen.getByText('Comuníquese con nuestro equipo de soporte si tiene alguna pregunta sobre esta solicitud.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Solicitud EFZAKA2BQZ2O: Cancelada');
    expect(document.body.textContent).not.toMatch(/Application|Submitted|Refunded|Next Steps/);
  });

  it('says in Spanish that no paid application has the number', async () => {
    speak('es');
    serve({ 'GET /api/track/EFZAKA2BQZ2O': () => errorResponse('not_found', 'No paid application found with this tracking number.') });
    renderSpanishTracking('EFZAKA2BQZ2O');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No encontramos ninguna solicitud pagada con este número de seguimiento\./);
  });
});

/** The tracking page at its Spanish path, looking up `number`. */
function renderSpanishTracking(number: string) {
  const spanishPath = pathInLocale(paths.track, 'es');
  renderPage(
    <Routes>
      <Route path={spanishPath} element={<TrackingPage />} />
    </Routes>,
    { url: `${spanishPath}?number=${number}` },
  );
}
