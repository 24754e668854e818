// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutStorageKeys } from '#shared/checkout/checkout-messages.ts';
import { clearCheckoutDraft, getOrCreateDraftId, readPaymentReference, readTrackingNumber, savePaymentResult } from './checkout-storage';

afterEach(() => sessionStorage.clear());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('checkout storage', () => {
  it('creates one draft id per application and keeps it for the session', () => {
    const draftId = getOrCreateDraftId();
    expect(draftId).toMatch(uuid);
    expect(sessionStorage.getItem(checkoutStorageKeys.draftId)).toBe(draftId);
    expect(getOrCreateDraftId()).toBe(draftId);
  });

  it('starts a new draft after the old one is cleared', () => {
    const first = getOrCreateDraftId();
    clearCheckoutDraft();
    expect(sessionStorage.getItem(checkoutStorageKeys.draftId)).toBeNull();
    const second = getOrCreateDraftId();
    expect(second).toMatch(uuid);
    expect(second).not.toBe(first);
  });

  it('replaces a damaged draft id', () => {
    sessionStorage.setItem(checkoutStorageKeys.draftId, 'not-a-uuid');
    expect(getOrCreateDraftId()).toMatch(uuid);
  });

  it('keeps the tracking number and the payment reference', () => {
    expect(readPaymentReference()).toBeNull();
    expect(readTrackingNumber()).toBeNull();
    savePaymentResult({ trackingNumber: 'HFE12W87EQ23', paymentIntentId: 'pi_123' });
    expect(readTrackingNumber()).toBe('HFE12W87EQ23');
    expect(readPaymentReference()).toBe('pi_123');
    expect(sessionStorage.getItem(checkoutStorageKeys.trackingNumber)).toBe('HFE12W87EQ23');
    expect(sessionStorage.getItem(checkoutStorageKeys.paymentReference)).toBe('pi_123');
    // The draft is a separate matter: the confirmation page clears it after success.
    clearCheckoutDraft();
    expect(readPaymentReference()).toBe('pi_123');
  });
});
