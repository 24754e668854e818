import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setNonce } from 'get-nonce';
import { AppRoutes, preloadPage } from './routes';
import { FeatureFlagsProvider, preloadFeatureFlags } from './lib/feature-flags';
import { getPublicConfig } from './lib/public-config';
import { loadTagManager } from './lib/analytics';
import { paths } from './paths';
import { applicationStorageKey } from './lib/application-storage';
import './styles.css';

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
        <AppRoutes />
      </BrowserRouter>
    </FeatureFlagsProvider>
  </StrictMode>
);

/** The first wizard step shows saved answers, which the server cannot know: that page renders afresh. */
function savedAnswersShown(): boolean {
  try {
    return window.location.pathname === paths.wizardStart && window.sessionStorage.getItem(applicationStorageKey) !== null;
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
  void Promise.all([preloadPage(window.location.pathname), preloadFeatureFlags(config)])
    // Hydrated even so: the page then suspends and loads its chunk again.
    .catch((error: unknown) => console.error('Could not load the page ahead of hydration', error))
    .then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
