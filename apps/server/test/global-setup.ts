import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makeDbTemplates } from './db-templates';

/**
 * The API project's global setup: the database check, then the migrated templates every suite's
 * fresh database is copied from (db-templates.ts); they are dropped when the run ends.
 */
export default async function setup(project?: TestProject) {
  await checkDatabase();
  if (!project) return;
  const { templates, teardown } = await makeDbTemplates();
  project.provide('dbTemplates', templates);
  return teardown;
}

/** With CI=true a missing PostgreSQL is a failure, never a silent skip. */
export async function checkDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.CI === 'true') throw new Error('CI=true but TEST_DATABASE_URL is not set: the API suite must also run on PostgreSQL.');
    return;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not reachable: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end().catch(() => {});
  }
}
