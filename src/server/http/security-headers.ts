import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Env } from '../env';

/**
 * The toast library (sonner) inserts its stylesheet as a `<style>` element at load (appended empty,
 * then filled). Rather than allowing every inline style, the policy allows exactly those two texts,
 * by their hashes, read from the installed library so an upgrade cannot silently break it.
 */
function toastStylesheetHashes(): string[] {
  try {
    const source = readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    if (!literal) throw new Error('no stylesheet found in sonner');
    const css = JSON.parse(literal) as string;
    return [css, ''].map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  } catch (error) {
    console.error('Toasts will be unstyled: could not read their stylesheet', error);
    return [];
  }
}

const toastStyleHashes = toastStylesheetHashes();

/** A strict Content-Security-Policy that opens only for the third parties actually configured. */
export function contentSecurityPolicy(env: Env): Record<string, string[]> {
  const scriptSrc = ["'self'"];
  const connectSrc = ["'self'"];
  const imgSrc = ["'self'", 'data:'];
  const frameSrc: string[] = [];
  if (env.GTM_ID) {
    scriptSrc.push('https://www.googletagmanager.com');
    connectSrc.push('https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
    imgSrc.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
    frameSrc.push('https://www.googletagmanager.com');
  }
  if (env.GROWTHBOOK_CLIENT_KEY) {
    connectSrc.push(new URL(env.GROWTHBOOK_API_HOST ?? 'https://cdn.growthbook.io').origin);
  }
  if (env.STRIPE_PUBLISHABLE_KEY) {
    // Stripe.js and its Elements, per Stripe's published Content-Security-Policy list.
    scriptSrc.push('https://js.stripe.com', 'https://*.js.stripe.com');
    connectSrc.push('https://api.stripe.com', 'https://merchant-ui-api.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
    imgSrc.push('https://*.stripe.com');
  }
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'", ...toastStyleHashes],
    imgSrc,
    fontSrc: ["'self'"],
    connectSrc,
    frameSrc: frameSrc.length ? frameSrc : ["'none'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(env.NODE_ENV === 'production' ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** The staff panel's API reference page (decision 054): the one page whose policy allows inline styles. */
export const apiReferencePagePath = '/manage/api';

/**
 * The policy for the API reference page, a document of its own (the page reloads itself when reached
 * from another panel page): its renderer, a third-party Vue app, inserts `<style>` elements and
 * `style` attributes that take no nonce (its stylesheet, its code editor's, its toasts', the line
 * counts of its code samples), so that page alone allows inline styles. Scripts, connections, images,
 * fonts and frames stay as strict as everywhere: an inline style can load nothing from elsewhere.
 */
export function allowInlineStyles(policy: string): string {
  return policy.replace(/(^|;\s*)style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'");
}

export async function registerSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(helmet, {
    // A fresh nonce per response (`reply.cspNonce.style`): the page shell hands it to the UI library
    // that inserts a <style> while a dialog is open (react-remove-scroll), instead of allowing inline styles.
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over HTTPS.
    strictTransportSecurity: env.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
}
