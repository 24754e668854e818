// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { orderComments, user, type Database } from '#server/db/index.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { registerErrorHandler } from '#server/http/index.ts';
import { registerStaffGuard } from '#server/staff/index.ts';
import { signIn, staffInject, withStaffApp, type SignedInMember, type StaffTestApp } from '#tests/support/staff-app.ts';
import { commentAddedEvent, maxCommentLength, type CommentResponse, type CommentsResponse } from '#shared/fulfilment/comments.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { commentEventsChannel, createCommentEventHub, parseCommentAddedEvent } from './comment-events';
import { registerOrderCommentRoutes } from './routes';
import { useRouteSchemas } from '#server/api-document/index.ts';

const commentsUrl = (orderId: number) => `/api/manage/orders/${orderId}/comments`;
const eventsUrl = (orderId: number) => `/api/manage/orders/${orderId}/comments/events`;

/** A server-sent event stream read over a real socket, as a browser's EventSource reads it. */
type EventStream = {
  response: http.IncomingMessage;
  text: () => string;
  /** Resolves once the text received so far passes `test`. */
  waitFor: (test: (text: string) => boolean, timeoutMs?: number) => Promise<string>;
  ended: Promise<void>;
  close: () => void;
};

function openEventStream(app: FastifyInstance, url: string, cookie: string): Promise<EventStream> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' } });
    request.on('error', reject);
    request.on('response', (response) => {
      let received = '';
      const waiters = new Set<() => void>();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        for (const waiter of [...waiters]) waiter();
      });
      response.on('error', () => {});
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      resolve({
        response,
        text: () => received,
        ended,
        close: () => request.destroy(),
        waitFor: (test, timeoutMs = 5000) =>
          new Promise((done, fail) => {
            const check = () => {
              if (!test(received)) return;
              waiters.delete(check);
              clearTimeout(timer);
              done(received);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`Timed out; received so far: ${JSON.stringify(received)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
      });
    });
  });
}

/** The `data` of every `comment-added` event in the text. */
function commentEvents(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith(`event: ${commentAddedEvent}\n`))
    .map((block) => JSON.parse(block.split('\n').find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? 'null'));
}

describe.each(testDatabaseKinds)('order comments on %s', (kind) => {
  // Listening too, for the live events below.
  const harness = withStaffApp(kind, { listen: true });
  let app: FastifyInstance;
  let admin: SignedInMember;
  let fulfiller: SignedInMember;

  beforeAll(async () => {
    app = harness.app;
    admin = await harness.signedIn({ role: 'admin', name: 'Ada Admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Fred Fulfiller' });
  });

  it('lists comments newest first with their authors', async () => {
    const order = await createPaidOrder(harness.database.db);
    await harness.database.db.insert(orderComments).values([
      { orderId: order.id, userId: admin.id, commentText: 'First\nsecond line', createdAt: new Date('2025-03-01T10:00:00Z') },
      { orderId: order.id, userId: fulfiller.id, commentText: 'Latest', createdAt: new Date('2025-03-02T10:00:00Z') },
    ]);
    const other = await createPaidOrder(harness.database.db);
    await harness.database.db.insert(orderComments).values({ orderId: other.id, userId: admin.id, commentText: 'Elsewhere' });

    const response = await staffInject(app, admin.cookie, 'GET', commentsUrl(order.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { comments } = response.json<CommentsResponse>();
    expect(comments.map((comment) => comment.text)).toEqual(['Latest', 'First\nsecond line']);
    expect(comments[0]).toStrictEqual({
      id: expect.any(Number),
      orderId: order.id,
      text: 'Latest',
      createdAt: '2025-03-02T10:00:00.000Z',
      author: { id: fulfiller.id, name: 'Fred Fulfiller', email: fulfiller.email },
    });
    expect(comments[1]?.author).toStrictEqual({ id: admin.id, name: 'Ada Admin', email: admin.email });
  });

  it('adds a trimmed comment and answers it with its author', async () => {
    const order = await createPaidOrder(harness.database.db);
    const response = await staffInject(app, admin.cookie, 'POST', commentsUrl(order.id), { text: '  Called the IRS.\nWaiting.  ' });
    expect(response.statusCode).toBe(201);
    const { comment } = response.json<CommentResponse>();
    expect(comment).toStrictEqual({
      id: expect.any(Number),
      orderId: order.id,
      text: 'Called the IRS.\nWaiting.',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      author: { id: admin.id, name: 'Ada Admin', email: admin.email },
    });
    const [stored] = await harness.database.db.select().from(orderComments).where(eq(orderComments.id, comment.id));
    expect(stored).toMatchObject({ orderId: order.id, userId: admin.id, commentText: 'Called the IRS.\nWaiting.' });

    const listed = (await staffInject(app, admin.cookie, 'GET', commentsUrl(order.id))).json<CommentsResponse>();
    expect(listed.comments).toStrictEqual([comment]);
  });

  it.each([
    ['empty', { text: '' }, staffMessages.commentRequired],
    ['whitespace only', { text: ' \n\t ' }, staffMessages.commentRequired],
    ['too long', { text: 'x'.repeat(maxCommentLength + 1) }, staffMessages.commentTooLong],
  ])('refuses a comment that is %s, and stores nothing', async (_case, payload, message) => {
    const order = await createPaidOrder(harness.database.db);
    const response = await staffInject(app, admin.cookie, 'POST', commentsUrl(order.id), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed', fields: { text: [message] } } });
    expect(await harness.database.db.select().from(orderComments).where(eq(orderComments.orderId, order.id))).toEqual([]);
  });

  it('accepts a comment of exactly the longest length, and refuses unknown fields', async () => {
    const order = await createPaidOrder(harness.database.db);
    const longest = await staffInject(app, admin.cookie, 'POST', commentsUrl(order.id), { text: 'y'.repeat(maxCommentLength) });
    expect(longest.statusCode).toBe(201);
    const extra = await staffInject(app, admin.cookie, 'POST', commentsUrl(order.id), { text: 'ok', userId: admin.id });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps the comments of a deleted account, with no author', async () => {
    const order = await createPaidOrder(harness.database.db);
    const leaver = await harness.signedIn({ role: 'admin', name: 'Leaving Soon' });
    const added = await staffInject(app, leaver.cookie, 'POST', commentsUrl(order.id), { text: 'Before I go' });
    expect(added.statusCode).toBe(201);
    await harness.database.db.delete(user).where(eq(user.id, leaver.id));

    const { comments } = (await staffInject(app, admin.cookie, 'GET', commentsUrl(order.id))).json<CommentsResponse>();
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ text: 'Before I go', author: null });
  });

  it("shows a fulfiller the comments of their own orders only; others' are 404 on every route", async () => {
    const own = await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id });
    const others = await createPaidOrder(harness.database.db, { assignedTo: admin.id });
    await harness.database.db.insert(orderComments).values({ orderId: others.id, userId: admin.id, commentText: 'Secret' });

    expect((await staffInject(app, fulfiller.cookie, 'GET', commentsUrl(own.id))).statusCode).toBe(200);
    expect((await staffInject(app, fulfiller.cookie, 'POST', commentsUrl(own.id), { text: 'Mine' })).statusCode).toBe(201);

    for (const [method, url, payload] of [
      ['GET', commentsUrl(others.id), undefined],
      ['POST', commentsUrl(others.id), { text: 'Not mine' }],
      ['GET', eventsUrl(others.id), undefined],
    ] as const) {
      const response = await staffInject(app, fulfiller.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toStrictEqual({ error: { code: 'not_found', message: staffMessages.orderNotFound } });
      expect(response.body).not.toContain('Secret');
    }
    const stored = await harness.database.db.select().from(orderComments).where(eq(orderComments.orderId, others.id));
    expect(stored.map((row) => row.commentText)).toEqual(['Secret']);
  });

  it('answers 404 for an order that does not exist, and 401 without a session', async () => {
    for (const url of [commentsUrl(99_999_999), eventsUrl(99_999_999), commentsUrl(Number.NaN)]) {
      expect((await staffInject(app, admin.cookie, 'GET', url)).statusCode).toBe(404);
    }
    const order = await createPaidOrder(harness.database.db);
    for (const [method, url] of [
      ['GET', commentsUrl(order.id)],
      ['POST', commentsUrl(order.id)],
      ['GET', eventsUrl(order.id)],
    ] as const) {
      const response = await staffInject(app, null, method, url, method === 'POST' ? { text: 'Anonymous' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('live events over a listening server', () => {
    let second: StaffTestApp;

    beforeAll(async () => {
      // Instances of one service share its keys (README: several instances), as the authenticator
      // secrets they read are sealed with them.
      second = await harness.startAnotherApp();
    });

    it("streams a comment added through another app instance, and nothing of another order's", async () => {
      const order = await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id });
      const otherOrder = await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id });
      const stream = await openEventStream(app, eventsUrl(order.id), fulfiller.cookie);
      try {
        expect(stream.response.statusCode).toBe(200);
        await stream.waitFor((text) => text.includes(': connected\n\n'));
        expect(stream.text().startsWith('retry: 3000\n')).toBe(true);

        // Written by the other instance, which shares only the database with this one.
        const secondCookie = await signIn(second.app, admin);
        const elsewhere = await staffInject(second.app, secondCookie, 'POST', commentsUrl(otherOrder.id), { text: 'Other order' });
        expect(elsewhere.statusCode).toBe(201);
        const added = await staffInject(second.app, secondCookie, 'POST', commentsUrl(order.id), { text: 'Live!' });
        expect(added.statusCode).toBe(201);
        const { comment } = added.json<CommentResponse>();

        await stream.waitFor((text) => commentEvents(text).length > 0);
        expect(commentEvents(stream.text())).toStrictEqual([{ orderId: order.id, commentId: comment.id }]);
        expect(stream.text()).toContain(`event: comment-added\ndata: {"orderId":${order.id},"commentId":${comment.id}}\n\n`);

        // A notification for another order, sent after one for this order, is still not passed on.
        await harness.database.db.execute(sql`select pg_notify(${harness.database.channel(commentEventsChannel)}, ${JSON.stringify({ orderId: otherOrder.id, commentId: 1 })})`);
        const again = await staffInject(second.app, secondCookie, 'POST', commentsUrl(order.id), { text: 'Again' });
        const secondComment = again.json<CommentResponse>().comment;
        await stream.waitFor((text) => commentEvents(text).length > 1);
        expect(commentEvents(stream.text())).toStrictEqual([
          { orderId: order.id, commentId: comment.id },
          { orderId: order.id, commentId: secondComment.id },
        ]);
      } finally {
        stream.close();
      }
    });

    it('sends the stream uncompressed, uncached, with the security headers and the event-stream type', async () => {
      const order = await createPaidOrder(harness.database.db);
      const stream = await openEventStream(app, eventsUrl(order.id), admin.cookie);
      try {
        const { headers } = stream.response;
        expect(headers['content-type']).toBe('text/event-stream');
        expect(headers['cache-control']).toBe('no-store');
        expect(headers['x-accel-buffering']).toBe('no');
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['content-security-policy']).toContain("default-src 'self'");
        expect(headers['content-encoding']).toBeUndefined();
        expect(headers['content-length']).toBeUndefined();
        await stream.waitFor((text) => text.includes(': connected'));
      } finally {
        stream.close();
      }
    });

    it('does not stream a comment that was rolled back', async () => {
      const order = await createPaidOrder(harness.database.db);
      const stream = await openEventStream(app, eventsUrl(order.id), admin.cookie);
      try {
        await stream.waitFor((text) => text.includes(': connected'));
        await harness.database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select pg_notify(${harness.database.channel(commentEventsChannel)}, ${JSON.stringify({ orderId: order.id, commentId: -1 })})`);
            throw new Error('roll back');
          })
          .catch(() => {});
        const added = await staffInject(app, admin.cookie, 'POST', commentsUrl(order.id), { text: 'Committed' });
        const { comment } = added.json<CommentResponse>();
        await stream.waitFor((text) => commentEvents(text).length > 0);
        expect(commentEvents(stream.text())).toStrictEqual([{ orderId: order.id, commentId: comment.id }]);
      } finally {
        stream.close();
      }
    });
  });
});

