import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminService } from '../../services/admin.service';
import { requireActor } from '../../plugins/authorization';

/** Admin-only routes (amendment C3): each declares `access: 'admin'`, checked after routing. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  // The outside services and how to connect them: setting names are for admins' eyes only.
  app.get('/api/admin/services', { config: { access: 'admin' } }, async (request) => {
    return admin.listServices(requireActor(request));
  });
};
