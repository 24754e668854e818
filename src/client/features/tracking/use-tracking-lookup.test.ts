import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { trackingMessages } from '#shared/tracking/tracking.ts';
import { trackingLookupProblem } from './use-tracking-lookup';

describe('trackingLookupProblem', () => {
  it('shows the not-found text for a 404', () => {
    expect(trackingLookupProblem(new ApiError(404, 'not_found', 'whatever the server said'))).toEqual({
      kind: 'not_found',
      message: trackingMessages.notFound,
    });
  });

  it('says to wait a minute for a 429, in the page\'s words', () => {
    expect(trackingLookupProblem(new ApiError(429, 'rate_limited', 'Wait a minute.'))).toEqual({ kind: 'rate_limited', message: trackingMessages.rateLimited });
  });

  it("puts the server's message about the number under the field", () => {
    expect(trackingLookupProblem(new ApiError(400, 'validation_failed', trackingMessages.characters))).toEqual({
      kind: 'invalid',
      message: trackingMessages.characters,
    });
  });

  it('says fetching failed for a network error or a server failure', () => {
    for (const error of [new ApiError(0, 'network_error', 'Failed to fetch'), new ApiError(500, 'internal_error', 'x'), new ApiError(503, 'internal_error', 'x')]) {
      expect(trackingLookupProblem(error)).toEqual({ kind: 'failed', message: trackingMessages.fetchFailed });
    }
  });

  it('calls anything else unexpected', () => {
    for (const error of [new ApiError(403, 'forbidden', 'x'), new TypeError('bad JSON'), 'thrown text']) {
      expect(trackingLookupProblem(error)).toEqual({ kind: 'failed', message: trackingMessages.unexpected });
    }
  });
});
