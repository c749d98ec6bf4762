import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index';

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: db.dialect };
    } catch {
      return reply.status(503).send({ message: 'The database is not reachable.', status: 'unavailable' });
    }
  });
};
