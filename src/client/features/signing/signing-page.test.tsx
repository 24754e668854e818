// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { signedCopyPath, signingConsents, signingMessages, type SigningReviewResponse } from '#shared/signing/signing.ts';
import { trackingPageHref } from '#shared/site/public-paths.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { speak } from '#tests/support/locale.ts';
import { paths } from '#client/paths.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { SigningPage } from './signing-page';

// The steps after the question are a chunk of their own, loaded once the answer is in: loaded here
// first, so no test waits on its first transform.
beforeAll(() => import('./signing-steps'));

const token = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9d';
const api = `/api/sign/${token}`;

const review: SigningReviewResponse = {
  lines: [
    { line: '1', label: 'Legal name of entity', value: 'Acme Widgets LLC' },
    { line: '7b', label: 'SSN, ITIN or EIN of the responsible party', value: '***-**-6789' },
    { line: '9b', label: 'State of incorporation', value: '' },
    { line: 'Signature', label: 'Name and title', value: 'John Public, Managing Member' },
  ],
  signerName: 'John Public',
  signerTitle: 'Managing Member',
  designeeName: 'Dana Designee',
  expiresAt: '2026-12-08T12:00:00.000Z',
  question: 'ssn',
};

const consentVersions = {
  electronic: signingConsents.electronic.version,
  perjury: signingConsents.perjury.version,
  designee: signingConsents.designee.version,
};

beforeEach(() => {
  // jsdom has no canvas; the pad draws nothing there.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // Nor does it lay out or scroll: each step brings its heading into view.
  Element.prototype.scrollIntoView = vi.fn();
});

function renderSigning(locale: 'en' | 'es' = 'en') {
  return renderPage(
    <Routes>
      <Route path={pathInLocale(paths.sign, locale)} element={<SigningPage />} />
    </Routes>,
    { url: pathInLocale(`/sign/${token}`, locale) },
  ).user;
}

/** A browser that has answered the SSN question: the link opens at the review. */
function serveVerifiedLink() {
  serve({
    [`GET ${api}`]: () => jsonResponse({ state: 'verified', expiresAt: review.expiresAt }),
    [`GET ${api}/review`]: () => jsonResponse(review),
  });
}

const ssnField = () => screen.getByRole('textbox', { name: 'Last four digits of the SSN' }) as HTMLInputElement;
const nameField = () => screen.getByRole('textbox', { name: 'Your full name' }) as HTMLInputElement;
const titleField = () => screen.getByRole('textbox', { name: 'Your title' }) as HTMLInputElement;
const signButton = () => screen.getByRole('button', { name: 'Sign the SS-4' });
const consentBoxes = () => [/I agree to sign electronically/, /I make the form’s declaration/, /I authorize the third-party designee/].map((name) => screen.getByRole('checkbox', { name }));

