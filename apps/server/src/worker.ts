import path from 'node:path';
import { EnvError, loadEnv } from './env';
import { migrateToLatest, openDatabase } from './db/index';
import { createServices } from './app';
import type { JobLog } from './jobs/worker';

/**
 * A job worker without the web server (`npm run worker`, compiled to dist/worker.js): runs
 * JOB_CONCURRENCY jobs at once from the same database as the web processes, which can then run
 * with WORKERS=0. SIGTERM or SIGINT: takes no new jobs, lets running ones finish (or returns them
 * to the queue after a grace period), then exits.
 */
async function main() {
  const env = loadEnv();
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'app.db') });
  await migrateToLatest(db);
  // One JSON object per line, like the web server's pino logs.
  const line = (level: string) => (obj: object, msg?: string) => {
    if (env.LOG_LEVEL === 'silent') return;
    const text = JSON.stringify({ level, time: Date.now(), pid: process.pid, ...obj, msg });
    if (level === 'info') console.log(text);
    else console.error(text);
  };
  const log: JobLog = { info: line('info'), warn: line('warn'), error: line('error') };
  const services = createServices(db, env);
  await services.jobBackend.start();
  const worker = services.createWorker(env.JOB_CONCURRENCY, log);
  await worker.start();
  log.info({ worker: worker.workerId, database: db.dialect, concurrency: env.JOB_CONCURRENCY }, 'job worker started');

  // The queue's own timers do not hold the process open (the web server does that for in-process
  // workers); this one does, until shutdown.
  const keepAlive = setInterval(() => {}, 1 << 30);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(keepAlive);
    log.info({ signal, running: worker.runningCount }, 'job worker stopping');
    await worker.stop();
    await services.jobBackend.stop();
    await db.close();
    log.info({}, 'job worker stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
