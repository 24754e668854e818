import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Database } from './db/database';
import { publicConfig, trustProxyOption, type Env } from './env';
import { requestLogController } from './plugins/request-logs';
import { registerErrorHandler } from './plugins/errors';
import { loggerOptions } from './logging';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerRateLimit } from './plugins/rate-limit';
import { loadDataKey, createFieldCipher } from './security/encryption';
import { createMailer, type Mailer } from './email/mailer';
import { createEmailOutbox } from './email/outbox';
import type { AppServices } from './services';
import type { PaymentProvider } from './payments/provider';
import { createPaymentProvider } from './payments/create-payment-provider';
import { getStandardPriceCents } from './settings/standard-price';
import { registerHealthRoutes } from './modules/health/routes';
import { registerConfigRoutes } from './modules/config/routes';
import { registerCheckoutRoutes } from './modules/checkout/routes';
import { registerTestPaymentRoutes } from './modules/test-payments/routes';
import { registerTrackingRoutes } from './modules/tracking/routes';
import { registerSpaRoutes } from './modules/spa/routes';
import { authSecret, createStaffAuth, type PasswordVerifier } from './auth/auth';
import { verifyPassword } from './auth/password';
import { createRecoveryCodeHasher } from './auth/recovery-codes';
import { createSecondFactorVerifier, type SecondFactorVerifier } from './auth/two-factor';
import { registerStaffGuard } from './plugins/staff-guard';
import { registerStaffSessionRoutes } from './modules/staff-session/routes';
import { registerStaffAccountRoutes } from './modules/staff-account/routes';
import { registerManageOrderRoutes } from './modules/manage-orders/routes';
import { registerSigningRoutes } from './modules/signing/routes';
import { registerCancellationRoutes } from './modules/cancellation/routes';
import { registerOrderCommentRoutes } from './modules/order-comments/routes';
import { registerStaffUserRoutes } from './modules/staff-users/routes';
import { registerAuditTrailRoutes } from './modules/audit-trail/routes';
import { registerCustomerDataRoutes } from './modules/customer-data/routes';

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
}: AppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const app = Fastify({
    // The process's own stdout (synchronous for files, pipes and terminals), so a line the start
    // script prints after a log line appears after it.
    logger: logger ? { ...loggerOptions(env), stream: process.stdout } : false,
    logController: requestLogController(env),
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 256 * 1024,
  });

  registerErrorHandler(app);
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
  const verifySecondFactor = createSecondFactorVerifier(auth, recoveryCodes);
  const guards = registerStaffGuard(app, { auth, database, publicUrl: env.PUBLIC_URL, mfaRequired: env.REQUIRE_STAFF_MFA });
  const chosenMailer = mailer ?? createMailer(env);
  const services: AppServices = {
    env,
    database,
    provider,
    cipher: createFieldCipher(dataKey),
    mailer: chosenMailer,
    outbox: createEmailOutbox({ db: database.db, mailer: chosenMailer, env, log: app.log }),
    auth,
    verifySecondFactor: wrapSecondFactorVerifier ? wrapSecondFactorVerifier(verifySecondFactor) : verifySecondFactor,
    guards,
  };

  const getConfig = async () => publicConfig(env, await getStandardPriceCents(database.db));
  registerHealthRoutes(app, database);
  registerConfigRoutes(app, getConfig);
  await registerCheckoutRoutes(app, services);
  registerTestPaymentRoutes(app, provider);
  registerTrackingRoutes(app, services);
  registerStaffSessionRoutes(app, services);
  registerStaffAccountRoutes(app, services);
  registerManageOrderRoutes(app, services);
  registerSigningRoutes(app, services);
  registerCancellationRoutes(app, services);
  await registerOrderCommentRoutes(app, services);
  registerStaffUserRoutes(app, services);
  registerAuditTrailRoutes(app, services);
  registerCustomerDataRoutes(app, services);
  if (env.NODE_ENV === 'test') {
    // Loaded only here, so a production process never even reads the test-only module.
    const { registerTestSupportRoutes } = await import('./modules/test-support/routes');
    registerTestSupportRoutes(app, services);
  }
  const builtClient = clientDir ?? path.resolve('dist/client');
  await registerSpaRoutes(app, {
    clientDir: builtClient,
    rendererFile: rendererFile ?? path.join(builtClient, '..', 'server', 'entry-server.js'),
    getConfig,
  });

  return { app, services };
}
