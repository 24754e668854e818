import { describe, expect, it } from 'vitest';
import { loginPathFor, panelHomePath, safeNextPath } from './login-redirect';

describe('safeNextPath', () => {
  it.each([
    ['/manage/users', '/manage/users'],
    ['/manage/orders/42', '/manage/orders/42'],
    ['/manage/orders?status=completed&page=2', '/manage/orders?status=completed&page=2'],
    ['/manage', '/manage'],
  ])('keeps the panel page %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/manage/orders'],
    ['//evil.example/manage/orders'],
    ['/\\evil.example/manage'],
    ['/manage/login'],
    ['/manage/login?next=/manage/users'],
    ['/managed'],
    ['/ein/step-6'],
    ['javascript:alert(1)'],
    ['/manage/../ein/step-6'],
  ])('sends %s to the panel\'s first page instead', (next) => {
    expect(safeNextPath(next)).toBe('/manage');
  });
});

describe('panelHomePath', () => {
  it('opens the dashboard for a member who sees its money, the orders list for the others', () => {
    expect(panelHomePath({ role: 'admin' })).toBe('/manage/dashboard');
    expect(panelHomePath({ role: 'fulfiller' })).toBe('/manage/orders');
    expect(panelHomePath({ role: 'support' })).toBe('/manage/orders');
  });
});

describe('loginPathFor', () => {
  it('comes back to the page with its filters', () => {
    const path = loginPathFor({ pathname: '/manage/orders/7', search: '?tab=ss4', hash: '' });
    expect(path).toBe(`/manage/login?next=${encodeURIComponent('/manage/orders/7?tab=ss4')}`);
  });

  it('needs no next for the panel\'s first page, the default', () => {
    expect(loginPathFor({ pathname: '/manage', search: '', hash: '' })).toBe('/manage/login');
  });

  it('comes back to the orders list, which is not every member\'s first page', () => {
    expect(loginPathFor({ pathname: '/manage/orders', search: '', hash: '' })).toBe(`/manage/login?next=${encodeURIComponent('/manage/orders')}`);
  });
});
