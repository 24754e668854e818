// @vitest-environment node
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadEnv, ss4DesigneeOf } from './env';

const base = { NODE_ENV: 'test', DATA_DIR: tmpdir() };

describe('the SS-4 designee settings', () => {
  it('leaves the designee out when none is set', () => {
    expect(ss4DesigneeOf(loadEnv(base))).toBeNull();
  });

  it('reads the designee, the fax optional', () => {
    const env = loadEnv({ ...base, SS4_DESIGNEE_NAME: 'EIN Filing Service LLC', SS4_DESIGNEE_ADDRESS: '1 Main St, Austin, TX 78701', SS4_DESIGNEE_PHONE: '(512) 555-0100' });
    expect(ss4DesigneeOf(env)).toEqual({ name: 'EIN Filing Service LLC', address: '1 Main St, Austin, TX 78701', phone: '(512) 555-0100', fax: null });
  });

  it('refuses to start with part of a designee or a telephone that is not one', () => {
    expect(() => loadEnv({ ...base, SS4_DESIGNEE_NAME: 'EIN Filing Service LLC' })).toThrow(/SS4_DESIGNEE_NAME, SS4_DESIGNEE_ADDRESS and SS4_DESIGNEE_PHONE together/);
    expect(() => loadEnv({ ...base, SS4_DESIGNEE_FAX: '(512) 555-0101' })).toThrow(/together/);
    expect(() =>
      loadEnv({ ...base, SS4_DESIGNEE_NAME: 'A', SS4_DESIGNEE_ADDRESS: 'B', SS4_DESIGNEE_PHONE: 'call us' }),
    ).toThrow(/SS4_DESIGNEE_PHONE looks like/);
  });
});
