// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { useSearchParamsNow } from './use-search-params-now';

afterEach(cleanup);

/** Two filters changed by one click, before the page renders again, as a quick hand on a busy computer does. */
function Filters() {
  const [searchParams, update] = useSearchParamsNow();
  const set = (key: string, value: string) =>
    update((current) => {
      current.set(key, value);
      return current;
    });
  return (
    <>
      <output>{searchParams.toString()}</output>
      <button
        onClick={() => {
          set('action', 'ssn_revealed');
          set('member', 'm1');
        }}
      >
        Both
      </button>
      <button onClick={() => set('order', 'abc')}>Order</button>
      <Link to="?page=2">Elsewhere</Link>
    </>
  );
}

function renderFiltersAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Filters />
    </MemoryRouter>,
  );
}

describe('useSearchParamsNow', () => {
  it('keeps both of two changes made before the page renders again', () => {
    renderFiltersAt('/manage/audit?from=2026-12-01');
    fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    expect(screen.getByRole('status').textContent).toBe('from=2026-12-01&action=ssn_revealed&member=m1');
  });

  it('starts from an address a link brought, not from its own last change', () => {
    renderFiltersAt('/manage/audit');
    fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(screen.getByRole('status').textContent).toBe('page=2&order=abc');
  });
});