/** The text of the element(s) that describe a control: its hint and error message. */
function descriptionOf(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function openSignStep(user: ReturnType<typeof renderSigning>) {
  await user.click(await screen.findByRole('button', { name: 'The form is right: continue to sign' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign your SS-4' })).toBeTruthy();
}

async function fillSignForm(user: ReturnType<typeof renderSigning>) {
  await user.type(nameField(), 'john public');
  await user.type(titleField(), 'Managing Member');
  for (const box of consentBoxes()) await user.click(box);
}

describe('SigningPage', () => {
  it('shows the server’s message at the SSN field for a wrong answer, then the review for the right one', async () => {
    serve({
      [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt: review.expiresAt }),
      [`POST ${api}/verify`]: ({ body }) => {
        if ((body as { ssnLast4: string }).ssnLast4 === '6789') return jsonResponse(review);
        const message = signingMessages.ssnWrong(4);
        return errorResponse('validation_failed', message, { ssnLast4: [message] });
      },
    });
    const user = renderSigning();
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeTruthy();
    expect(document.title).toBe('Confirm it is you | EIN Filing Service');
    expect(screen.queryByText('John Public')).toBeNull();

    await user.type(ssnField(), '1111{Enter}');
    expect(await screen.findByText(signingMessages.ssnWrong(4))).toBeTruthy();
    expect(ssnField().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(ssnField())).toContain(signingMessages.ssnWrong(4));
    await waitFor(() => expect(document.activeElement).toBe(ssnField()));

    // The server's answer goes as soon as the digits change.
    await user.clear(ssnField());
    expect(screen.queryByText(signingMessages.ssnWrong(4))).toBeNull();
    expect(screen.queryByText(signingMessages.ssnFormat)).toBeNull();

    await user.type(ssnField(), '6789{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Review your SS-4' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(requestsTo('POST', `${api}/verify`).map((request) => request.body)).toEqual([{ ssnLast4: '1111' }, { ssnLast4: '6789' }]);
    expect(screen.getByText('***-**-6789')).toBeTruthy();
    expect(screen.getByText('Line 7b')).toBeTruthy();
    expect(screen.queryByText('Line 9b')).toBeNull();
    expect(screen.getByRole('link', { name: /Open the form as a PDF/ }).getAttribute('href')).toBe(`${api}/document.pdf`);
  });

  it('keeps only digits in the SSN field and asks for four before calling the server', async () => {
    serve({ [`GET ${api}`]: () => jsonResponse({ state: 'verify', expiresAt: review.expiresAt }) });
    const user = renderSigning();
    await screen.findByRole('heading', { level: 1, name: 'Confirm it is you' });

    await user.type(ssnField(), '1-2{Enter}');
    expect(ssnField().value).toBe('12');
    expect(await screen.findByText(signingMessages.ssnFormat)).toBeTruthy();
    expect(ssnField().getAttribute('aria-invalid')).toBe('true');

    // The message stays while the digits are too few, and goes once they are four.
    await user.type(ssnField(), '3');
    expect(screen.getByText(signingMessages.ssnFormat)).toBeTruthy();
    await user.type(ssnField(), '45');
    expect(ssnField().value).toBe('1234');
    await waitFor(() => expect(screen.queryByText(signingMessages.ssnFormat)).toBeNull());
    expect(requestsTo('POST', `${api}/verify`)).toHaveLength(0);
  });

  it('signs with the typed name, sending the name, title and the consents’ versions, and thanks the signer', async () => {
    serveVerifiedLink();
    const signed = { signedAt: '2026-12-03T15:30:00.000Z', trackingNumber: 'HFE12W87EQ23' };
    serve({ [`POST ${api}/sign`]: () => jsonResponse(signed) });
    const user = renderSigning();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review your SS-4' })).toBeTruthy();
    await openSignStep(user);
    expect(screen.getByText('The designee is Dana Designee.', { exact: false })).toBeTruthy();
    expect(descriptionOf(titleField())).toContain('Your application says: Managing Member');

    await fillSignForm(user);
    expect(within(screen.getByLabelText('Signature preview')).getByText('john public')).toBeTruthy();
    await user.click(signButton());

    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(requestsTo('POST', `${api}/sign`).map((request) => request.body)).toEqual([
      { name: 'john public', title: 'Managing Member', signature: { kind: 'typed' }, consents: consentVersions },
    ]);
    // In the browser's zone, named ("November 26, 2026 at 5:05 AM CST").
    const signedAt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
      new Date(signed.signedAt),
    );
    expect(signedAt).toMatch(/ [AP]M \S+$/);
    expect(screen.getByText(`You signed your Form SS-4 on ${signedAt}.`, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow your application' }).getAttribute('href')).toBe(trackingPageHref(signed.trackingNumber));
    // The signer's own copy of the sealed form, for this browser, at once.
    expect(screen.getByRole('heading', { level: 2, name: 'Your copy to keep' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download your signed SS-4 (PDF)' }).getAttribute('href')).toBe(signedCopyPath(token));
    expect(within(screen.getByRole('main')).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('lists every problem at once, sends nothing, and clears each message as its field is corrected', async () => {
    serveVerifiedLink();
    const user = renderSigning();
    await openSignStep(user);

    await user.click(signButton());
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toBe('Please correct the 5 highlighted fields below.');
    await waitFor(() => expect(summary.parentElement).toBe(document.activeElement));
    expect(descriptionOf(nameField())).toContain(signingMessages.nameRequired);
    expect(descriptionOf(titleField())).toContain(signingMessages.titleRequired);
    expect(screen.getAllByText(signingMessages.consentRequired)).toHaveLength(3);

    await user.type(nameField(), 'Jane Doe');
    await waitFor(() => expect(descriptionOf(nameField())).toContain(signingMessages.nameMismatch));
    await user.click(consentBoxes()[0]!);
    await waitFor(() => expect(screen.getAllByText(signingMessages.consentRequired)).toHaveLength(2));
    expect(requestsTo('POST', `${api}/sign`)).toHaveLength(0);
  });

  it('accepts the name with its accents and shows how the IRS receives it, on the form and in the signature', async () => {
    serve({
      [`GET ${api}`]: () => jsonResponse({ state: 'verified', expiresAt: review.expiresAt }),
      [`GET ${api}/review`]: () => jsonResponse({ ...review, signerName: 'Jose Luis Munoz-Garcia' }),
      [`POST ${api}/sign`]: () => jsonResponse({ signedAt: '2026-11-26T11:05:00.000Z', trackingNumber: 'ABCD2345EFGH' }),
    });
    const user = renderSigning();
    await openSignStep(user);
    await user.type(nameField(), 'José Luis Muñoz-García');
    expect(screen.getByText('Jose Luis Munoz-Garcia', { selector: '.font-semibold' })).toBeTruthy();
    expect(within(screen.getByLabelText('Signature preview')).getByText('Jose Luis Munoz-Garcia')).toBeTruthy();
    await user.type(titleField(), 'Managing Member');
    for (const box of consentBoxes()) await user.click(box);
    await user.click(signButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you: your SS-4 is signed' })).toBeTruthy();
    expect(screen.queryByText(signingMessages.nameMismatch)).toBeNull();
    expect(requestsTo('POST', `${api}/sign`).map((request) => (request.body as { name: string }).name)).toEqual(['José Luis Muñoz-García']);
  });

  it('offers the name as the IRS receives it with a one-tap "Use this"', async () => {
    serveVerifiedLink();
    const user = renderSigning();
    await openSignStep(user);
    await user.type(nameField(), 'John Públic');
    await user.click(await screen.findByRole('button', { name: 'Use this: John Public' }));
    expect(nameField().value).toBe('John Public');
    expect(screen.queryByRole('button', { name: /Use this/ })).toBeNull();
  });

  it('shows the server’s refusal of the name at the name field', async () => {
    serveVerifiedLink();
    serve({ [`POST ${api}/sign`]: () => errorResponse('validation_failed', signingMessages.nameMismatch, { name: [signingMessages.nameMismatch] }) });
    const user = renderSigning();
    await openSignStep(user);
    await fillSignForm(user);
    await user.click(signButton());

    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(nameField())).toContain(signingMessages.nameMismatch);
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted field below.');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign your SS-4' })).toBeTruthy();

    await user.type(nameField(), ' ');
    await waitFor(() => expect(screen.queryByText(signingMessages.nameMismatch)).toBeNull());
  });

  it('asks for a drawing when the signer chooses to draw, and sends nothing without one', async () => {
    serveVerifiedLink();
    const user = renderSigning();
    await openSignStep(user);
    await fillSignForm(user);
    await user.click(screen.getByRole('radio', { name: 'Draw my signature' }));
    expect(screen.getByRole('img', { name: 'Signature drawing area' })).toBeTruthy();
    await user.click(signButton());

    expect(await screen.findByText('Draw your signature, or choose the typed signature.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted field below.');
    expect(requestsTo('POST', `${api}/sign`)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Use my typed name' }));
    expect(screen.queryByText('Draw your signature, or choose the typed signature.')).toBeNull();
  });

  it('says why when the link cannot be used, with the support address', async () => {
    serve({ [`GET ${api}`]: () => errorResponse('signing_link_unavailable', signingMessages.linkUnknown) });
    renderSigning();
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeTruthy();
    expect(screen.getByText(signingMessages.linkUnknown)).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.queryByRole('list', { name: 'Signing steps' })).toBeNull();
  });

  it('says why when the form was signed meanwhile, instead of the form', async () => {
    serveVerifiedLink();
    serve({ [`POST ${api}/sign`]: () => errorResponse('signing_already_signed', signingMessages.alreadySigned) });
    const user = renderSigning();
    await openSignStep(user);
    await fillSignForm(user);
    await user.click(signButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeTruthy();
    expect(screen.getByText(signingMessages.alreadySigned)).toBeTruthy();
  });

  it('speaks Spanish under /es/: the steps, the review, the consents, and the declaration as the English form carries it with its translation', async () => {
    speak('es');
    serveVerifiedLink();
    const signed = { signedAt: '2026-12-03T15:30:00.000Z', trackingNumber: 'HFE12W87EQ23' };
    serve({ [`POST ${api}/sign`]: () => jsonResponse(signed) });
    const user = renderSigning('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revise su SS-4' })).toBeTruthy();
    expect(document.title).toBe('Revise su SS-4 | EIN Filing Service');
    expect(within(screen.getByRole('list', { name: 'Pasos de la firma' })).getByText('2. Revisar')).toBeTruthy();
    expect(screen.getByText('El SSN se muestra oculto.')).toBeTruthy();
    expect(screen.getByText('Línea 7b')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'El formulario está bien: continuar a la firma' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Firme su SS-4' })).toBeTruthy();

    // The consents in Spanish, the electronic one saying that the form signed is the IRS's English SS-4.
    const electronic = screen.getByRole('checkbox', { name: /Acepto firmar electrónicamente/ });
    expect(electronic.closest('label')?.textContent).toContain('el Formulario SS-4 del IRS en inglés');
    expect(screen.getByText('El designado autorizado es Dana Designee.', { exact: false })).toBeTruthy();
    const perjury = screen.getByRole('checkbox', { name: /Hago la declaración del formulario/ });
    const declaration = perjury.closest('label')!;
    const english = declaration.querySelector('[lang="en"]');
    expect(english?.textContent).toBe(signingConsents.perjury.text);
    expect(declaration.querySelector('[lang="es"]')?.textContent).toContain('Bajo pena de perjurio, declaro que he examinado esta solicitud');

    await user.type(screen.getByRole('textbox', { name: 'Su nombre completo' }), 'John Public');
    await user.click(screen.getByRole('button', { name: 'Firmar el SS-4' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toBe('Corrija los 4 campos marcados abajo.');
    expect(screen.getAllByText('Marque esta casilla para firmar.')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'Su cargo' }), 'Managing Member');
    for (const box of [electronic, perjury, screen.getByRole('checkbox', { name: /Autorizo al designado autorizado/ })]) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Firmar el SS-4' }));

    // What is stored stays as it is: the consents' versions of the English texts.
    expect(await screen.findByRole('heading', { level: 1, name: 'Gracias: su SS-4 está firmado' })).toBeTruthy();
    expect(requestsTo('POST', `${api}/sign`).map((request) => (request.body as { consents: unknown }).consents)).toEqual([consentVersions]);
    expect(screen.getByText(/^Usted firmó su Formulario SS-4 el \d+ de diciembre de 2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Seguir su solicitud' }).getAttribute('href')).toBe(`/es${trackingPageHref(signed.trackingNumber)}`);
    expect(screen.getByText('¿Necesita ayuda? Escriba a', { exact: false })).toBeTruthy();
  });

  it('shows each consent in English as its version records it', async () => {
    serveVerifiedLink();
    const user = renderSigning();
    await openSignStep(user);
    for (const key of ['electronic', 'perjury', 'designee'] as const) {
      const box = screen.getByRole('checkbox', { name: new RegExp(signingConsents[key].label) });
      expect(box.closest('label')?.textContent).toContain(signingConsents[key].text);
      expect(box.closest('label')?.querySelector('[lang]')).toBeNull();
    }
  });
});
