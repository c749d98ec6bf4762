import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminService } from '../../services/admin.service';
import { requireActor } from '../../plugins/authorization';
import { adminServicesSchema } from '@members-only/shared';
import { responses } from '../../plugins/responses';

/** Admin-only routes (amendment C3): each declares `access: 'admin'`, checked after routing. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  // The outside services and how to connect them: setting names are for admins' eyes only.
  app.get('/api/admin/services', { config: { access: 'admin' }, schema: { response: responses({ 200: adminServicesSchema }) } }, async (request) => {
    return admin.listServices(requireActor(request));
  });
};
