import { keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import { useManageQuery } from '#client/lib/staff/use-staff-api-error.ts';
import { fieldErrors } from '#shared/field-errors.ts';
import { auditFilterKeys, auditQuerySchema, auditSearchParams, type AuditQuery, type AuditResponse } from '#shared/audit/audit.ts';

/** What the address holds for the screen: its filters and page as typed, not yet checked. */
export type AuditAddress = Partial<Record<(typeof auditFilterKeys)[number] | 'after', string>>;

export function readAuditAddress(searchParams: URLSearchParams): AuditAddress {
  const address: AuditAddress = {};
  for (const key of [...auditFilterKeys, 'after'] as const) {
    const value = searchParams.get(key);
    if (value) address[key] = value;
  }
  return address;
}

/** The address checked with the server's own rules: the query, or the message of each field at fault. */
export function checkAuditAddress(address: AuditAddress): { query: AuditQuery; errors: null } | { query: null; errors: Record<string, string[]> } {
  const parsed = auditQuerySchema.safeParse(address);
  return parsed.success ? { query: parsed.data, errors: null } : { query: null, errors: fieldErrors(parsed.error) };
}

/** The CSV export of the filters the screen shows (every page of them). */
export function auditCsvHref(query: AuditQuery): string {
  const { after: _after, ...filters } = query;
  const params = auditSearchParams(filters).toString();
  return params ? `/api/manage/audit.csv?${params}` : '/api/manage/audit.csv';
}

/** One page of the audit trail; the previous page stays on screen while the next loads. */
export function useAuditTrail(query: AuditQuery | null) {
  return useManageQuery({
    queryKey: ['manage-audit', query],
    queryFn: () => {
      const params = auditSearchParams(query!).toString();
      return apiRequest<AuditResponse>('GET', params ? `/api/manage/audit?${params}` : '/api/manage/audit');
    },
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
