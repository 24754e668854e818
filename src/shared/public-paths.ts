// Paths of the site the server also needs (links in e-mails). No imports: the browser's first
// chunk reads this file.

/** The customer's tracking page; `?number=` fills it in and looks the number up. */
export const trackingPagePath = '/track-application';
