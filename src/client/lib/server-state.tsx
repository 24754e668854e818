import { createContext, useContext } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { m } from '#shared/i18n/messages.ts';
import { signedInPageQueries, type PageAnswer } from '#shared/site/signed-in-pages.ts';
import { peekPageAnswer } from './page-answers';

/** The app's query client; the server renders each signed-in page with one of its own (`RenderQueryClient`). */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Puts the successful answers a page was rendered from in `client`, as its queries' data. */
export function fillFromAnswers(client: QueryClient, answerTo: (url: string) => PageAnswer | undefined): QueryClient {
  for (const query of signedInPageQueries) {
    const answer = answerTo(query.url);
    if (answer?.status === 200) client.setQueryData(query.key, answer.body);
  }
  return client;
}

// In the browser, a page the server rendered signed in hydrates with the data it was rendered from.
const queryClient = fillFromAnswers(createAppQueryClient(), peekPageAnswer);

/** The query client of one server render: each render has its own, so no member's data reaches another's page. */
export const RenderQueryClient = createContext<QueryClient | null>(null);

/**
 * Server state for the pages that talk to the API. A layout route loaded with those pages only, so
 * the public pages and wizard steps 1-5 do not carry the query library.
 */
export function ServerStateLayout() {
  const client = useContext(RenderQueryClient) ?? queryClient;
  return (
    <QueryClientProvider client={client}>
      <Outlet />
      <Toaster position="top-center" richColors closeButton containerAriaLabel={m.errors_notifications_label()} toastOptions={{ closeButtonAriaLabel: m.errors_notification_close() }} />
    </QueryClientProvider>
  );
}
