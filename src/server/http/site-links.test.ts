import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { manageOrderUrl, siteOrigin, trackingUrl } from './site-links';

const request = { protocol: 'http', host: 'localhost:3101' } as FastifyRequest;

describe('links in e-mails', () => {
  it('use PUBLIC_URL when it is set, without a trailing slash', () => {
    expect(siteOrigin({ PUBLIC_URL: 'https://ein.example.com/', PORT: 3000 }, request)).toBe('https://ein.example.com');
  });

  it('otherwise use the address the request came in on, and localhost without a request', () => {
    expect(siteOrigin({ PUBLIC_URL: undefined, PORT: 3000 }, request)).toBe('http://localhost:3101');
    expect(siteOrigin({ PUBLIC_URL: undefined, PORT: 3000 })).toBe('http://localhost:3000');
  });

  it("point at the order's page in the panel and at the filled-in tracking page", () => {
    expect(manageOrderUrl('https://ein.example.com', 42)).toBe('https://ein.example.com/manage/orders/42');
    expect(trackingUrl('https://ein.example.com', 'HFE12W87EQ23')).toBe('https://ein.example.com/track-application?number=HFE12W87EQ23');
  });
});
