// Paths of the site the server also needs (links in e-mails), written once for both sides. No imports: the browser's first
// chunk reads this file.

/** The customer's tracking page; `?number=` fills it in and looks the number up. */
export const trackingPagePath = '/track-application';

/** The tracking page with `trackingNumber` filled in, as every link to it is written. */
export function trackingPageHref(trackingNumber: string): string {
  return `${trackingPagePath}?number=${encodeURIComponent(trackingNumber)}`;
}

/** The staff panel's orders list. */
export const manageOrdersPath = '/manage/orders';

/** An order's page in the staff panel. */
export function manageOrderPath(id: number | string): string {
  return `${manageOrdersPath}/${id}`;
}

/**
 * The pages rendered on the server and listed in the sitemap: the client's `publicPages` hold
 * exactly these (a test checks it).
 */
export const indexedPagePaths = ['/', '/ein-application-start', '/faq', '/about', '/privacy', '/terms', trackingPagePath] as const;

/** Address prefixes kept out of search: the wizard's later steps and the confirmation, signing, payment pages and the staff panel. */
export const privatePathPrefixes = ['/ein/', '/sign/', '/cancel-order/', '/payments/', '/manage', '/api/'] as const;
