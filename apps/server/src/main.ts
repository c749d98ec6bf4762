import path from 'node:path';
import { EnvError, loadEnv } from './env';
import { migrateToLatest, openDatabase } from './db/index';
import { buildApp } from './app';
import { collectWhenIdle } from './idle-collection';

async function main() {
  const env = loadEnv();
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'app.db') });
  await migrateToLatest(db);
  const app = await buildApp(db, env);

  // Graceful shutdown (ADR 022): the listening socket closes at once (new connections are refused
  // and requests on kept-alive ones get 503), in-flight requests finish, then the job worker stops
  // and the database closes. Requests still running after the grace period (long streams) are cut.
  const shutdown = async (signal: string) => {
    app.log.info({ signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, 'shutting down: finishing in-flight requests');
    setTimeout(() => app.server.closeAllConnections(), env.SHUTDOWN_GRACE_SECONDS * 1000).unref();
    // A kept-alive connection whose request has just finished would otherwise hold the close
    // until the client hangs up.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    await app.close(); // stops the job worker too; running jobs return to the queue
    await db.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // After a burst, the heap goes back to what is live a few seconds into the quiet (ADR 064).
  collectWhenIdle(app.server);
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  app.log.info(`${env.APP_NAME} is running at http://${shown}:${env.PORT} (database: ${db.dialect})`);
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
