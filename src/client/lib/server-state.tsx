import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { m } from '#shared/i18n/messages.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Server state for the pages that talk to the API. A layout route loaded with those pages only, so
 * the public pages and wizard steps 1-5 do not carry the query library.
 */
export function ServerStateLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster position="top-center" richColors closeButton containerAriaLabel={m.errors_notifications_label()} toastOptions={{ closeButtonAriaLabel: m.errors_notification_close() }} />
    </QueryClientProvider>
  );
}
