// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationStorageKey, readSavedApplication, restoreSection, saveSection } from './application-storage';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the saved application', () => {
  it('is null when nothing is saved', () => {
    expect(readSavedApplication()).toBeNull();
  });

  it('logs and ignores a value that is not JSON', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(applicationStorageKey, '{broken');
    expect(readSavedApplication()).toBeNull();
    expect(log).toHaveBeenCalledWith('Ignoring a saved application that is not valid JSON', expect.any(SyntaxError));
  });

  it('logs and drops a damaged section, keeping the others', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(applicationStorageKey, JSON.stringify({ version: 1, company: { companyName: 'Acme' }, contact: 'oops' }));
    expect(readSavedApplication()).toEqual({ version: 1, company: { companyName: 'Acme' } });
    expect(log).toHaveBeenCalledWith('Ignoring the saved "contact" answers: not an object');
  });

  it('saves one page, replacing its earlier answers and keeping the other pages', () => {
    sessionStorage.setItem(
      applicationStorageKey,
      JSON.stringify({ version: 1, company: { companyName: 'Old', tradeName: 'Stale' }, registration: { city: 'Austin' } }),
    );
    saveSection('company', { companyName: 'New' } as never);
    expect(JSON.parse(sessionStorage.getItem(applicationStorageKey) ?? '')).toEqual({
      version: 1,
      company: { companyName: 'New' },
      registration: { city: 'Austin' },
    });
  });
});

describe('restoring a page from saved answers', () => {
  const defaults = { name: '', agreed: false, kinds: [] as string[], counts: { a: '', b: '' }, date: '' };

  it('puts saved values back over the empty form, dates included', () => {
    expect(restoreSection(defaults, { name: 'Acme', agreed: true, kinds: ['x'], counts: { a: '2' }, date: '2026-01-31' })).toEqual({
      name: 'Acme',
      agreed: true,
      kinds: ['x'],
      counts: { a: '2', b: '' },
      date: '2026-01-31',
    });
  });

  it('ignores unknown fields and logs values of the wrong kind', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(restoreSection(defaults, { name: 42, agreed: 'yes', kinds: [1], extra: 'x' }, 'company')).toEqual(defaults);
    expect(log).toHaveBeenCalledWith('Ignoring the saved value of company.name: unexpected type');
    expect(log).toHaveBeenCalledWith('Ignoring the saved value of company.agreed: unexpected type');
    expect(log).toHaveBeenCalledWith('Ignoring the saved value of company.kinds: unexpected type');
  });

  it('returns the empty form when the saved section is not an object', () => {
    expect(restoreSection(defaults, 'nonsense')).toEqual(defaults);
  });
});
