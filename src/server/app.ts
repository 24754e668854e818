import { createHmac } from 'node:crypto';
import path from 'node:path';
// The rules for phone numbers abroad, which the application's schema checks (phones.ts).
import '#shared/application/phone-rules-loaded.ts';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import compress from '@fastify/compress';
import type { Database } from './db';
import { publicConfig, trustProxyOption, type Env } from './env';
import { answerFrameworkError, requestLogController, registerErrorHandler, registerRequestLocale, registerSecurityHeaders, registerRateLimit, siteOrigin } from './http';
import { loggerOptions } from './logging';
import { loadDataKey, createFieldCipher } from './encryption';
import { createMailer, createEmailOutbox, type Mailer } from './email';
import type { AppServices } from './services';
import { noFaults, type Faults } from './faults';
import { createPaymentProvider, type PaymentProvider } from './payments';
import { getStandardPriceCents } from './settings';
import { createReadiness, registerPageRoutes, type Readiness } from './site';
import { createJobClock } from './jobs';
import { createMetricsRegistry, recordRequests } from './metrics';
import { authSecret, createStaffAuth, verifyPassword, createRecoveryCodeHasher, createSecondFactorVerifier, registerStaffGuard, type PasswordVerifier, type SecondFactorVerifier } from './staff';
import { signedSs4Document, writeSigningRequest } from './signing';
import { registerSigningRequestWriter } from './orders';
import { createPdfSealer, loadSealCertificate } from './seal';
import { seller } from '#shared/seller.ts';
import { loadPasswordScorer } from '#shared/staff/password-rule.ts';
import { einLetterDocument, startFiling } from './filing';
import { registerApiDocument, type UndocumentedAnswer } from './api-document';
// Every module's routes, registered here and nowhere else: a module's index never exports them.
import { registerPaymentRoutes } from './payments/routes';
import { registerSiteRoutes } from './site/routes';
import { registerCheckoutRoutes } from './checkout/routes';
import { registerTrackingRoutes } from './tracking/routes';
import { registerStaffRoutes } from './staff/routes';
import { registerFulfilmentRoutes } from './fulfilment/routes';
import { registerSigningRoutes } from './signing/routes';
import { registerCustomerDocumentRoutes } from './documents/routes';
import { registerRefundRoutes } from './refunds/routes';
import { registerAuditRoutes } from './audit/routes';
import { registerCustomerDataRoutes } from './customer-data/routes';
import { registerFilingRoutes } from './filing/routes';
import { registerDashboardRoutes } from './dashboard/routes';
import { registerMetricsRoutes } from './metrics/routes';
import { registerAlertRoutes } from './alerts/routes';

export type AppOptions = {
  env: Env;
  database: Database;
  /** The built client; defaults to `dist/client`. */
  clientDir?: string;
  /** The server-rendering bundle; defaults to `entry-server.js` in `server` beside the client's folder. */
  rendererFile?: string;
  logger?: boolean;
  /** Replaces the provider chosen from the environment (tests point Stripe's SDK at a local fake). */
  paymentProvider?: PaymentProvider;
  /** Replaces the mailer chosen from the environment. */
  mailer?: Mailer;
  /** Wraps the staff password check (tests count the checks through it). */
  wrapPasswordVerifier?: (verify: PasswordVerifier) => PasswordVerifier;
  /** Wraps the two-factor code check (tests count the checks through it). */
  wrapSecondFactorVerifier?: (verify: SecondFactorVerifier) => SecondFactorVerifier;
  /** Where the crash tests stop the process; none in production. */
  faults?: Faults;
  /** Tests hold every answer to its route's schema and hear of each one that does not match it. */
  onUndocumentedAnswer?: (problem: UndocumentedAnswer) => void;
  /** Hears of every route as it is registered (a test compares them with the API document's). */
  onRoute?: onRouteHookHandler;
  /** Whether the server takes work, which the start script marks; without it the app is ready once built. */
  readiness?: Readiness;
};

/** Delivers a signed provider event to the app's own webhook route, through the whole request pipeline. */
export async function deliverToWebhookRoute(app: FastifyInstance, payload: string, signature: string): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  if (response.statusCode >= 300) throw new Error(`Webhook answered ${response.statusCode}`);
}

