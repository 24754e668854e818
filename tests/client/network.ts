import { afterAll, afterEach, beforeAll } from 'vitest';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { statusByErrorCode, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';

// The one network fake for client tests: MSW answers at the network edge, so the page's own fetch
// layer (`apiRequest`) runs as in the browser. Importing this module starts it for the test file;
// a request no test answered fails the call (and the test) loudly.

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request the page made, in the order it made them. `body` is the parsed JSON, if any. */
export type RecordedRequest = { method: string; path: string; search: URLSearchParams; body: unknown };

type Respond = (request: RecordedRequest) => Response | Promise<Response>;

export const network = setupServer();

const recorded: RecordedRequest[] = [];
// The body is read as the request starts; an answer waits for it, so the test sees it before the page
// sees the answer.
const byRequestId = new Map<string, Promise<RecordedRequest>>();

network.events.on('request:start', ({ request, requestId }) => {
  const url = new URL(request.url);
  const entry: RecordedRequest = { method: request.method, path: url.pathname, search: url.searchParams, body: undefined };
  recorded.push(entry);
  byRequestId.set(
    requestId,
    request
      .clone()
      .text()
      .then((text) => {
        entry.body = text ? (JSON.parse(text) as unknown) : undefined;
        return entry;
      }),
  );
});

beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  network.resetHandlers();
  recorded.length = 0;
  byRequestId.clear();
});
afterAll(() => network.close());

const handlerFor = { GET: http.get, POST: http.post, PATCH: http.patch, PUT: http.put, DELETE: http.delete } as const;

/**
 * Answers requests for the rest of the test: `'GET /api/manage/session'` and the like (any query
 * string) map to what the server would answer. Later calls add to (and override) earlier ones.
 */
export function serve(routes: Partial<Record<`${Method} ${string}`, Respond>>): void {
  for (const [route, respond] of Object.entries(routes)) {
    const [method, path] = route.split(' ') as [Method, string];
    network.use(
      handlerFor[method](path, async ({ requestId }) => {
        const request = await byRequestId.get(requestId);
        if (!request || !respond) throw new Error(`${route} was answered before it was recorded`);
        return respond(request);
      }),
    );
  }
}

export function jsonResponse(body: unknown, status = 200): Response {
  return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json(body as JsonBodyType, { status });
}

/** The error answer the server's error handler writes. */
export function errorResponse(code: ErrorCode, message: string, fields?: Record<string, string[]>): Response {
  const body: ApiErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return HttpResponse.json(body, { status: statusByErrorCode[code] });
}

/** No answer at all: the browser's fetch rejects, as with no connection. */
export function networkFailure(): Response {
  return HttpResponse.error();
}

/** An answer the test gives when it likes, e.g. to look at the page while it waits. */
export function laterResponse(): { response: () => Promise<Response>; respond: (response: Response) => void } {
  let respond: (response: Response) => void = () => {};
  const ready = new Promise<Response>((resolve) => (respond = resolve));
  return { response: () => ready, respond: (response) => respond(response) };
}

/** Every request the page made in this test, in order. */
export function requests(): readonly RecordedRequest[] {
  return recorded;
}

/** The requests made to `method path`, in order. */
export function requestsTo(method: Method, path: string): RecordedRequest[] {
  return recorded.filter((entry) => entry.method === method && entry.path === path);
}
