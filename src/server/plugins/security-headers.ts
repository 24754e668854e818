import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Env } from '../env';

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
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'"],
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

export async function registerSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over HTTPS.
    strictTransportSecurity: env.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
}
