import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@members-only/shared';
import type { UserRepository } from '../../repositories/user.repository';
import { presentUser } from '../../presenters/user.presenter';

/** Admin-only routes; app.ts guards the whole /api/admin prefix (amendment C3). */
export const adminRoutes: FastifyPluginAsyncZod<{ users: UserRepository }> = async (app, { users }) => {

  app.get('/api/admin/users', { schema: { querystring: pageQuerySchema } }, async (request, reply) => {
    const { rows, total } = await users.list(request.query);
    reply.header('x-total-count', String(total));
    return rows.map(presentUser);
  });
};
