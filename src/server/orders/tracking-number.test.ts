import { describe, expect, it } from 'vitest';
import { trackingNumberLength, trackingNumberSchema } from '#shared/tracking/tracking.ts';
import { createTrackingNumber } from './tracking-number';

describe('createTrackingNumber', () => {
  it('makes 12-character numbers without the easily misread 0, O, 1 and I', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 2000; index += 1) {
      const number = createTrackingNumber();
      expect(number).toHaveLength(trackingNumberLength);
      expect(number).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(trackingNumberSchema.safeParse(number).success).toBe(true);
      seen.add(number);
    }
    expect(seen.size).toBe(2000);
  });

  it('still accepts numbers issued before, which may hold 0, O, 1 and I', () => {
    expect(trackingNumberSchema.safeParse('OIPIFDJ8938U').success).toBe(true);
    expect(trackingNumberSchema.safeParse('HFE12W87EQ20').success).toBe(true);
  });
});
