// How often a client may ask tracking something: the limits its routes apply.

/** Lookups per client and minute: plenty for a person, too few to guess tracking numbers. */
export const trackingLookupsPerMinute = 20;

/** Requests for a new signing link per client in ten minutes (each order also gets one new link in ten minutes at most). */
export const signingLinkResendsPerWindow = 3;
