import { z } from 'zod';

// The customer's tracking number, also the order's application id: 12 characters, A-Z and 0-9.
// New numbers are drawn from an alphabet without 0/O and 1/I, which people misread when they copy a
// number from an e-mail; numbers issued before keep working, since any A-Z and 0-9 is looked up.

export const trackingNumberLength = 12;
/** What new numbers are made of: A-Z and 2-9 without I and O (32 characters, 60 bits a number). */
export const trackingNumberAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const trackingNumberExample = 'HFE12W87EQ23';

export const trackingMessages = {
  length: 'Application number must be exactly 12 characters',
  characters: 'Application number must contain only uppercase letters and numbers',
  fetchFailed: 'Failed to fetch application status. Please try again.',
  notFound:
    'No paid application found with this tracking number. Please verify your number or check back shortly if you just completed payment.',
  unexpected: 'An unexpected error occurred. Please try again.',
  rateLimited: 'Too many lookups from your connection. Please wait a minute and try again.',
} as const;

export const trackingNumberSchema = z
  .string()
  .length(trackingNumberLength, trackingMessages.length)
  .regex(/^[A-Z0-9]*$/, trackingMessages.characters);

/** A number as typed or pasted, made comparable: no spaces (around or inside it), in upper case. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** What the lookup field does to typed or pasted text: no spaces, upper case, at most 12 characters. */
export function normalizeTrackingInput(value: string): string {
  return normalizeTrackingNumber(value).slice(0, trackingNumberLength);
}

export const trackingLookupSchema = z.strictObject({ number: trackingNumberSchema });
