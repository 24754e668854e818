import { z } from 'zod';

// The customer's tracking number, also the order's application id: 12 characters, A-Z and 0-9.

export const trackingNumberLength = 12;
export const trackingNumberAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
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

/** What the lookup field does to typed text: uppercase, at most 12 characters. */
export function normalizeTrackingInput(value: string): string {
  return value.toUpperCase().slice(0, trackingNumberLength);
}

export const trackingLookupSchema = z.strictObject({ number: trackingNumberSchema });
