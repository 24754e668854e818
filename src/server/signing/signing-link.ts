import { customerLinkFlow, type CustomerLink } from '../customer-links';
import { signingMessages } from '#shared/signing/signing.ts';
import { findUsableRequest } from './find-usable-request';
import type { OrderRow, SigningRequestRow } from './requests';
import { verifySigner } from './verify-signer';

export const signingCookieName = 'ein_signing';

/** A signing request as a customer link: its cookie goes to `/api/sign/` only, its code to the signer. */
export function signingLinkFlow(services: CustomerLink<SigningRequestRow, OrderRow>['services']) {
  const { db, cipher } = services;
  return customerLinkFlow<SigningRequestRow, OrderRow>({
    services,
    cookie: { name: signingCookieName, path: '/api/sign/' },
    find: async (token, now) => {
      const { request, order } = await findUsableRequest(db, token, now);
      return { link: request, order };
    },
    verify: ({ link, order }, answer, now) => verifySigner(db, cipher, link, order, answer, now),
    code: { kind: 'signing', purpose: 'signing', to: ({ link }) => link.signerEmail },
    notVerified: { code: 'signing_not_verified', message: signingMessages.notVerified },
  });
}
