// Paths of the site the server also needs (links in e-mails). No imports: the browser's first
// chunk reads this file.

/** The customer's tracking page; `?number=` fills it in and looks the number up. */
export const trackingPagePath = '/track-application';

/**
 * The pages rendered on the server and listed in the sitemap: the client's `publicPages` hold
 * exactly these (a test checks it).
 */
export const indexedPagePaths = ['/', '/ein-application-start', '/faq', '/about', '/privacy', '/terms', trackingPagePath] as const;

/** Address prefixes kept out of search: the wizard's later steps and the confirmation, signing, payment pages and the staff panel. */
export const privatePathPrefixes = ['/ein/', '/sign/', '/payments/', '/manage', '/api/'] as const;
