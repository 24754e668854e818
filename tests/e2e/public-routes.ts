import { deliveryPromise } from '#shared/delivery-promise.ts';

/** The pages rendered on the server, each with its one level-1 heading, and the not-found page. */
export const publicRoutes = [
  { path: '/', heading: `${deliveryPromise.headline.lead} ${deliveryPromise.headline.highlight}` },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/about', heading: 'About Us' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/ein-application-start', heading: 'Company Information' },
  { path: '/track-application', heading: 'Track Your EIN Application' },
  { path: '/no-such-page', heading: 'Oops! Page not found' },
] as const;
