// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { commentAddedEvent, type OrderComment } from '#shared/fulfilment/comments.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { FakeEventSource } from '#tests/client/event-source.ts';
import { errorResponse, jsonResponse, laterResponse, requestsTo, serve } from '#tests/client/network.ts';
import { adminUser as admin, fulfillerUser, supportUser } from '#tests/client/staff.ts';
import { CommentsCard } from './comments-card';
import { renderOrderScreen } from '#tests/client/render-order-screen.tsx';
import { resetPage } from '#tests/client/render.tsx';

beforeEach(() => FakeEventSource.install());

const commentsUrl = '/api/manage/orders/42/comments';

function comment(overrides: Partial<OrderComment> = {}): OrderComment {
  return {
    id: 1,
    orderId: 42,
    text: 'Called the customer',
    // 2:05 PM on Nov 21, 2026 wherever the test runs.
    createdAt: new Date(2026, 10, 21, 14, 5).toISOString(),
    author: { id: 'fulfiller-1', name: 'Fran Fulfiller', email: 'fran@example.com' },
    ...overrides,
  };
}

function renderCard({ staff = admin, assignedTo = null }: { staff?: typeof admin; assignedTo?: string | null } = {}) {
  return renderOrderScreen({ staff, element: <CommentsCard orderId={42} assignedTo={assignedTo} /> });
}

const textArea = () => screen.getByRole('textbox', { name: 'New comment' }) as HTMLTextAreaElement;
const addButton = () => screen.getByRole('button', { name: /Add Comment|Adding\.\.\./ }) as HTMLButtonElement;
const gets = () => requestsTo('GET', commentsUrl).length;

