// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { auditMessages, type AuditResponse, type AuditRow } from '#shared/audit/audit.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { currentLocation, renderPage } from '#tests/client/render.tsx';
import { paths } from '#client/paths.ts';
import { AuditPage } from './audit-page';

const reveal: AuditRow = {
  id: 7,
  at: '2026-11-20T15:04:05.000Z',
  action: 'ssn_revealed',
  actionLabel: 'SSN revealed',
  actor: { id: 'u-ada', email: 'ada@example.com', name: 'Ada Admin' },
  order: { id: 12, number: 'K7Q2M9X4B1ZP' },
  target: 'order:12',
  detail: { result: 'readable' },
  ipAddress: '203.0.113.5',
};
const failedSignIn: AuditRow = {
  id: 6,
  at: '2026-11-20T15:00:00.000Z',
  action: 'sign_in_failed',
  actionLabel: 'Failed sign-in',
  actor: null,
  order: null,
  target: 'someone@example.com',
  detail: null,
  ipAddress: '198.51.100.2',
};
const page: AuditResponse = { rows: [reveal, failedSignIn], next: 'NEXTCURSOR', members: [{ id: 'u-ada', name: 'Ada Admin', email: 'ada@example.com' }] };

function renderAudit(url: string = paths.manageAudit, answer: () => Response = () => jsonResponse(page)) {
  serve({ 'GET /api/manage/audit': answer });
  return renderPage(
    <Routes>
      <Route path={paths.manageAudit} element={<AuditPage />} />
    </Routes>,
    { url },
  );
}

describe('AuditPage', () => {
  it('shows who, what, which order (linked), when and from where, and an export of the same filters', async () => {
    renderAudit(`${paths.manageAudit}?action=ssn_revealed&from=2026-11-01`);
    const rows = within(await screen.findByRole('table', { name: 'Audit trail' })).getAllByRole('row');
    const cells = within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Nov 20, 2026, 15:04:05 UTC', 'Ada Adminada@example.com', 'SSN revealedResult: shown', 'K7Q2M9X4B1ZP', '203.0.113.5']);
    expect(within(rows[1]!).getByRole('link', { name: 'K7Q2M9X4B1ZP' }).getAttribute('href')).toBe('/manage/orders/12');
    expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toBe('Not signed in');
    expect(requestsTo('GET', '/api/manage/audit')[0]!.search.toString()).toBe('action=ssn_revealed&from=2026-11-01');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/manage/audit.csv?action=ssn_revealed&from=2026-11-01');
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('ssn_revealed');
  });

  it('writes each detail in words, amounts in dollars and accounts by name, and wraps e-mail addresses only between their parts', async () => {
    const refund: AuditRow = {
      ...reveal,
      id: 8,
      action: 'refund_created',
      actionLabel: 'Refund issued',
      detail: { refundId: 3, amountCents: 14900, reason: 'duplicate_payment' },
    };
    const assignment: AuditRow = { ...reveal, id: 9, action: 'order_assignment_changed', actionLabel: 'Order reassigned', detail: { from: null, to: 'u-ada' } };
    renderAudit(paths.manageAudit, () => jsonResponse({ ...page, rows: [refund, assignment, failedSignIn] }));
    const rows = within(await screen.findByRole('table', { name: 'Audit trail' })).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell')[2]!.textContent).toBe('Refund issuedRefund: #3; Amount: $149.00; Reason: Duplicate payment');
    expect(within(rows[2]!).getAllByRole('cell')[2]!.textContent).toBe('Order reassignedFrom: nobody; To: Ada Admin');
    expect(screen.getByRole('table', { name: 'Audit trail' }).textContent).not.toMatch(/amountCents|byRefund|refundId/);

    // An address may wrap before its "@" and dots, never inside a name: no break-all, <wbr> at those points.
    const email = within(rows[1]!).getAllByRole('cell')[1]!.querySelector('span span:last-child')!;
    expect(email.textContent).toBe('ada@example.com');
    expect(email.className).not.toContain('break-all');
    expect(email.innerHTML).toBe('ada<wbr>@example<wbr>.com');
    const typed = within(rows[3]!).getAllByRole('cell')[3]!;
    expect(typed.textContent).toBe('someone@example.com');
    expect(typed.innerHTML).toContain('someone<wbr>@example<wbr>.com');
  });

  it('keeps a changed filter in the address and starts again from the newest rows', async () => {
    const { user } = renderAudit(`${paths.manageAudit}?after=OLDCURSOR`);
    await screen.findByRole('table', { name: 'Audit trail' });
    await user.selectOptions(screen.getByLabelText('Member'), 'u-ada');
    await waitFor(() => expect(currentLocation().search.toString()).toBe('member=u-ada'));
    await user.click(screen.getByRole('button', { name: /Older entries/ }));
    await waitFor(() => expect(currentLocation().search.get('after')).toBe('NEXTCURSOR'));
    expect(currentLocation().search.get('member')).toBe('u-ada');
  });

  it('explains a reversed date range without asking the server', async () => {
    renderAudit(`${paths.manageAudit}?from=2026-05-02&to=2026-05-01`);
    expect(await screen.findByText(auditMessages.dateRangeReversed)).toBeTruthy();
    expect(screen.getByText('Correct the highlighted filters to see the entries.')).toBeTruthy();
    expect(requestsTo('GET', '/api/manage/audit')).toHaveLength(0);
  });

  it('shows a fulfiller the refusal and no rows', async () => {
    renderAudit(paths.manageAudit, () => errorResponse('permission_denied', staffMessages.adminsOnly));
    expect((await screen.findByRole('alert')).textContent).toBe(staffMessages.accessDenied);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });
});
