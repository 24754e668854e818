import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setNonce } from 'get-nonce';
import { AppRoutes, preloadPage } from './routes';
import { FeatureFlagsProvider, preloadFeatureFlags } from './lib/feature-flags';
import { getPublicConfig } from './lib/public-config';
import { loadTagManager } from './lib/analytics';
import { paths } from './paths';
import { unlocalizedPath } from '#shared/i18n/locales.ts';
import { applicationStorageKey } from './lib/application-storage';
import { DocumentLanguage, followPathLocale } from './lib/locale';
import './styles.css';

followPathLocale(() => window.location.pathname);

// The response's style nonce, for the <style> Radix's scroll lock inserts while a dialog is open.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (styleNonce) setNonce(styleNonce);

const config = getPublicConfig();
if (config.gtmId) loadTagManager(config.gtmId);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <FeatureFlagsProvider>
      <BrowserRouter>
        <DocumentLanguage />
        <AppRoutes />
      </BrowserRouter>
    </FeatureFlagsProvider>
  </StrictMode>
);

/** Calls `done` once the first render has committed: the page's own handlers are then in place. It renders nothing. */
function AfterHydration({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

/** The first wizard step shows saved answers, which the server cannot know: that page renders afresh. */
function savedAnswersShown(): boolean {
  try {
    return unlocalizedPath(window.location.pathname) === paths.wizardStart && window.sessionStorage.getItem(applicationStorageKey) !== null;
  } catch {
    return false;
  }
}

// The server renders the public pages; the rest arrive as an empty shell.
if (root.firstElementChild && !savedAnswersShown()) {
  // The page's chunk must be here before hydrating, or the first render would suspend where the
  // server's HTML has the page.
  // (A promise chain, not a top-level await, which would make the bundler split the shared modules
  // out of the entry into many small chunks.)
  // A form of the server's HTML submitted before its page has hydrated (a tracking number looked up
  // quickly; the staff sign-in's fields wait for hydration) is never sent by the browser itself: the
  // submit that no handler of the page took is held, and sent again once the hydrated page takes it
  // (for 5 s at most; then the visitor sends it again).
  let heldForm: HTMLFormElement | null = null;
  const holdUntaken = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    if (event.defaultPrevented) {
      // The page's handler took it.
      if (event.target === heldForm) heldForm = null;
      return;
    }
    event.preventDefault();
    heldForm = event.target;
  };
  // On the document, in the bubbling phase: after React's listener on the root.
  document.addEventListener('submit', holdUntaken);
  const releaseSubmit = () => {
    const giveUpAt = performance.now() + 5000;
    const retry = () => {
      if (heldForm?.isConnected && performance.now() < giveUpAt) {
        heldForm.requestSubmit();
        requestAnimationFrame(retry);
        return;
      }
      document.removeEventListener('submit', holdUntaken);
      heldForm = null;
    };
    retry();
  };
  void Promise.all([preloadPage(window.location.pathname), preloadFeatureFlags(config)])
    // Hydrated even so: the page then suspends and loads its chunk again.
    .catch((error: unknown) => console.error('Could not load the page ahead of hydration', error))
    .then(() =>
      hydrateRoot(
        root,
        <>
          {app}
          <AfterHydration done={releaseSubmit} />
        </>,
      ),
    );
} else {
  createRoot(root).render(app);
}
