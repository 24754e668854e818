import { randomInt } from 'node:crypto';
import { trackingNumberAlphabet, trackingNumberLength } from '#shared/tracking/tracking.ts';

/** 12 characters of A-Z and 2-9 without I and O, each drawn by the operating system's CSPRNG. */
export function createTrackingNumber(): string {
  let trackingNumber = '';
  for (let index = 0; index < trackingNumberLength; index += 1) {
    trackingNumber += trackingNumberAlphabet[randomInt(trackingNumberAlphabet.length)];
  }
  return trackingNumber;
}
