import { manageOrderPath, manageOrdersPath, trackingPagePath } from '#shared/site/public-paths.ts';

export { manageOrderPath };

/** Every route of the app, in one place. */
export const paths = {
  home: '/',
  faq: '/faq',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  wizardStart: '/ein-application-start',
  step2: '/ein/step-2',
  step3: '/ein/step-3',
  step4: '/ein/step-4',
  step5: '/ein/step-5',
  step6: '/ein/step-6',
  confirmation: '/ein/confirmation',
  /** The built-in test processor's authentication challenge (card 4000 0025 0000 3155). */
  testAuthentication: '/payments/test-authentication',
  track: trackingPagePath,
  /** The customer's signing page; the token comes from the e-mail's link. */
  sign: '/sign/:token',
  /** The customer's one-hour cancellation page; the token comes from the confirmation e-mail or page. */
  cancelOrder: '/cancel-order/:token',
  /** The signer's copy of the sealed SS-4 (a customer document link); the token comes from the e-mail. */
  signedSs4: '/signed-ss4/:token',
  einLetter: '/ein-letter/:token',
  manage: '/manage',
  manageLogin: '/manage/login',
  /** Figures and charts about the orders; the panel's first page for members who see money (decision 066). */
  manageDashboard: '/manage/dashboard',
  manageOrders: manageOrdersPath,
  manageUsers: '/manage/users',
  manageAudit: '/manage/audit',
  manageAccount: '/manage/account',
  manageCustomerData: '/manage/customer-data',
  /** Faxes received (the IRS's answers), matched to their orders and confirmed. */
  manageFaxInbox: '/manage/fax-inbox',
  /** The API reference, rendered from `/api/openapi.json` (decision 044). */
  manageApi: '/manage/api',
} as const;