/** Builds the whole server without listening, so tests can drive it with `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  return (await buildAppWithServices(options)).app;
}

/** The app and the services its modules were given (the start script and tests use `auth`). */
export async function buildAppWithServices({
  env,
  database,
  clientDir,
  rendererFile,
  logger = false,
  paymentProvider,
  mailer,
  wrapPasswordVerifier,
  wrapSecondFactorVerifier,
  faults = noFaults,
  onUndocumentedAnswer,
  onRoute,
  readiness = createReadiness('ready'),
}: AppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const app = Fastify({
    // The process's own stdout (synchronous for files, pipes and terminals), so a line the start
    // script prints after a log line appears after it.
    logger: logger ? { ...loggerOptions(env), stream: process.stdout } : false,
    logController: requestLogController(env),
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
  });

  if (onRoute) app.addHook('onRoute', onRoute);
  registerErrorHandler(app);
  const jobClock = createJobClock();
  // Before everything else, so every answer is counted, the not-found handler's too; only when the
  // operator scrapes (METRICS_TOKEN), so a service without it pays nothing per request.
  const metrics = env.METRICS_TOKEN ? createMetricsRegistry({ database, jobClock }) : null;
  if (metrics) recordRequests(app, metrics);
  // First, so everything after it (rate limits, guards, routes) answers in the request's language.
  registerRequestLocale(app);
  await registerSecurityHeaders(app, env);
  await app.register(compress, { threshold: 1024 });
  await registerRateLimit(app, database);

  const dataKey = await loadDataKey(env);
  const provider =
    paymentProvider ??
    createPaymentProvider({
      env,
      database,
      dataKey,
      // The test processor's webhooks take the same route as Stripe's, signature check included.
      deliverWebhook: (payload, signature) => deliverToWebhookRoute(app, payload, signature),
      faults,
    });
  const secret = authSecret(env, dataKey);
  const recoveryCodes = createRecoveryCodeHasher(secret);
  const auth = createStaffAuth({
    env,
    database,
    secret,
    passwordVerifier: wrapPasswordVerifier ? wrapPasswordVerifier(verifyPassword) : verifyPassword,
    recoveryCodes,
  });
  // The password rule's dictionaries, loaded once before the first request (decision 038).
  await loadPasswordScorer();
  const verifySecondFactor = createSecondFactorVerifier(auth, recoveryCodes, database.db);
  const guards = registerStaffGuard(app, { auth, database, publicUrl: env.PUBLIC_URL, mfaRequired: env.REQUIRE_STAFF_MFA });
  const sealer = createPdfSealer(await loadSealCertificate(env, dataKey), { name: seller.name, contactInfo: env.SUPPORT_EMAIL });
  const chosenMailer = mailer ?? createMailer(env);
  const cipher = createFieldCipher(dataKey);
  // The lifecycle's effect of asking the customer to sign is the signing module's, which changes
  // statuses itself: the orders module is given it here rather than importing it (no cycle).
  registerSigningRequestWriter(writeSigningRequest);
  const outbox = createEmailOutbox({ db: database.db, mailer: chosenMailer, env, log: app.log, faults });
  const services: AppServices = {
    env,
    database,
    provider,
    cipher,
    sealer,
    mailer: chosenMailer,
    outbox,
    filing: startFiling({ env, database, cipher, sealer, outbox, mediaLinkKey: createHmac('sha256', dataKey).update('fax-media-links').digest(), log: app.log, faults, publicUrl: siteOrigin(env) }),
    auth,
    verifySecondFactor: wrapSecondFactorVerifier ? wrapSecondFactorVerifier(verifySecondFactor) : verifySecondFactor,
    faults,
    guards,
    jobClock,
  };

  // Before the routes, so the API document sees every one of them.
  await registerApiDocument(app, { onUndocumentedAnswer });
  const getConfig = async () => publicConfig(env, await getStandardPriceCents(database.db));
  registerSiteRoutes(app, { database, getConfig, readiness });
  await registerCheckoutRoutes(app, services);
  registerPaymentRoutes(app, provider);
  registerTrackingRoutes(app, services);
  registerStaffRoutes(app, services);
  await registerFulfilmentRoutes(app, services);
  registerSigningRoutes(app, services);
  registerCustomerDocumentRoutes(app, services, [signedSs4Document(sealer), einLetterDocument]);
  registerRefundRoutes(app, services);
  registerAuditRoutes(app, services);
  registerCustomerDataRoutes(app, services);
  await registerFilingRoutes(app, services);
  registerDashboardRoutes(app, services);
  registerMetricsRoutes(app, { metrics, token: env.METRICS_TOKEN });
  registerAlertRoutes(app, services);
  const builtClient = clientDir ?? path.resolve('dist/client');
  await registerPageRoutes(app, {
    clientDir: builtClient,
    rendererFile: rendererFile ?? path.join(builtClient, '..', 'server', 'entry-server.js'),
    getConfig,
  });

  return { app, services };
}
