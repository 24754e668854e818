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
  track: '/track-application',
  manage: '/manage',
} as const;
