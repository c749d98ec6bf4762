import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@members-only/shared';
import type { AdminService } from '../../services/admin.service';
import { presentUser } from '../../presenters/user.presenter';
import { requireActor } from '../../plugins/authorization';

/** Admin-only routes (amendment C3): each declares `access: 'admin'`, checked after routing. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.get('/api/admin/users', { config: { access: 'admin' }, schema: { querystring: pageQuerySchema } }, async (request, reply) => {
    const { rows, total } = await admin.listUsers(requireActor(request), request.query);
    reply.header('x-total-count', String(total));
    return rows.map(presentUser);
  });

  // The outside services and how to connect them: setting names are for admins' eyes only.
  app.get('/api/admin/services', { config: { access: 'admin' } }, async (request) => {
    return admin.listServices(requireActor(request));
  });
};
