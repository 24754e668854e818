import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../contracts';
import { parseWith } from '../http';
import { auditPageSize, auditQuerySchema, type AuditResponse } from '#shared/audit/audit.ts';
import { decodeCursor, eachAuditRow, findAuditMembers, findAuditRows } from './find-audit-rows';
import { auditCsv } from './audit-csv';
import { auditResponseSchema } from '#shared/audit/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

/** `/api/manage/audit` and its CSV export (who may read the audit trail: admins). */
export function registerAuditRoutes(app: FastifyInstance, services: Pick<Services, 'database'>): void {
  const { db } = services.database;
  const auditReaders = {
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };

  const api = app.withTypeProvider<DocumentedRoutes>();
  const auditRoute = { tag: 'Audit trail', access: { kind: 'staff', permission: 'audit:read' }, querystring: auditQuerySchema, refusals: ['bad_request'] } as const;

  api.get('/api/manage/audit', { ...auditReaders, schema: routeSchema({ ...auditRoute, summary: 'A page of the audit trail, newest first', answers: { 200: auditResponseSchema } }) }, async (request): Promise<AuditResponse> => {
    const { after, ...filters } = parseWith(auditQuerySchema, request.query);
    const cursor = after ? decodeCursor(after) : null;
    const [page, members] = await Promise.all([findAuditRows(db, filters, cursor, auditPageSize), findAuditMembers(db)]);
    return { ...page, members };
  });

  api.get(
    '/api/manage/audit.csv',
    { ...auditReaders, schema: routeSchema({ ...auditRoute, summary: 'Every row the filters match, as CSV', answers: { 200: { file: 'text/csv', description: 'The rows, oldest first.' } } }) },
    async (request, reply) => {
    // The export is every row the filters match, whatever page the screen shows.
    const { after: _after, ...filters } = parseWith(auditQuerySchema, request.query);
    const day = new Date().toISOString().slice(0, 10);
    const names = new Map((await findAuditMembers(db)).map((member) => [member.id, member.name]));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-trail-${day}.csv"`)
      .send(Readable.from(auditCsv(eachAuditRow(db, filters), (id) => names.get(id))));
  });
}
