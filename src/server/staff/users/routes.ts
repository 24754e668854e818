import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { AppError } from '#server/errors.ts';
import { parseWith } from '#server/http/index.ts';
import { createUserSchema, updateUserSchema, type UserResponse, type UsersResponse } from '#shared/staff/users.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { createStaffUser } from './create-staff-user';
import { deleteStaffUser } from './delete-staff-user';
import { findUsers } from './find-users';
import { staffActionOf } from './staff-action';
import { updateStaffUser } from './update-staff-user';
import { unlockStaffUser } from './unlock-staff-user';
import { resetStaffTwoFactor } from './reset-two-factor';
import { staffIdParamsSchema, userResponseSchema, usersResponseSchema } from '#shared/staff/answers.ts';
import { routeSchema, type DocumentedRoutes } from '#server/api-document/index.ts';

/** The route's `:id` as an account id (Better Auth's are URL-safe); anything else is no such user. */
function userIdOf(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new AppError('not_found', staffMessages.userNotFound);
  return id;
}

/** `/api/manage/users…` (admins only). */
export function registerStaffUserRoutes(app: FastifyInstance, services: Pick<Services, 'database'> & Pick<StaffServices, 'auth' | 'guards'>): void {
  const { database } = services;

  const api = app.withTypeProvider<DocumentedRoutes>();
  const usersRoute = { tag: 'Staff users', access: { kind: 'staff', permission: 'users:manage' } } as const;
  const oneUser = { ...usersRoute, params: staffIdParamsSchema, refusals: ['conflict', 'bad_request'] } as const;

  api.get('/api/manage/users', { schema: routeSchema({ ...usersRoute, summary: 'Every staff account', answers: { 200: usersResponseSchema } }) }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const body: UsersResponse = { users: await findUsers(database.db) };
    return body;
  });

  api.post(
    '/api/manage/users',
    {
      schema: routeSchema({ ...usersRoute, summary: 'Add a staff account', body: createUserSchema, answers: { 201: userResponseSchema }, refusals: ['conflict', 'bad_request'] }),
    },
    async (request, reply) => {
    const input = parseWith(createUserSchema, request.body);
    const body: UserResponse = { user: await createStaffUser(staffActionOf(request, services), input) };
    return reply.status(201).send(body);
  });

  api.patch(
    '/api/manage/users/:id',
    { schema: routeSchema({ ...oneUser, summary: 'Change a staff account', description: 'Its name, role, settings, suspension or password.', body: updateUserSchema, answers: { 200: userResponseSchema } }) },
    async (request) => {
    const id = userIdOf(request);
    const input = parseWith(updateUserSchema, request.body);
    const body: UserResponse = { user: await updateStaffUser(staffActionOf(request, services), id, input) };
    return body;
  });

  api.post(
    '/api/manage/users/:id/unlock',
    { schema: routeSchema({ ...oneUser, summary: 'Unlock a sign-in held back by failed attempts', answers: { 200: userResponseSchema } }) },
    async (request) => {
    const body: UserResponse = { user: await unlockStaffUser(staffActionOf(request, services), userIdOf(request)) };
    return body;
  });

  api.post(
    '/api/manage/users/:id/two-factor/reset',
    { schema: routeSchema({ ...oneUser, summary: 'Reset a member\'s two-factor sign-in', answers: { 200: userResponseSchema } }) },
    async (request) => {
    const body: UserResponse = { user: await resetStaffTwoFactor(staffActionOf(request, services), userIdOf(request)) };
    return body;
  });

  api.delete(
    '/api/manage/users/:id',
    { schema: routeSchema({ ...oneUser, summary: 'Delete a staff account', answers: { 204: null } }) },
    async (request, reply) => {
    await deleteStaffUser(staffActionOf(request, services), userIdOf(request));
    return reply.status(204).send();
  });
}
