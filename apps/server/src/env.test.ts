import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMBERSHIP_CONTENT } from '@members-only/shared/membership';
import { DEFAULT_QUOTAS, EnvError, loadEnv } from './env';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mo-env-'));

describe('settings', () => {
  it('uses the documented defaults', () => {
    const dir = tmp();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({ PORT: 5000, HOST: 'localhost', APP_NAME: 'Members Only', dataDir: dir });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads the holiday country for release deadlines: US by default, a country or region code, or none', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).HOLIDAY_COUNTRY).toBe('US');
    expect(loadEnv({ DATA_DIR: tmp(), HOLIDAY_COUNTRY: 'gb' }).HOLIDAY_COUNTRY).toBe('GB');
    expect(loadEnv({ DATA_DIR: tmp(), HOLIDAY_COUNTRY: 'DE-BY' }).HOLIDAY_COUNTRY).toBe('DE-BY');
    expect(loadEnv({ DATA_DIR: tmp(), HOLIDAY_COUNTRY: 'None' }).HOLIDAY_COUNTRY).toBe('none');
    for (const bad of ['XX', 'ZZ', 'USA', 'United States', '12']) expect(() => loadEnv({ DATA_DIR: tmp(), HOLIDAY_COUNTRY: bad }), bad).toThrow(/HOLIDAY_COUNTRY: must be a country code/);
  });

  it('sizes the heavy-work pool from HEAVY_WORK_THREADS: unset is one per core, 0 is inline, and it must be a whole number', () => {
    expect(loadEnv({ DATA_DIR: tmp() }).HEAVY_WORK_THREADS).toBeUndefined();
    expect(loadEnv({ DATA_DIR: tmp(), HEAVY_WORK_THREADS: '0' }).HEAVY_WORK_THREADS).toBe(0);
    expect(loadEnv({ DATA_DIR: tmp(), HEAVY_WORK_THREADS: '3' }).HEAVY_WORK_THREADS).toBe(3);
    expect(() => loadEnv({ DATA_DIR: tmp(), HEAVY_WORK_THREADS: 'many' })).toThrow();
    expect(loadEnv({ DATA_DIR: tmp() }).HEAVY_WORK_IDLE_SECONDS).toBeUndefined();
    expect(loadEnv({ DATA_DIR: tmp(), HEAVY_WORK_IDLE_SECONDS: '5' }).HEAVY_WORK_IDLE_SECONDS).toBe(5);
    expect(() => loadEnv({ DATA_DIR: tmp(), HEAVY_WORK_IDLE_SECONDS: '0' })).toThrow();
    expect(loadEnv({ DATA_DIR: tmp() }).HEAVY_WORK_NICE).toBe(10);
    expect(() => loadEnv({ DATA_DIR: tmp(), HEAVY_WORK_NICE: '20' })).toThrow();
  });

  it('runs jobs in the web process unless WORKERS=0 (or the older RUN_JOBS_IN_SERVER=false)', () => {
    expect(loadEnv({ DATA_DIR: tmp() })).toMatchObject({ WORKERS: 1, JOB_CONCURRENCY: 1, JOB_TIMEOUT_SECONDS: 600 });
    expect(loadEnv({ DATA_DIR: tmp(), JOB_CONCURRENCY: '3' }).WORKERS).toBe(3);
    expect(loadEnv({ DATA_DIR: tmp(), WORKERS: '0' }).WORKERS).toBe(0);
    expect(loadEnv({ DATA_DIR: tmp(), RUN_JOBS_IN_SERVER: 'false' }).WORKERS).toBe(0);
    expect(loadEnv({ DATA_DIR: tmp(), RUN_JOBS_IN_SERVER: 'false', WORKERS: '2' }).WORKERS).toBe(2);
    expect(() => loadEnv({ DATA_DIR: tmp(), WORKERS: '-1' })).toThrow(/WORKERS/);
    // A job may run as long as its slowest outside service is allowed to take.
    expect(loadEnv({ DATA_DIR: tmp(), MUSIC_TIMEOUT_SECONDS: '1800' }).JOB_TIMEOUT_SECONDS).toBe(1860);
    expect(loadEnv({ DATA_DIR: tmp(), JOB_TIMEOUT_SECONDS: '30' }).JOB_TIMEOUT_SECONDS).toBe(30);
  });

  it('reads per-plan quota limits over the defaults and names a bad entry', () => {
    const env = loadEnv({ DATA_DIR: tmp(), QUOTAS_FREE: 'chat=5, beat=0', QUOTAS_PREMIUM: 'review=100' });
    expect(env.QUOTAS_FREE).toMatchObject({ chat: 5, beat: 0, lyrics: DEFAULT_QUOTAS.free.lyrics });
    expect(env.QUOTAS_PREMIUM).toMatchObject({ review: 100, chat: DEFAULT_QUOTAS.premium.chat });
    expect(() => loadEnv({ DATA_DIR: tmp(), QUOTAS_FREE: 'chats=5' })).toThrow(/QUOTAS_FREE: "chats=5" is not kind=number/);
    expect(() => loadEnv({ DATA_DIR: tmp(), QUOTAS_PREMIUM: 'chat=-1' })).toThrow(/QUOTAS_PREMIUM/);
  });

  it('reads the storage allowances, the free-disk floor and the slowest upload rate, with their defaults, and names a bad value', () => {
    expect(loadEnv({ DATA_DIR: tmp() })).toMatchObject({
      STORAGE_FREE_MB: 500,
      STORAGE_PREMIUM_MB: 10_000,
      MIN_FREE_DISK_MB: 512,
      UPLOAD_MIN_BYTES_PER_SECOND: 16 * 1024,
      UPLOAD_RATE_GRACE_SECONDS: 30,
    });
    const set = loadEnv({ DATA_DIR: tmp(), STORAGE_FREE_MB: '50', STORAGE_PREMIUM_MB: '2000', MIN_FREE_DISK_MB: '0', UPLOAD_MIN_BYTES_PER_SECOND: '1000', UPLOAD_RATE_GRACE_SECONDS: '2' });
    expect(set).toMatchObject({ STORAGE_FREE_MB: 50, STORAGE_PREMIUM_MB: 2000, MIN_FREE_DISK_MB: 0, UPLOAD_MIN_BYTES_PER_SECOND: 1000, UPLOAD_RATE_GRACE_SECONDS: 2 });
    expect(() => loadEnv({ DATA_DIR: tmp(), STORAGE_FREE_MB: '0' })).toThrow(/STORAGE_FREE_MB/);
    expect(() => loadEnv({ DATA_DIR: tmp(), STORAGE_PREMIUM_MB: 'lots' })).toThrow(/STORAGE_PREMIUM_MB/);
    expect(() => loadEnv({ DATA_DIR: tmp(), MIN_FREE_DISK_MB: '-1' })).toThrow(/MIN_FREE_DISK_MB/);
    expect(() => loadEnv({ DATA_DIR: tmp(), UPLOAD_MIN_BYTES_PER_SECOND: '1.5' })).toThrow(/UPLOAD_MIN_BYTES_PER_SECOND: must be a whole number/);
    expect(() => loadEnv({ DATA_DIR: tmp(), UPLOAD_RATE_GRACE_SECONDS: '0' })).toThrow(/UPLOAD_RATE_GRACE_SECONDS/);
  });

  it('reads the rate limits and Redis settings, and names a bad value', () => {
    const defaults = loadEnv({ DATA_DIR: tmp() });
    expect(defaults).toMatchObject({ RATE_LIMIT_PER_MINUTE: 600, RATE_LIMIT_AUTH_PER_MINUTE: 20, RATE_LIMIT_GENERATE_PER_MINUTE: 30, REDIS_KEY_PREFIX: 'members-only:', SHUTDOWN_GRACE_SECONDS: 10 });
    expect(defaults.REDIS_URL).toBeUndefined();
    const set = loadEnv({ DATA_DIR: tmp(), RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_GENERATE_PER_MINUTE: '5', REDIS_URL: 'redis://cache:6379/2' });
    expect(set).toMatchObject({ RATE_LIMIT_PER_MINUTE: 0, RATE_LIMIT_GENERATE_PER_MINUTE: 5, REDIS_URL: 'redis://cache:6379/2' });
    expect(() => loadEnv({ DATA_DIR: tmp(), RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_PER_MINUTE: must be a whole number of requests per minute \(0 turns the limit off\)/);
    expect(() => loadEnv({ DATA_DIR: tmp(), RATE_LIMIT_AUTH_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_AUTH_PER_MINUTE: must be a whole number/);
    expect(() => loadEnv({ DATA_DIR: tmp(), RATE_LIMIT_GENERATE_PER_MINUTE: '2.5' })).toThrow(/RATE_LIMIT_GENERATE_PER_MINUTE: must be a whole number/);
    expect(() => loadEnv({ DATA_DIR: tmp(), REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });

  it('reads the membership content file, and stops with what is wrong when it does not match the schema', () => {
    const dir = tmp();
    expect(loadEnv({ DATA_DIR: dir }).membershipContent).toEqual(DEFAULT_MEMBERSHIP_CONTENT);
    const file = path.join(dir, 'membership.json');
    const custom = { ...DEFAULT_MEMBERSHIP_CONTENT, price: { amount: '24.00', currency: 'EUR', interval: 'year', compareAt: '49.00' } };
    fs.writeFileSync(file, JSON.stringify(custom));
    expect(loadEnv({ DATA_DIR: dir, MEMBERSHIP_CONTENT_FILE: file }).membershipContent.price).toEqual(custom.price);

    fs.writeFileSync(file, JSON.stringify({ ...custom, price: { amount: 'about twenty', currency: 'EUR', interval: 'year' }, pendingBalance: '$24,000' }));
    const error = (() => {
      try {
        loadEnv({ DATA_DIR: dir, MEMBERSHIP_CONTENT_FILE: file });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(/MEMBERSHIP_CONTENT_FILE price\.amount: must be an amount such as 19\.99/);
    expect((error as Error).message).toMatch(/pendingBalance/);
    fs.writeFileSync(file, '{ not json');
    expect(() => loadEnv({ DATA_DIR: dir, MEMBERSHIP_CONTENT_FILE: file })).toThrow(/MEMBERSHIP_CONTENT_FILE: cannot read .* as JSON/);
    expect(() => loadEnv({ DATA_DIR: dir, MEMBERSHIP_CONTENT_FILE: path.join(dir, 'missing.json') })).toThrow(EnvError);
  });

  it('generates a session secret into DATA_DIR with owner-only permissions and reuses it', () => {
    const dir = tmp();
    const first = loadEnv({ DATA_DIR: dir }).sessionSecret;
    const file = path.join(dir, 'session-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadEnv({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(loadEnv({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) }).sessionSecret).toBe('x'.repeat(40));
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://nope' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ ALLOWED_ORIGINS: 'not a url' }, 'ALLOWED_ORIGINS'],
  ])('names the variable when a value is bad: %o', (vars, name) => {
    expect(() => loadEnv({ DATA_DIR: tmp(), ...vars })).toThrow(EnvError);
    expect(() => loadEnv({ DATA_DIR: tmp(), ...vars })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads the S3 storage settings, with their defaults, and names what is missing or wrong', () => {
    expect(loadEnv({ DATA_DIR: tmp() })).toMatchObject({ STORAGE: 'local' });
    const minio = loadEnv({ DATA_DIR: tmp(), STORAGE: 's3', S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://localhost:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    // A custom endpoint: path-style addressing and a region most S3-compatible servers ignore.
    expect(minio).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_TIMEOUT_SECONDS: 30 });
    // Amazon S3 with the SDK's own credentials and region.
    const aws = loadEnv({ DATA_DIR: tmp(), STORAGE: 's3', S3_BUCKET: 'uploads', AWS_REGION: 'eu-west-1' });
    expect(aws).toMatchObject({ S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: false });
    expect(aws.S3_ACCESS_KEY_ID).toBeUndefined();
    expect(loadEnv({ DATA_DIR: tmp(), STORAGE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: true });

    const problem = (vars: Record<string, string>) => {
      try {
        loadEnv({ DATA_DIR: tmp(), ...vars });
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        return (error as Error).message;
      }
      throw new Error('expected the settings to be refused');
    };
    expect(problem({ STORAGE: 'cloud' })).toMatch(/STORAGE: must be local or s3/);
    expect(problem({ STORAGE: 's3', S3_REGION: 'eu-west-1' })).toMatch(/S3_BUCKET: required when STORAGE=s3/);
    expect(problem({ STORAGE: 's3', S3_BUCKET: 'uploads' })).toMatch(/S3_REGION: required when STORAGE=s3 without S3_ENDPOINT/);
    expect(problem({ STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket', S3_REGION: 'x' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(problem({ STORAGE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'k' })).toMatch(/S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/);
    expect(problem({ STORAGE: 's3', S3_BUCKET: 'uploads', S3_ENDPOINT: 'localhost:9000' })).toMatch(/S3_ENDPOINT: must be a URL/);
  });

  it('keeps the SQLite database owner-only', async () => {
    const { openDatabase, migrateToLatest } = await import('./db/index');
    const dir = tmp();
    const db = openDatabase({ sqliteFile: path.join(dir, 'app.db') });
    await migrateToLatest(db);
    await db.close();
    expect(fs.statSync(path.join(dir, 'app.db')).mode & 0o777).toBe(0o600);
  });

  it('stops the server at start with a message naming the bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: tmp(), INIT_CWD: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/\bPORT\b/);
  });
});
