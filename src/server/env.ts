import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { defaultRetention, defaultSupportEmail, type PublicConfig } from '#shared/site/public-config.ts';
import type { SiteClaims, Testimonial } from '#shared/site/site-claims.ts';
import { testimonialsFileSchema } from '#shared/site/testimonials-file.ts';
import type { Ss4Designee } from '#shared/ss4/ss4-mapping.ts';
import { defaultSigningLinkDays } from '#shared/signing/signing.ts';
import { seller } from '#shared/seller.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A US telephone or fax number with digits, spaces and ( ) - + . only. */
const designeePhone = /^[+()\d][\d ()+.-]{6,24}$/;

/** The named address ranges Fastify's `trustProxy` (proxy-addr) understands besides addresses and CIDRs. */
const namedProxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A whole number of at least 1 (`1250`, no commas), or nothing when unset: a count the site shows. */
function countSetting(name: string) {
  return optionalText.transform((value, context) => {
    if (value === undefined) return null;
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
      context.addIssue({ code: 'custom', message: `${name} must be a whole number of at least 1, written without commas (e.g. 1250), not ${JSON.stringify(value)}` });
      return z.NEVER;
    }
    return Number(value);
  });
}

/** A decimal number with at most one decimal between `min` and `max`, or nothing when unset. */
function decimalSetting(name: string, { min, max, example, what }: { min: number; max: number; example: string; what: string }) {
  return optionalText.transform((value, context) => {
    if (value === undefined) return null;
    const number = Number(value);
    if (!/^\d{1,3}(\.\d)?$/.test(value) || number < min || number > max) {
      context.addIssue({ code: 'custom', message: `${name} must be ${what} from ${min} to ${max} with at most one decimal (e.g. ${example}), not ${JSON.stringify(value)}` });
      return z.NEVER;
    }
    return number;
  });
}

/** Where the operator's testimonials are read from when `SITE_TESTIMONIALS_FILE` is not set. */
export const defaultTestimonialsFile = 'testimonials.json';

/**
 * The operator's testimonials file, validated (src/shared/site/testimonials-file.ts). The default
 * file may be absent (no testimonials); a file the setting names must exist. A mistake is an issue on
 * `SITE_TESTIMONIALS_FILE` naming the file, the entry and the field, so start-up stops on it.
 */
