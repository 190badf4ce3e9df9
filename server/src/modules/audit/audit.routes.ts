import { endpoints, MEMBER_SECURITY_ACTIONS } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { ownProfileId } from '../../access/principal';
import { defineRoute, typed } from '../../http/define-route';
import { filterOf, listAuditEvents } from './audit.repository';

/** Issue 33: the admin's Activity page and a member's own security events. */
export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.route({
    ...defineRoute(app, endpoints.getActivity, 'admin'),
    handler: async (request) => {
      const page = Number(request.query.page ?? 1);
      const pageSize = Number(request.query.pageSize ?? 50);
      const filter = await filterOf(app.db, request.query);
      const { events, total } = await listAuditEvents(app.db, filter, { limit: pageSize, offset: (page - 1) * pageSize });
      return { events, total, page, pageSize };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getSecurityEvents, 'account'),
    handler: async (request) => {
      const filter = { targetId: ownProfileId(request.principal) ?? '', actions: MEMBER_SECURITY_ACTIONS };
      const { events } = await listAuditEvents(app.db, filter, { limit: 50, offset: 0 });
      return { events };
    },
  });
}
