import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';
import { QUOTA_KINDS, type Plan, type QuotaKind } from '@members-only/shared';
import { DEFAULT_MEMBERSHIP_CONTENT, membershipContentSchema, type MembershipContent } from '@members-only/shared/membership';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const DEFAULT_QUOTAS: Record<Plan, Record<QuotaKind, number>> = {
  free: { chat: 50, lyrics: 40, review: 3, marketing: 3, cover: 6, beat: 5 },
  premium: { chat: 500, lyrics: 400, review: 30, marketing: 30, cover: 60, beat: 50 },
};

/** `kind=limit` pairs, comma-separated, over the defaults; a limit of 0 leaves the quota out of the plan. */
function quotaLimits(defaults: Record<QuotaKind, number>) {
  return z
    .string()
    .default('')
    .transform((text, ctx) => {
      const limits = { ...defaults };
      for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
        const match = /^([a-z]+)\s*=\s*(\d{1,7})$/.exec(part);
        const kind = match?.[1] as QuotaKind | undefined;
        if (!match || !kind || !(QUOTA_KINDS as readonly string[]).includes(kind)) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not kind=number with kind one of ${QUOTA_KINDS.join(', ')}` });
          return z.NEVER;
        }
        limits[kind] = Number(match[2]);
      }
      return limits;
    });
}

const PER_MINUTE = 'must be a whole number of requests per minute (0 turns the limit off)';
/** A rate limit in requests per minute; 0 turns it off. */
const perMinute = (fallback: number) => z.coerce.number({ error: PER_MINUTE }).int(PER_MINUTE).min(0, PER_MINUTE).max(1_000_000, PER_MINUTE).default(fallback);

/** Every setting the server reads, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  APP_NAME: z.string().min(1).max(60).default('Members Only'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: bool.default(false),
  /** Extra origins allowed to send state-changing requests (comma-separated), e.g. a public URL behind a proxy. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url('must be a comma-separated list of origins such as https://example.com'))),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().min(0.01).default(15),
  /** New accounts per address within the window; attempts that fail count too. */
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  REGISTER_WINDOW_MINUTES: z.coerce.number().min(0.01).default(60),
  /** Requests per minute (ADR 022): every API request per signed-in user or address; 0 turns it off. */
  RATE_LIMIT_PER_MINUTE: perMinute(600),
  /** Sign-in and registration requests per minute from one address. */
  RATE_LIMIT_AUTH_PER_MINUTE: perMinute(20),
  /** Generation requests per minute per user (chat replies, reviews, plans, covers, beats...). */
  RATE_LIMIT_GENERATE_PER_MINUTE: perMinute(30),
  /** Redis shared by every app process for the rate-limit counters. Unset: counted in each process's memory. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL such as redis://localhost:6379/0').optional(),
  /** Prefix of every key this installation writes in Redis (several installations can share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('members-only:'),
  /** Seconds a stopping server (SIGTERM) lets in-flight requests finish before it cuts the rest. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Daily limits per plan (amendment A7), e.g. "chat=50,lyrics=40,review=3"; unnamed quotas keep their defaults. */
  QUOTAS_FREE: quotaLimits(DEFAULT_QUOTAS.free),
  QUOTAS_PREMIUM: quotaLimits(DEFAULT_QUOTAS.premium),
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio, llama.cpp, OpenRouter, Groq...). Unset: built-in engines. */
  AI_BASE_URL: z.url('must be a URL such as http://localhost:11434/v1').optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_MODEL_CHAT: z.string().min(1).optional(),
  AI_MODEL_LYRICS: z.string().min(1).optional(),
  AI_MODEL_COVERART: z.string().min(1).optional(),
  AI_MODEL_MARKETING: z.string().min(1).optional(),
  AI_MODEL_REVIEW: z.string().min(1).optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  /** Speech-to-text on the OpenAI /audio/transcriptions protocol. Unset: artists type or paste lyrics. */
  STT_BASE_URL: z.url('must be a URL such as http://localhost:8000/v1').optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  STT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  /** Cover images on the OpenAI Images protocol (generations and edits). Unset: the built-in cover renderer. */
  IMAGE_BASE_URL: z.url('must be a URL such as https://api.openai.com/v1').optional(),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().min(1).optional(),
  IMAGE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(120),
  // Studio: a hosted text-to-music API (Replicate's predictions protocol); without it, the built-in beat engine.
  MUSIC_API_BASE_URL: z.url('must be a URL such as https://api.replicate.com/v1').optional(),
  MUSIC_API_KEY: z.string().optional(),
  MUSIC_API_MODEL: z.string().min(1).default('meta/musicgen'),
  MUSIC_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  /** The largest output file fetched from the music service, in MB. */
  MUSIC_MAX_MB: z.coerce.number().int().min(1).max(500).default(50),
  /** Hosts the music service delivers output from (comma-separated; `*.x` for subdomains); the base URL's host always counts. */
  MUSIC_OUTPUT_HOSTS: z
    .string()
    .default('replicate.delivery,*.replicate.delivery')
    .transform((v) => v.split(',').map((h) => h.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(\*\.)?[a-z0-9.-]+$/i, 'must be host names such as replicate.delivery or *.replicate.delivery'))),
  /** Tests only: lets the music output come over http from private and loopback addresses (the local fake). */
  MUSIC_OUTPUT_ALLOW_PRIVATE: bool.default(false),
  MAX_UPLOAD_MB: z.coerce.number().min(1).max(2048).default(50),
  /** Where uploaded files live: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket, ADR 021). */
  STORAGE: z.enum(['local', 's3'], 'must be local or s3').default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .optional(),
  /** An S3-compatible endpoint (MinIO, Cloudflare R2, Backblaze B2, Ceph...). Unset: Amazon S3 in S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be a URL such as http://localhost:9000' }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name. Default: on with S3_ENDPOINT, off for Amazon S3. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Longest wait for the store to answer one request (and, after an upload has arrived, to take it). */
  S3_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /** Seconds an upload may send nothing before it is stopped (408) and its partial file discarded. */
  UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** An upload must keep this average rate (bytes per second) once UPLOAD_RATE_GRACE_SECONDS have passed; a slower one is cut with 408. 0 turns it off. */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int('must be a whole number of bytes per second').min(0).max(1024 * 1024 * 1024).default(16 * 1024),
  /** Seconds from an upload's start before its average rate is checked. */
  UPLOAD_RATE_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Per-plan storage allowance for an artist's uploads, in MB (ADR 031). */
  STORAGE_FREE_MB: z.coerce.number().int('must be a whole number of MB').min(1).max(100_000_000).default(500),
  STORAGE_PREMIUM_MB: z.coerce.number().int('must be a whole number of MB').min(1).max(100_000_000).default(10_000),
  /** /api/ready reports not ready when the data folder's disk has less free space than this (MB); 0 turns the check off. */
  MIN_FREE_DISK_MB: z.coerce.number().int('must be a whole number of MB').min(0).max(100_000_000).default(512),
  /**
   * Background jobs the web process itself runs at once; 0 runs none, leaving them to `npm run
   * worker` processes. Unset: JOB_CONCURRENCY. RUN_JOBS_IN_SERVER=false is the older spelling of 0.
   */
  WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  RUN_JOBS_IN_SERVER: bool.optional(),
  /**
   * Threads that render beats and covers, mix and analyse audio, off the request thread (ADR 055).
   * Unset: one per core. 0 runs that work on the main thread (for measuring; requests then wait behind it).
   */
  HEAVY_WORK_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** The OS priority (nice, 0-19) of those threads: 10 lets the kernel serve requests first. */
  HEAVY_WORK_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Seconds an idle heavy-work thread waits for more work before it ends and its memory goes with it (unset: 60). */
  HEAVY_WORK_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Jobs one worker process (`npm run worker`) runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** SQLite queue: a running job whose process stops renewing its lease for this long runs again. */
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /**
   * PostgreSQL queue (pg-boss): the longest one run of a job may take; it is then stopped and
   * retried, and a job whose worker died runs again after it. Unset: 600, or more when the
   * speech or music timeouts are longer.
   */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(82_800).optional(),
  /** 32 bytes (64 hex digits or base64) that encrypt payout numbers. Unset: a key file made in DATA_DIR on first start (ADR 016). */
  PAYMENT_DATA_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes written as 64 hex digits or base64 (npm run admin -- new-payment-key prints one)')
    .optional(),
  /** Membership payments (issue 16). Unset: checkout answers 503 and admins grant membership by hand. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The recurring price a membership subscribes to. */
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  /** Where the payment SDK sends its requests (tests point it at a local server). */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Longest wait for one answer from the payment service (the SDK retries a failed call once). */
  STRIPE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(20),
  /** Optional seat limit: at most this many live memberships (and open checkouts) at once. Unset: no limit and no scarcity wording. */
  MEMBERSHIP_SEATS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** A JSON file with the invitation page's content (founder letter, benefits, FAQ, price); validated at start. */
  MEMBERSHIP_CONTENT_FILE: z.string().min(1).optional(),
  /**
   * Public holidays that release deadlines move off (with weekends): an ISO 3166 country code,
   * optionally with a subdivision ("US", "GB", "DE-BY"), or "none" for weekends only.
   */
  HOLIDAY_COUNTRY: z
    .string()
    .default('US')
    .transform((s) => s.trim().toUpperCase())
    .refine(
      // The default is known good: Intl's region names take some 12 ms to load, at every start (issue 31).
      (s) => s === 'NONE' || s === 'US' || (/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(s) && ![s.slice(0, 2), 'Unknown Region'].includes(new Intl.DisplayNames(['en'], { type: 'region' }).of(s.slice(0, 2)) ?? '')),
      'must be a country code such as US, GB or DE (optionally with a region, such as US-CA), or none',
    )
    .transform((s) => (s === 'NONE' ? 'none' : s)),
  /** The built web app; the server serves it when the folder exists. */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'WORKERS' | 'RUN_JOBS_IN_SERVER' | 'JOB_TIMEOUT_SECONDS'> & {
  WORKERS: number;
  JOB_TIMEOUT_SECONDS: number;
  sessionSecret: string;
  dataDir: string;
  webDistDir: string;
  membershipContent: MembershipContent;
};

export class EnvError extends Error {}

/** npm runs workspace scripts inside the workspace folder; relative paths mean the folder npm was called from. */
function baseDir(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(settings)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.AI_BASE_URL && !env.AI_MODEL) {
    throw new EnvError('Invalid configuration:\n  AI_MODEL: required when AI_BASE_URL is set (the model name to use)');
  }
  if (env.IMAGE_BASE_URL && !env.IMAGE_MODEL) {
    throw new EnvError('Invalid configuration:\n  IMAGE_MODEL: required when IMAGE_BASE_URL is set (the image model name to use)');
  }
  const storage = storageSettings(env, source);
  const dataDir = path.resolve(baseDir(), env.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const webDistDir = env.WEB_DIST_DIR
    ? path.resolve(baseDir(), env.WEB_DIST_DIR)
    : path.resolve(import.meta.dirname, '../../web/dist');
  const membershipContent = env.MEMBERSHIP_CONTENT_FILE ? loadMembershipContent(path.resolve(baseDir(), env.MEMBERSHIP_CONTENT_FILE)) : DEFAULT_MEMBERSHIP_CONTENT;
  const { RUN_JOBS_IN_SERVER, ...rest } = env;
  const WORKERS = env.WORKERS ?? (RUN_JOBS_IN_SERVER === false ? 0 : env.JOB_CONCURRENCY);
  const JOB_TIMEOUT_SECONDS = env.JOB_TIMEOUT_SECONDS ?? Math.max(600, env.STT_TIMEOUT_SECONDS + 60, env.MUSIC_TIMEOUT_SECONDS + 60);
  return { ...rest, ...storage, WORKERS, JOB_TIMEOUT_SECONDS, dataDir, webDistDir, membershipContent, sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir) };
}

/**
 * With STORAGE=s3: a bucket is required; the region falls back to the SDK's AWS_REGION (or
 * us-east-1 for a custom endpoint, which most S3-compatible servers ignore); keys come as a pair or
 * not at all (then the SDK's own chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an
 * instance or task role); path-style addressing defaults to on with a custom endpoint.
 */
function storageSettings(env: z.infer<typeof envSchema>, source: NodeJS.ProcessEnv) {
  if (env.STORAGE !== 's3') return {};
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE=s3 (the bucket that keeps uploads)');
  const region = env.S3_REGION ?? (source.AWS_REGION || source.AWS_DEFAULT_REGION || (env.S3_ENDPOINT ? 'us-east-1' : undefined));
  if (!region) problems.push('  S3_REGION: required when STORAGE=s3 without S3_ENDPOINT (the bucket\'s region, e.g. eu-west-1)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(`  ${missing}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither, to use the AWS_* credentials)`);
  }
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`);
  return { S3_REGION: region, S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT) };
}

/** The operator's invitation content: a file that does not match the schema stops the server with what is wrong. */
export function loadMembershipContent(file: string): MembershipContent {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EnvError(`Invalid configuration:\n  MEMBERSHIP_CONTENT_FILE: cannot read ${file} as JSON (${(error as Error).message})`);
  }
  const parsed = membershipContentSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  MEMBERSHIP_CONTENT_FILE ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration in ${file}:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A secret generated on first start and kept in DATA_DIR with owner-only permissions. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
