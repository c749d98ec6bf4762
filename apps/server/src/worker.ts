import path from 'node:path';
import { EnvError, loadEnv } from './env';
import { migrateToLatest, openDatabase } from './db/index';
import { createServices } from './app';

/**
 * A job worker without the web server, for running background work in separate processes
 * (set RUN_JOBS_IN_SERVER=false on the web processes). `npm run worker`.
 */
async function main() {
  const env = loadEnv();
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'app.db') });
  await migrateToLatest(db);
  const log = {
    info: (obj: object, msg?: string) => console.log(msg ?? '', JSON.stringify(obj)),
    warn: (obj: object, msg?: string) => console.warn(msg ?? '', JSON.stringify(obj)),
    error: (obj: object, msg?: string) => console.error(msg ?? '', JSON.stringify(obj)),
  };
  const worker = createServices(db, env).createWorker(log);
  await worker.start();
  console.log(`Job worker ${worker.workerId} started (database: ${db.dialect})`);
  const shutdown = async () => {
    await worker.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
