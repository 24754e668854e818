import { describe, expect, it } from 'vitest';
import { signedInPageQueries, signedInPages } from './signed-in-pages';

describe('the staff pages rendered signed in', () => {
  it('list every query those pages render from, once each, with the session first on every page', () => {
    const used = new Map(Object.values(signedInPages).flat().map((query) => [query.url, query]));
    expect(new Set(signedInPageQueries.map((query) => query.url))).toEqual(new Set(used.keys()));
    expect(signedInPageQueries).toHaveLength(used.size);
    for (const queries of Object.values(signedInPages)) expect(queries[0]?.url).toBe('/api/manage/session');
  });
});