describe.each(testDatabaseKinds)('the comment event stream over time on %s', (kind) => {
  const harness = withStaffApp(kind);
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    cookie = (await harness.signedIn({ role: 'admin' })).cookie;
    // The same routes with short timings, behind the same guard and session store.
    app = Fastify();
    registerErrorHandler(app);
    useRouteSchemas(app);
    const { database } = harness;
    registerStaffGuard(app, { auth: harness.services.auth, database });
    await registerOrderCommentRoutes(app, { database }, { pingMs: 100, maxAgeMs: 700 });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
  });

  it('pings while quiet and ends the stream at its age limit', async () => {
    const order = await createPaidOrder(harness.database.db);
    const stream = await openEventStream(app, eventsUrl(order.id), cookie);
    await stream.waitFor((text) => text.split(': ping\n\n').length > 2);
    await stream.ended;
    expect(stream.text().startsWith('retry: 3000\n: connected\n\n')).toBe(true);
  });

  it('ends open streams when the server closes', async () => {
    const closing = Fastify();
    registerErrorHandler(closing);
    useRouteSchemas(closing);
    const { database } = harness;
    registerStaffGuard(closing, { auth: harness.services.auth, database });
    await registerOrderCommentRoutes(closing, { database });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const order = await createPaidOrder(harness.database.db);
    const stream = await openEventStream(closing, eventsUrl(order.id), cookie);
    await stream.waitFor((text) => text.includes(': connected'));
    await closing.close();
    await stream.ended;
  });
});

