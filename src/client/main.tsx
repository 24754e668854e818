import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setNonce } from 'get-nonce';
import { AppRoutes } from './routes';
import { FeatureFlagsProvider } from './lib/feature-flags';
import { getPublicConfig } from './lib/public-config';
import { loadTagManager } from './lib/analytics';
import './styles.css';

// The response's style nonce, for the <style> Radix's scroll lock inserts while a dialog is open.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (styleNonce) setNonce(styleNonce);

const { gtmId } = getPublicConfig();
if (gtmId) loadTagManager(gtmId);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <FeatureFlagsProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </FeatureFlagsProvider>
  </StrictMode>,
);
