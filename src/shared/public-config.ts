/** The part of the server's configuration the browser may see; embedded in the page as JSON. */
export type PublicConfig = {
  supportEmail: string;
  gtmId: string | null;
  growthbook: { clientKey: string; apiHost: string } | null;
};

export const defaultSupportEmail = 'support@einfilingservice.com';

export const defaultPublicConfig: PublicConfig = {
  supportEmail: defaultSupportEmail,
  gtmId: null,
  growthbook: null,
};
