// @vitest-environment node
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTestimonialsFile, loadEnv, publicConfig, shutdownDrainSeconds, siteClaimsOf, ss4DesigneeOf, sampleDesignee } from './env';
import { noSiteClaims } from '#shared/site/site-claims.ts';
import { configuredClaimsEnv, configuredSiteClaims } from '#tests/support/site-claims.ts';

const base = { NODE_ENV: 'test', DATA_DIR: tmpdir() };

describe('the SS-4 designee settings', () => {
  it('names the sample designee when none is set outside production, and refuses to start in production without one', () => {
    expect(ss4DesigneeOf(loadEnv(base))).toEqual(sampleDesignee);
    expect(sampleDesignee.fax).not.toBeNull();
    expect(() => loadEnv({ ...base, NODE_ENV: 'production' })).toThrow(/In production set SS4_DESIGNEE_NAME/);
    expect(() => loadEnv({ ...base, NODE_ENV: 'production', SS4_DESIGNEE_NAME: 'EIN Filing Service LLC', SS4_DESIGNEE_ADDRESS: '1 Main St, Austin, TX 78701', SS4_DESIGNEE_PHONE: '(512) 555-0100' })).toThrow(/SS4_DESIGNEE_FAX/);
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

describe('the metrics token and the shutdown drain', () => {
  it('takes a metrics token of at least 32 characters, and none when unset or empty', () => {
    expect(loadEnv(base).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ ...base, METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ ...base, METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32));
    expect(() => loadEnv({ ...base, METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
  });

  it('drains 5 seconds in production and none elsewhere unless told, from 0 to 120', () => {
    expect(shutdownDrainSeconds(loadEnv(base))).toBe(0);
    expect(shutdownDrainSeconds({ NODE_ENV: 'production', SHUTDOWN_DRAIN_SECONDS: undefined })).toBe(5);
    expect(shutdownDrainSeconds(loadEnv({ ...base, SHUTDOWN_DRAIN_SECONDS: '2.5' }))).toBe(2.5);
    expect(shutdownDrainSeconds({ NODE_ENV: 'production', SHUTDOWN_DRAIN_SECONDS: 0 })).toBe(0);
    expect(() => loadEnv({ ...base, SHUTDOWN_DRAIN_SECONDS: '121' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(() => loadEnv({ ...base, SHUTDOWN_DRAIN_SECONDS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});

describe('the site claims settings', () => {
  function testimonialsFile(content: unknown): string {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ein-testimonials-')), 'testimonials.json');
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  }
  const refusal = (settings: Record<string, string>) => () => loadEnv({ ...base, ...settings });

  it('shows no claim when none is set', () => {
    expect(existsSync(defaultTestimonialsFile)).toBe(false);
    expect(siteClaimsOf(loadEnv(base))).toEqual(noSiteClaims);
    expect(publicConfig(loadEnv(base), 14900).claims).toEqual(noSiteClaims);
  });

  it('reads the figures, the rating with its count and source, and the testimonials file', () => {
    const env = loadEnv({ ...base, ...configuredClaimsEnv() });
    expect(siteClaimsOf(env)).toEqual(configuredSiteClaims);
    expect(publicConfig(env, 14900).claims).toEqual(configuredSiteClaims);
    // Blank values count as unset, as for every other setting.
    expect(siteClaimsOf(loadEnv({ ...base, SITE_BUSINESSES_SERVED: ' ', SITE_RATING: '', SITE_REVIEW_COUNT: '', SITE_REVIEW_SOURCE_URL: '' }))).toEqual(noSiteClaims);
  });

  it('refuses a count that is not a whole number of at least 1', () => {
    for (const value of ['50K+', '1,250', '12.5', '0', '-3', 'many', '1e6']) {
      expect(refusal({ SITE_BUSINESSES_SERVED: value }), value).toThrow(/SITE_BUSINESSES_SERVED: SITE_BUSINESSES_SERVED must be a whole number of at least 1/);
    }
    const rating = { SITE_RATING: '4.8', SITE_REVIEW_SOURCE_URL: 'https://www.trustpilot.com/review/example.com' };
    expect(refusal({ ...rating, SITE_REVIEW_COUNT: '2,847' })).toThrow(/SITE_REVIEW_COUNT: SITE_REVIEW_COUNT must be a whole number/);
  });

  it('refuses a rating outside 1 to 5, a success rate outside 1 to 100, and a source that is not a web address', () => {
    const rest = { SITE_REVIEW_COUNT: '40', SITE_REVIEW_SOURCE_URL: 'https://www.trustpilot.com/review/example.com' };
    for (const value of ['6', '0', '0.5', '5.1', '4.85', 'five', '4,8']) {
      expect(refusal({ ...rest, SITE_RATING: value }), value).toThrow(/SITE_RATING: SITE_RATING must be a rating from 1 to 5 with at most one decimal/);
    }
    expect(loadEnv({ ...base, ...rest, SITE_RATING: '5' }).SITE_RATING).toBe(5);
    expect(loadEnv({ ...base, ...rest, SITE_RATING: '1.0' }).SITE_RATING).toBe(1);
    for (const value of ['101', '99.95', '0', '98%']) {
      expect(refusal({ SITE_SUCCESS_RATE: value }), value).toThrow(/SITE_SUCCESS_RATE: SITE_SUCCESS_RATE must be a percentage from 1 to 100/);
    }
    for (const value of ['trustpilot.com', 'ftp://reviews.example.com/us', 'javascript:alert(1)']) {
      expect(refusal({ SITE_RATING: '4.8', SITE_REVIEW_COUNT: '40', SITE_REVIEW_SOURCE_URL: value }), value).toThrow(/SITE_REVIEW_SOURCE_URL: SITE_REVIEW_SOURCE_URL must be the http\(s\) address/);
    }
  });

  it('refuses a rating without its count and source, or a count or source without a rating', () => {
    const incomplete: Record<string, string>[] = [{ SITE_RATING: '4.9' }, { SITE_REVIEW_COUNT: '2847' }, { SITE_REVIEW_SOURCE_URL: 'https://example.com/reviews' }, { SITE_RATING: '4.9', SITE_REVIEW_COUNT: '2847' }];
    for (const settings of incomplete) {
      expect(refusal(settings)).toThrow(/SITE_RATING: Set SITE_RATING, SITE_REVIEW_COUNT and SITE_REVIEW_SOURCE_URL together, or none of them/);
    }
  });

  it('refuses a testimonials file it cannot use, naming the file, the entry and the field', () => {
    const valid = { quote: 'Clear questions and a quick answer from support.', name: 'Dana Whitfield', date: '2025-03-14' };
    const missing = path.join(tmpdir(), 'no-such-folder-for-testimonials', 'testimonials.json');
    expect(refusal({ SITE_TESTIMONIALS_FILE: missing })).toThrow(`SITE_TESTIMONIALS_FILE: ${missing}: no such file`);
    expect(refusal({ SITE_TESTIMONIALS_FILE: testimonialsFile('[{"quote": ') })).toThrow(/SITE_TESTIMONIALS_FILE: .*testimonials\.json: not readable JSON/);
    expect(refusal({ SITE_TESTIMONIALS_FILE: testimonialsFile({ testimonials: [valid] }) })).toThrow(/the file must hold a JSON array of testimonials/);

    const cases: [object, RegExp][] = [
      [{ ...valid, name: undefined }, /testimonial 2 \(name\): name is required/],
      [{ ...valid, name: ' ' }, /testimonial 2 \(name\): name must be the customer’s name as they agreed to have it shown/],
      [{ ...valid, quote: 'Great!' }, /testimonial 2 \(quote\): quote must be at least 10 characters/],
      [{ ...valid, date: '14/03/2025' }, /testimonial 2 \(date\): date must be written YYYY-MM-DD/],
      [{ ...valid, date: '2025-02-30' }, /testimonial 2 \(date\): date is not a calendar date/],
      [{ ...valid, date: '2999-01-01' }, /testimonial 2 \(date\): date is in the future/],
      [{ ...valid, rating: 6 }, /testimonial 2 \(rating\): rating must be a whole number of stars from 1 to 5/],
      [{ ...valid, rating: 4.5 }, /testimonial 2 \(rating\): rating must be a whole number/],
      [{ ...valid, sourceUrl: 'trustpilot' }, /testimonial 2 \(sourceUrl\): sourceUrl must be the http\(s\) address/],
      [{ ...valid, stars: 5 }, /testimonial 2: Unrecognized key: "stars"/],
      [{ ...valid, quote: 'An official and IRS-approved way to get my EIN, highly recommended.' }, /testimonial 2 \(quote\): quote uses “IRS-approved”, which the site may not show/],
    ];
    for (const [entry, message] of cases) {
      const file = testimonialsFile([valid, entry]);
      expect(refusal({ SITE_TESTIMONIALS_FILE: file }), message.source).toThrow(message);
      expect(refusal({ SITE_TESTIMONIALS_FILE: file })).toThrow(file);
    }
    expect(refusal({ SITE_TESTIMONIALS_FILE: testimonialsFile(Array.from({ length: 21 }, () => valid)) })).toThrow(/at most 20 testimonials/);
    expect(loadEnv({ ...base, SITE_TESTIMONIALS_FILE: testimonialsFile([]) }).testimonials).toEqual([]);
  });

  it('stops the server before it listens when a claim setting is wrong, naming the setting', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ein-env-')), SITE_RATING: '6', SITE_REVIEW_COUNT: '10', SITE_REVIEW_SOURCE_URL: 'https://example.com/reviews' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('Invalid environment:');
    expect(output).toContain('SITE_RATING: SITE_RATING must be a rating from 1 to 5');
    expect(output).not.toContain('listening on');
  });
});