function readTestimonials(setting: string | undefined, context: z.RefinementCtx): Testimonial[] {
  const file = path.resolve(setting ?? defaultTestimonialsFile);
  const fail = (message: string) => {
    context.addIssue({ code: 'custom', path: ['SITE_TESTIMONIALS_FILE'], message: `${file}: ${message}` });
    return [];
  };
  if (!existsSync(file)) return setting === undefined ? [] : fail('no such file');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`not readable JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = testimonialsFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [entry, field] = issue.path;
    const where = typeof entry === 'number' ? `testimonial ${entry + 1}${field === undefined ? '' : ` (${String(field)})`}: ` : '';
    fail(`${where}${issue.message}`);
  }
  return [];
}

/**
 * Which `X-Forwarded-For` hops to believe (Fastify's `trustProxy`): nothing (`false`, the default), the
 * number of proxies in front of the server, or their addresses and ranges. Either way the client's
 * address is read from the right, where the proxies write, never from the left, which a client writes.
 * `true` (trust every hop) is refused; a string answer is the message of a value that is refused.
 */
export function parseTrustProxy(value: string): false | number | string[] | string {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    return 'TRUST_PROXY=true would believe any X-Forwarded-For a client sends; set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : 'TRUST_PROXY hop count must be 10 or fewer';
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !namedProxyRanges.has(entry) && !isAddressOrCidr(entry));
  if (entries.length === 0 || wrong.length > 0) {
    return `TRUST_PROXY must be a number of proxies or a comma-separated list of addresses or CIDR ranges (not ${wrong.join(', ') || 'empty'})`;
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify refuses to honour a bare hop count (it cannot tell
 * the proxy from a client that connects directly), so a count becomes the function proxy-addr would
 * build: the first `hops` addresses from the right, the socket's included, are proxies.
 */
export function trustProxyOption(value: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return value > 0 ? (_address: string, hop: number) => hop < value : false;
  return value;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value ?? '');
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** One log line per request; unset, on in production and off in development (see logsRequests). */
  LOG_REQUESTS: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined)),
  SUPPORT_EMAIL: z.email().default(defaultSupportEmail),
  GTM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'GTM_ID looks like GTM-XXXXXXX')
      .optional(),
  ),
  GROWTHBOOK_CLIENT_KEY: optionalText,
  GROWTHBOOK_API_HOST: optionalText.pipe(z.url().optional()),
  STRIPE_SECRET_KEY: optionalText.pipe(z.string().startsWith('sk_', 'STRIPE_SECRET_KEY starts with sk_').optional()),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY starts with pk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_').optional()),
  SMTP_URL: optionalText.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('EIN Filing Service <no-reply@einfilingservice.com>'),
  /** 32 bytes as base64 or 64 hex digits; without it a key file is created under DATA_DIR. */
  DATA_ENCRYPTION_KEY: optionalText,
  /** Signs staff session cookies; without it a secret is derived from the data encryption key. */
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  /**
   * Staff must sign in with a second factor (decision 024). `false` is accepted only in development:
   * members then sign in with a password alone until they choose to enrol, and a warning is logged.
   */
  REQUIRE_STAFF_MFA: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value !== 'false'),
  /** The first admin, created on the first start when no staff account exists. */
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional()),
  /** How long a claimed e-mail is left to its sender before another worker may send it again. */
  OUTBOX_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** On PGlite, how often the in-process loop looks for due e-mails (PostgreSQL uses pg-boss). */
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  /** How often checkouts paid at the provider without an order are looked for (also at start-up). */
  RECONCILE_PAYMENTS_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How often the dashboard's figures are computed again (also at start-up; with pg-boss, whole minutes). */
  DASHBOARD_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A refund still pending this long after it was recorded is asked for again (decision 030); younger, its call may be under way. */
  REFUND_RETRY_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** An unpaid checkout's application (SSN included) is erased this long after it was last touched (decision 027). */
  UNPAID_CHECKOUT_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(defaultRetention.unpaidCheckoutHours),
  /** A completed or cancelled order keeps its personal data this long after it closed (about 7 years). */
  ORDER_PII_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(defaultRetention.orderDays),
  /** Copies of e-mails sent (`.eml` files, finished outbox rows) are removed this long after sending. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(defaultRetention.mailDays),
  /** How often the purge job runs (also at start-up). */
  PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** How many days a link asking the customer to sign the SS-4 works (decision 022). */
  SIGNING_LINK_DAYS: z.coerce.number().int().min(1).max(30).default(defaultSigningLinkDays),
  /** The service's own third-party designee on Form SS-4: name, address with ZIP code, telephone and fax. */
  SS4_DESIGNEE_NAME: optionalText.pipe(z.string().max(80, 'SS4_DESIGNEE_NAME must be at most 80 characters').optional()),
  SS4_DESIGNEE_ADDRESS: optionalText.pipe(z.string().max(120, 'SS4_DESIGNEE_ADDRESS must be at most 120 characters').optional()),
  SS4_DESIGNEE_PHONE: optionalText.pipe(z.string().regex(designeePhone, 'SS4_DESIGNEE_PHONE looks like (555) 555-0100').optional()),
  SS4_DESIGNEE_FAX: optionalText.pipe(z.string().regex(designeePhone, 'SS4_DESIGNEE_FAX looks like (555) 555-0100').optional()),
  /**
   * The fax provider that files SS-4s with the IRS and receives its answers: unset, the built-in test
   * transport (files under DATA_DIR/fax, a simulated IRS; nothing leaves the machine); `telnyx`, Telnyx
   * Programmable Fax (decision 043).
   */
  FAX_PROVIDER: z.enum(['', 'telnyx']).optional().transform((value) => value || undefined),
  TELNYX_API_KEY: optionalText,
  /** The Ed25519 public key Telnyx signs its webhooks with (base64, from the portal). */
  TELNYX_PUBLIC_KEY: optionalText,
  /** The Telnyx fax application (connection) that sends the faxes. */
  TELNYX_CONNECTION_ID: optionalText,
  /** Another address for Telnyx's API, `/v2` included (a local stand-in, a proxy); unset, https://api.telnyx.com/v2. */
  TELNYX_API_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'TELNYX_API_BASE_URL is an http(s) URL' }).optional()),
  /**
   * The test transport's simulated IRS answers each SS-4 it receives after this many seconds, or never
   * (`off`).
   */
  TEST_FAX_IRS_REPLY_SECONDS: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return 30;
      if (value === 'off') return null;
      const seconds = Number(value);
      if (!Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) {
        context.addIssue({ code: 'custom', message: 'TEST_FAX_IRS_REPLY_SECONDS must be a number of seconds (0 to 86400) or off' });
        return z.NEVER;
      }
      return seconds;
    }),
  /** The EIN read from the IRS's fax-back is recorded at once, without a staff member's confirmation. */
  AUTO_CONFIRM_EIN: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  /**
   * What the site says about its record (decision 035): shown only when set, since the operator must
   * be able to back each one. How many businesses the service has filed for.
   */
  SITE_BUSINESSES_SERVED: countSetting('SITE_BUSINESSES_SERVED'),
  /** The average rating on the review site at SITE_REVIEW_SOURCE_URL, from SITE_REVIEW_COUNT reviews. */
  SITE_RATING: decimalSetting('SITE_RATING', { min: 1, max: 5, example: '4.8', what: 'a rating' }),
  SITE_REVIEW_COUNT: countSetting('SITE_REVIEW_COUNT'),
  SITE_REVIEW_SOURCE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'SITE_REVIEW_SOURCE_URL must be the http(s) address of the page where the reviews are published' }).optional(),
  ),
  /** The share of the applications filed that the IRS accepted the first time, in percent. */
  SITE_SUCCESS_RATE: decimalSetting('SITE_SUCCESS_RATE', { min: 1, max: 100, example: '97.5', what: 'a percentage' }),
  /** The operator's testimonials (JSON); `testimonials.json` in the working folder when unset. */
  SITE_TESTIMONIALS_FILE: optionalText,
  /**
   * The service's signing certificate (a PKCS#12 file with its private key) that seals every signed
   * SS-4, and its password. Without it a self-signed one is made in DATA_DIR on the first start.
   */
  SEAL_P12_PATH: optionalText,
  SEAL_P12_PASSWORD: z.string().optional(),
  /** The bearer token a Prometheus scraper gives for `GET /metrics`; unset, the route is not served (decision 064). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional()),
  /**
   * After SIGTERM or SIGINT, how long the server keeps serving while `/api/ready` answers 503, so a
   * load balancer stops sending work first; unset, 5 in production and 0 otherwise (decision 064).
   */
  SHUTDOWN_DRAIN_SECONDS: optionalText.pipe(z.coerce.number<string>().min(0).max(120).optional()),
})
  .refine(
    (env) => {
      const keys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
      return keys.every(Boolean) || !keys.some(Boolean);
    },
    { message: 'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together, or none of them', path: ['STRIPE_SECRET_KEY'] },
  )
  .refine((env) => env.REQUIRE_STAFF_MFA || env.NODE_ENV === 'development', {
    message: 'REQUIRE_STAFF_MFA=false is allowed only with NODE_ENV=development: staff who can see SSNs must sign in with a second factor',
    path: ['REQUIRE_STAFF_MFA'],
  })
  .refine(
    (env) => {
      // A designee without a name, address or telephone cannot act for the applicant, so all or none.
      const parts = [env.SS4_DESIGNEE_NAME, env.SS4_DESIGNEE_ADDRESS, env.SS4_DESIGNEE_PHONE];
      return parts.every(Boolean) || (!parts.some(Boolean) && !env.SS4_DESIGNEE_FAX);
    },
    { message: 'Set SS4_DESIGNEE_NAME, SS4_DESIGNEE_ADDRESS and SS4_DESIGNEE_PHONE together (SS4_DESIGNEE_FAX optional), or none of them', path: ['SS4_DESIGNEE_NAME'] },
  )
  .refine((env) => env.NODE_ENV !== 'production' || Boolean(env.SS4_DESIGNEE_NAME && env.SS4_DESIGNEE_FAX), {
    message:
      'In production set SS4_DESIGNEE_NAME, SS4_DESIGNEE_ADDRESS, SS4_DESIGNEE_PHONE and SS4_DESIGNEE_FAX: every SS-4 names the service as its third-party designee, and the IRS faxes the EIN back to that fax number',
    path: ['SS4_DESIGNEE_NAME'],
  })
  .refine((env) => env.FAX_PROVIDER !== 'telnyx' || Boolean(env.TELNYX_API_KEY && env.TELNYX_PUBLIC_KEY && env.TELNYX_CONNECTION_ID), {
    message: 'FAX_PROVIDER=telnyx needs TELNYX_API_KEY, TELNYX_PUBLIC_KEY and TELNYX_CONNECTION_ID',
    path: ['FAX_PROVIDER'],
  })
  .refine((env) => env.FAX_PROVIDER !== 'telnyx' || Boolean(env.PUBLIC_URL), {
    message: 'FAX_PROVIDER=telnyx needs PUBLIC_URL: Telnyx fetches each fax from it and sends its events there',
    path: ['PUBLIC_URL'],
  })
  .refine(
    (env) => {
      // A rating without how many reviews it averages, or where a reader can see them, cannot be checked.
      const parts = [env.SITE_RATING, env.SITE_REVIEW_COUNT, env.SITE_REVIEW_SOURCE_URL];
      return parts.every((part) => part != null) || parts.every((part) => part == null);
    },
    { message: 'Set SITE_RATING, SITE_REVIEW_COUNT and SITE_REVIEW_SOURCE_URL together, or none of them', path: ['SITE_RATING'] },
  )
  .refine((env) => env.SEAL_P12_PASSWORD === undefined || env.SEAL_P12_PATH !== undefined, {
    message: 'SEAL_P12_PASSWORD is the password of the file SEAL_P12_PATH names: set SEAL_P12_PATH too',
    path: ['SEAL_P12_PASSWORD'],
  })
  .transform((env, context) => ({ ...env, testimonials: readTestimonials(env.SITE_TESTIMONIALS_FILE, context) }));

export type Env = z.infer<typeof envSchema>;

/** Reads the environment once, with `.env` in the working folder applied first when present. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && existsSync('.env')) process.loadEnvFile('.env');
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

/**
 * Whether each request is logged: `LOG_REQUESTS` when set; otherwise yes in production, where the log
 * is the record of traffic, and no in development and tests, where a line per request (every asset of
 * every page) buries what the console is for.
 */
export function logsRequests(env: Pick<Env, 'LOG_REQUESTS' | 'NODE_ENV'>): boolean {
  return env.LOG_REQUESTS ?? env.NODE_ENV === 'production';
}

/**
 * How long a stopping server drains: `SHUTDOWN_DRAIN_SECONDS` when set; otherwise 5 seconds in
 * production, where a load balancer reads `/api/ready`, and none in development and tests, where
 * nothing does and Ctrl-C should stop at once.
 */
export function shutdownDrainSeconds(env: Pick<Env, 'SHUTDOWN_DRAIN_SECONDS' | 'NODE_ENV'>): number {
  return env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'production' ? 5 : 0);
}

/**
 * The SS-4's third-party designee: the configured one; outside production without one, the sample
 * designee (the seller's name with a fictitious address and 555 numbers), so that every form names one
 * and filing by fax works on a laptop. Production refuses to start without a configured designee.
 */
export function ss4DesigneeOf(env: Env): Ss4Designee {
  if (env.SS4_DESIGNEE_NAME && env.SS4_DESIGNEE_ADDRESS && env.SS4_DESIGNEE_PHONE) {
    return { name: env.SS4_DESIGNEE_NAME, address: env.SS4_DESIGNEE_ADDRESS, phone: env.SS4_DESIGNEE_PHONE, fax: env.SS4_DESIGNEE_FAX ?? null };
  }
  return sampleDesignee;
}

/** The designee of a development or test server without one configured: sample data, never filed for real. */
export const sampleDesignee: Ss4Designee = {
  name: seller.legalName,
  address: '500 Congress Ave, Austin, TX 78701',
  phone: '(512) 555-0100',
  fax: '(512) 555-0101',
};

/** The claims about the service's record the operator configured; none when nothing is set. */
export function siteClaimsOf(env: Env): SiteClaims {
  return {
    businessesServed: env.SITE_BUSINESSES_SERVED,
    rating:
      env.SITE_RATING !== null && env.SITE_REVIEW_COUNT !== null && env.SITE_REVIEW_SOURCE_URL
        ? { value: env.SITE_RATING, reviewCount: env.SITE_REVIEW_COUNT, sourceUrl: env.SITE_REVIEW_SOURCE_URL }
        : null,
    successRatePercent: env.SITE_SUCCESS_RATE,
    testimonials: env.testimonials,
  };
}

/** The public configuration; the price comes from the database, so it is passed in. */
export function publicConfig(env: Env, priceCents: number): PublicConfig {
  return {
    priceCents,
    payments:
      env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_SECRET_KEY
        ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY }
        : { provider: 'test' },
    supportEmail: env.SUPPORT_EMAIL,
    retention: { unpaidCheckoutHours: env.UNPAID_CHECKOUT_RETENTION_HOURS, orderDays: env.ORDER_PII_RETENTION_DAYS, mailDays: env.MAIL_RETENTION_DAYS },
    siteUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    gtmId: env.GTM_ID ?? null,
    growthbook: env.GROWTHBOOK_CLIENT_KEY
      ? {
          clientKey: env.GROWTHBOOK_CLIENT_KEY,
          apiHost: env.GROWTHBOOK_API_HOST ?? 'https://cdn.growthbook.io',
        }
      : null,
    claims: siteClaimsOf(env),
  };
}
