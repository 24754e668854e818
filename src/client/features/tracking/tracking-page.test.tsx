// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { trackingMessages } from '../../../shared/tracking';
import { paths } from '../../paths';
import { TrackingPage } from './tracking-page';

beforeEach(() => {
  // jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(url: string = paths.track) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.track} element={<TrackingPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const numberField = () => screen.getByRole('textbox', { name: 'Application Number' }) as HTMLInputElement;
const trackButton = () => screen.getByRole('button', { name: 'Track Application' });

/** Fails the test if the page calls the server: invalid numbers must never leave the browser. */
function forbidFetch() {
  const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in this test')));
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

describe('TrackingPage', () => {
  it('shows the heading, the title and an empty field with the example', () => {
    renderPage();
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
    const user = renderPage();
    await user.type(numberField(), 'hfe12w87eq23xyz');
    expect(numberField().value).toBe('HFE12W87EQ23');

    await user.clear(numberField());
    await user.type(numberField(), 'ab');
    await user.type(numberField(), 'c', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(numberField().value).toBe('ACB');
  });

  it('uppercases and caps pasted text too', async () => {
    const user = renderPage();
    numberField().focus();
    await user.paste('abcdefghijklmnop');
    expect(numberField().value).toBe('ABCDEFGHIJKL');
  });

  it('says a number must be exactly 12 characters, and looks nothing up', async () => {
    const fetchSpy = forbidFetch();
    const user = renderPage();
    await user.click(trackButton());
    expect(await screen.findByText(trackingMessages.length)).toBeTruthy();
    expect(numberField().getAttribute('aria-invalid')).toBe('true');

    await user.type(numberField(), 'HFE12W87');
    await user.click(trackButton());
    expect(await screen.findByText(trackingMessages.length)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says a number may contain only uppercase letters and numbers', async () => {
    const fetchSpy = forbidFetch();
    const user = renderPage();
    await user.type(numberField(), 'HFE12W87-Q23');
    await user.click(trackButton());
    expect(await screen.findByText(trackingMessages.characters)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('prefills a 12-character number from the address, uppercased, and checks it', async () => {
    const fetchSpy = forbidFetch();
    renderPage(`${paths.track}?number=hfe12w87eq2%21`);
    expect(numberField().value).toBe('HFE12W87EQ2!');
    expect(await screen.findByText(trackingMessages.characters)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('ignores a number of another length in the address', () => {
    const fetchSpy = forbidFetch();
    renderPage(`${paths.track}?number=ABC`);
    expect(numberField().value).toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('tells a failed connection in a toast and keeps the form usable', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchSpy);
    const user = renderPage();
    await user.type(numberField(), 'HFE12W87EQ23');
    await user.click(trackButton());
    // (After one retry, about a second later.)
    expect(await screen.findByText(trackingMessages.fetchFailed, {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(fetchSpy).toHaveBeenCalledWith('/api/track/HFE12W87EQ23', expect.objectContaining({ method: 'GET' }));
    expect(screen.queryByRole('heading', { name: 'Application Status' })).toBeNull();
    expect((trackButton() as HTMLButtonElement).disabled).toBe(false);
  });
});