describe.each(testDatabaseKinds)('the comment event hub on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });

  afterAll(async () => {
    await database.close();
  });

  const notify = (payload: string) => database.db.execute(sql`select pg_notify(${database.channel(commentEventsChannel)}, ${payload})`);

  it("hands each notification to the order's subscribers until they leave, and ends them on close", async () => {
    const hub = createCommentEventHub(database);
    const received: { who: string; commentId: number }[] = [];
    let ended = 0;
    const subscriber = (who: string, orderId: number) => ({
      orderId,
      send: ({ commentId }: { commentId: number }) => received.push({ who, commentId }),
      end: () => {
        ended += 1;
      },
    });
    const leaveA = await hub.subscribe(subscriber('a', 1));
    await hub.subscribe(subscriber('b', 1));
    await hub.subscribe(subscriber('c', 2));
    expect(hub.subscriberCount()).toBe(3);

    await notify(JSON.stringify({ orderId: 1, commentId: 10 }));
    await notify('not json');
    await notify(JSON.stringify({ orderId: '1', commentId: 11 }));
    await expect.poll(() => received.length).toBe(2);
    expect(received).toEqual(expect.arrayContaining([{ who: 'a', commentId: 10 }, { who: 'b', commentId: 10 }]));

    leaveA();
    expect(hub.subscriberCount()).toBe(2);
    await notify(JSON.stringify({ orderId: 1, commentId: 12 }));
    await expect.poll(() => received.length).toBe(3);
    expect(received[2]).toEqual({ who: 'b', commentId: 12 });

    await hub.close();
    expect(ended).toBe(2);
    expect(hub.subscriberCount()).toBe(0);
    await expect(hub.subscribe(subscriber('d', 1))).rejects.toThrow();
  });

  it('reads only well-formed comment events', () => {
    expect(parseCommentAddedEvent('{"orderId":3,"commentId":4}')).toEqual({ orderId: 3, commentId: 4 });
    for (const payload of ['', 'null', '[]', '{"orderId":3}', '{"orderId":3.5,"commentId":4}', '{"orderId":"3","commentId":4}']) {
      expect(parseCommentAddedEvent(payload)).toBeNull();
    }
  });
});