describe('CommentsCard', () => {
  it('shows its subtitle, says it is loading, then that there are no comments', async () => {
    const list = laterResponse();
    serve({ [`GET ${commentsUrl}`]: list.response });
    renderCard();
    expect(screen.getByRole('heading', { level: 2, name: 'Order Comments' })).toBeTruthy();
    expect(screen.getByText('Add updates and communicate about this order')).toBeTruthy();
    expect(screen.getByText('Loading comments...')).toBeTruthy();
    list.respond(jsonResponse({ comments: [] }));
    expect(await screen.findByText('No comments yet')).toBeTruthy();
    expect(textArea().placeholder).toBe('Add a comment about this order...');
    expect(textArea().rows).toBe(3);
  });

  it('lists each comment with its author, e-mail, short-month Eastern time named, and line breaks, or "Unknown User"', async () => {
    serve({
      [`GET ${commentsUrl}`]: () =>
        jsonResponse({ comments: [comment({ id: 2, text: 'First line\nSecond line' }), comment({ id: 1, author: null, text: 'From a deleted account' })] }),
    });
    renderCard();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Fran Fulfiller')).toBeTruthy();
    expect(within(first).getByText('fran@example.com')).toBeTruthy();
    expect(within(first).getByText('Nov 21, 2026, 9:05 AM EST')).toBeTruthy();
    const text = within(first).getByText(/First line/);
    expect(text.textContent).toBe('First line\nSecond line');
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(within(second).getByText('Unknown User')).toBeTruthy();
  });

  it('offers the comment form to a support member on any order and a fulfiller on their own, and only the comments otherwise', async () => {
    serve({ [`GET ${commentsUrl}`]: () => jsonResponse({ comments: [comment()] }) });
    renderCard({ staff: supportUser });
    expect(await screen.findByText('Called the customer')).toBeTruthy();
    expect(textArea()).toBeTruthy();
    expect(addButton()).toBeTruthy();
    resetPage();
    FakeEventSource.install();

    renderCard({ staff: fulfillerUser, assignedTo: fulfillerUser.id });
    expect(await screen.findByText('Called the customer')).toBeTruthy();
    expect(textArea()).toBeTruthy();
    resetPage();
    FakeEventSource.install();

    // Someone else's order: a fulfiller may not comment on it (the server refuses it too).
    renderCard({ staff: fulfillerUser, assignedTo: admin.id });
    expect(await screen.findByText('Called the customer')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'New comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Comment' })).toBeNull();
  });

  it('keeps Add Comment disabled while the text is empty or only spaces', async () => {
    serve({ [`GET ${commentsUrl}`]: () => jsonResponse({ comments: [] }) });
    const { user } = renderCard();
    await screen.findByText('No comments yet');
    expect(addButton().disabled).toBe(true);
    await user.type(textArea(), '   ');
    expect(addButton().disabled).toBe(true);
    await user.type(textArea(), 'x');
    expect(addButton().disabled).toBe(false);
  });

  it('saves the trimmed text, shows "Adding..." meanwhile, then clears the box and reloads the list', async () => {
    let saved: unknown;
    let finish: () => void = () => {};
    let comments: OrderComment[] = [];
    serve({
      [`GET ${commentsUrl}`]: () => jsonResponse({ comments }),
      [`POST ${commentsUrl}`]: ({ body }) =>
        new Promise<Response>((resolve) => {
          saved = body;
          finish = () => {
            comments = [comment({ id: 7, text: 'Checked the SS-4', author: { id: admin.id, name: admin.name, email: admin.email } })];
            resolve(jsonResponse({ comment: comments[0] }, 201));
          };
        }),
    });
    const { user } = renderCard();
    await screen.findByText('No comments yet');
    await user.type(textArea(), '  Checked the SS-4  ');
    await user.click(addButton());

    expect(addButton().textContent).toBe('Adding...');
    expect(addButton().disabled).toBe(true);
    await waitFor(() => expect(saved).toEqual({ text: 'Checked the SS-4' }));
    finish();

    expect(await screen.findByText(staffMessages.commentAdded)).toBeTruthy();
    expect(await screen.findByText('Checked the SS-4')).toBeTruthy();
    expect(textArea().value).toBe('');
    expect(addButton().textContent).toBe('Add Comment');
    expect(gets()).toBe(2);
  });

  it('says so when a comment cannot be added, and keeps the text', async () => {
    serve({ [`GET ${commentsUrl}`]: () => jsonResponse({ comments: [] }), [`POST ${commentsUrl}`]: () => errorResponse('internal_error', 'Internal error') });
    const { user } = renderCard();
    await screen.findByText('No comments yet');
    await user.type(textArea(), 'Will call back');
    await user.click(addButton());
    expect(await screen.findByText(staffMessages.addCommentFailed)).toBeTruthy();
    expect(textArea().value).toBe('Will call back');
  });

  it('asks to sign in again when the session has ended', async () => {
    serve({ [`GET ${commentsUrl}`]: () => jsonResponse({ comments: [] }), [`POST ${commentsUrl}`]: () => errorResponse('unauthorized', staffMessages.notAuthenticated) });
    const { user } = renderCard();
    await screen.findByText('No comments yet');
    await user.type(textArea(), 'Hello');
    await user.click(addButton());
    expect(await screen.findByText(staffMessages.loginToComment)).toBeTruthy();
  });

  it('tells when the comments cannot be loaded', async () => {
    serve({ [`GET ${commentsUrl}`]: () => errorResponse('internal_error', 'Internal error') });
    renderCard();
    // (After the one retry of a server fault, about a second later.)
    expect(await screen.findByText(staffMessages.loadCommentsFailed, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("reloads the list when the server says a comment was added, announces someone else's, and stops listening on leaving", async () => {
    let comments: OrderComment[] = [];
    serve({ [`GET ${commentsUrl}`]: () => jsonResponse({ comments }) });
    const { unmount } = renderCard();
    await screen.findByText('No comments yet');

    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe(`${commentsUrl}/events`);

    comments = [comment({ id: 9, text: 'Added in another browser' })];
    source.emit(commentAddedEvent, { orderId: 42, commentId: 9 });
    expect(await screen.findByText('Added in another browser')).toBeTruthy();
    expect(gets()).toBe(2);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('New comment from Fran Fulfiller'));

    unmount();
    expect(source.closed).toBe(true);
  });

  it('does not announce a comment the signed-in user wrote', async () => {
    let comments: OrderComment[] = [];
    serve({ [`GET ${commentsUrl}`]: () => jsonResponse({ comments }) });
    renderCard();
    await screen.findByText('No comments yet');
    comments = [comment({ id: 3, text: 'Mine', author: { id: admin.id, name: admin.name, email: admin.email } })];
    (FakeEventSource.instances[0] as FakeEventSource).emit(commentAddedEvent, { orderId: 42, commentId: 3 });
    expect(await screen.findByText('Mine')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('reloads after a dropped connection comes back, not on the first connection', async () => {
    serve({ [`GET ${commentsUrl}`]: () => jsonResponse({ comments: [] }) });
    renderCard();
    await screen.findByText('No comments yet');
    const source = FakeEventSource.instances[0] as FakeEventSource;
    source.emit('open');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets()).toBe(1);
    source.emit('open');
    await waitFor(() => expect(gets()).toBe(2));
  });
});
