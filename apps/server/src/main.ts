import path from 'node:path';
import { EnvError, loadEnv } from './env';
import { migrateToLatest, openDatabase } from './db/index';
import { buildApp, createServices } from './app';

async function main() {
  const env = loadEnv();
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'app.db') });
  await migrateToLatest(db);
  const app = await buildApp(db, env);

  const { auth } = createServices(db, env);
  const prune = setInterval(() => void auth.prune().catch((err) => app.log.warn({ err }, 'prune failed')), 3_600_000);
  prune.unref();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(prune);
    await app.close();
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
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
