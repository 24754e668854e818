import type { FastifyInstance } from 'fastify';
import type { Services } from '../contracts';
import type { StaffServices } from './staff-services';
import { registerStaffSessionRoutes } from './sign-in/routes';
import { registerStaffAccountRoutes } from './account/routes';
import { registerStaffUserRoutes } from './users/routes';

/** `/api/manage/session…` (sign-in), `/api/manage/account…` (My account) and `/api/manage/users…` (admins). */
export function registerStaffRoutes(app: FastifyInstance, services: Pick<Services, 'env' | 'database' | 'outbox'> & StaffServices): void {
  registerStaffSessionRoutes(app, services);
  registerStaffAccountRoutes(app, services);
  registerStaffUserRoutes(app, services);
}
