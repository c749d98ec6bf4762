import path from 'node:path';
import { EnvError, loadEnv } from './env';
import { migrateToLatest, openDatabase } from './db/index';
import { buildApp } from './app';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'app.db') });
  await migrateToLatest(db);
  const app = await buildApp(db, env);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get a grace period; long streams (chat replies, audio) are then cut.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await app.close(); // stops the job worker too; running jobs return to the queue
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  app.log.info(`${env.APP_NAME} is running at http://${shown}:${env.PORT} (database: ${db.dialect})`);
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
