import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import type { ApiErrorBody } from '#shared/errors.ts';
import type { CustomerDataDeletion, CustomerDataLookup, CustomerDataSummary } from '#shared/customer-data/customer-data.ts';

// The calls of `/manage/customer-data`. All are POSTs: the customer's address travels in the body,
// never in an address the browser's history would keep.

export function useCustomerDataLookup() {
  return useMutation({ mutationFn: (lookup: CustomerDataLookup) => apiRequest<CustomerDataSummary>('POST', '/api/manage/customer-data/lookup', lookup) });
}

export function useDeleteCustomerData() {
  return useMutation({ mutationFn: (email: string) => apiRequest<CustomerDataDeletion>('POST', '/api/manage/customer-data/delete', { email }) });
}

/** Asks for the export and hands the JSON file to the browser as a download. */
async function downloadCustomerData(email: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/manage/customer-data/export', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as ApiErrorBody | null;
    if (payload?.error?.code) throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.fields);
    throw new ApiError(response.status, 'internal_error', `The server answered ${response.status}`);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'customer-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportCustomerData() {
  return useMutation({ mutationFn: downloadCustomerData });
}
