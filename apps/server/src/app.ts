import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './env';
import { pingDatabase, type Db } from './db/index';
import { createRepositories, createUnitOfWork } from './repositories/index';
import { createAuthService } from './services/auth.service';
import { createConversationService } from './services/conversation.service';
import { createChatService } from './services/chat.service';
import { createTextProvider, type TextSettings } from './providers/text/index';
import { createSpeechToText, type SpeechSettings } from './providers/speech/index';
import { createFileStorage, type FileStorage, type StorageSettings } from './providers/storage/index';
import { probeModels } from './providers/openai-models';
import { createTrackService } from './services/track.service';
import { createAdminService } from './services/admin.service';
import { createAdminDashboardService } from './services/admin-dashboard.service';
import { createQuotaService } from './services/quota.service';
import { createDiskSpace } from './services/disk-space.service';
import { createReadinessService } from './services/readiness.service';
import { planOf } from './policies/index';
import { quotaRoutes } from './routes/quotas/index';
import { createLyricsService } from './services/lyrics.service';
import { createJobBackend } from './jobs/backend';
import type { JobLog } from './jobs/worker';
import { createTrackProcessors } from './jobs/processors/track.processors';
import { registerProcessors } from './jobs/registry';
import { createTrackProcessingService } from './services/track-processing.service';
import { registerErrorHandler } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { authorizationPlugin } from './plugins/authorization';
import { createSessionCache } from './plugins/session-cache';
import { csrfPlugin } from './plugins/csrf';
import { builtFileConstraint, registerWebApp } from './plugins/web-app';
import { loggerOptions, registerRequestIdHeader, type LogStream } from './plugins/logging';
import { rateLimitPlugin } from './plugins/rate-limit';
import { quotaPlugin } from './plugins/quota';
import { authRoutes } from './routes/auth/index';
import { conversationRoutes } from './routes/conversations/index';
import { adminRoutes } from './routes/admin/index';
import { adminDashboardRoutes } from './routes/admin/dashboard';
import { chatRoutes } from './routes/chat/index';
import { trackRoutes } from './routes/tracks/index';
import { healthRoutes } from './routes/health';
import { lyricsRoutes } from './routes/lyrics/index';
import { marketingRoutes } from './routes/marketing/index';
import { createHolidayCalendar } from './services/holidays';
import { createMarketingService } from './services/marketing.service';
import { reviewRoutes } from './routes/review/index';
import { createReviewService } from './services/review.service';
import { coverArtRoutes } from './routes/coverarts/index';
import { createCoverArtService } from './services/cover-art.service';
import { createCoverImageProvider, type ImageSettings } from './providers/image/index';
import { payoutRoutes } from './routes/payouts/index';
import { createPaymentMethodService } from './services/payment-method.service';
import { createLedgerService } from './services/ledger.service';
import { createPaymentDataCipher, loadPaymentKeys } from './crypto/payment-data';
import { createPaymentProvider, type PaymentSettings } from './providers/payments/index';
import { createMembershipService } from './services/membership.service';
import { membershipRoutes } from './routes/membership/index';
import { studioRoutes } from './routes/studio/index';
import { songRoutes } from './routes/songs/index';
import { releaseRoutes } from './routes/releases/index';
import { createReleaseService } from './services/release.service';
import { createReleaseMedia } from './services/release-media';
import { splitRoutes } from './routes/splits/index';
import { createSplitService } from './services/split.service';
import { createSongService } from './services/song.service';
import { createStudioService } from './services/studio.service';
import { configureHeavyWork } from './heavy/pool';
import { createBuiltInMusic, createMusicProvider, type MusicSettings } from './providers/music/index';
import { createBeatProcessors } from './jobs/processors/beat.processors';
import { createBoothProcessors } from './jobs/processors/booth.processors';
import { createBoothService } from './services/booth.service';
import { boothRoutes } from './routes/booth/index';

export type AppEnv = Pick<
  Env,
  | 'sessionSecret'
  | 'SESSION_TTL_DAYS'
  | 'TRUST_PROXY'
  | 'ALLOWED_ORIGINS'
  | 'LOGIN_MAX_FAILURES'
  | 'LOGIN_MAX_FAILURES_PER_IP'
  | 'LOGIN_THROTTLE_WINDOW_MINUTES'
  | 'REGISTER_MAX_PER_IP'
  | 'REGISTER_WINDOW_MINUTES'
  | 'RATE_LIMIT_PER_MINUTE'
  | 'RATE_LIMIT_AUTH_PER_MINUTE'
  | 'RATE_LIMIT_GENERATE_PER_MINUTE'
  | 'REDIS_KEY_PREFIX'
  | 'QUOTAS_FREE'
  | 'QUOTAS_PREMIUM'
  | 'LOG_LEVEL'
  | 'webDistDir'
  | 'HEAVY_WORK_THREADS'
  | 'HEAVY_WORK_NICE'
  | 'HEAVY_WORK_IDLE_SECONDS'
  | keyof TextSettings
  | keyof SpeechSettings
  | keyof ImageSettings
  | keyof MusicSettings
  | 'dataDir'
  | 'MAX_UPLOAD_MB'
  | 'UPLOAD_IDLE_TIMEOUT_SECONDS'
  | 'UPLOAD_MIN_BYTES_PER_SECOND'
  | 'UPLOAD_RATE_GRACE_SECONDS'
  | 'STORAGE_FREE_MB'
  | 'STORAGE_PREMIUM_MB'
  | 'MIN_FREE_DISK_MB'
  | 'WORKERS'
  | 'JOB_CONCURRENCY'
  | 'JOB_LEASE_SECONDS'
  | 'JOB_TIMEOUT_SECONDS'
  | 'MEMBERSHIP_SEATS'
  | 'membershipContent'
> &
  Partial<Pick<Env, 'PAYMENT_DATA_KEY' | 'REDIS_URL' | 'HOLIDAY_COUNTRY'>> &
  Partial<PaymentSettings> &
  StorageSettings;

export function createServices(db: Db, env: AppEnv, overrides: { storage?: FileStorage } = {}) {
  // The heavy-work pool's size (ADR 055): threads start on the first render, not here.
  configureHeavyWork({ threads: env.HEAVY_WORK_THREADS, nice: env.HEAVY_WORK_NICE, idleSeconds: env.HEAVY_WORK_IDLE_SECONDS });
  const repos = createRepositories(db.kysely);
  const uow = createUnitOfWork(db.kysely);
  const auth = createAuthService({
    repos,
    uow,
    settings: {
      sessionTtlDays: env.SESSION_TTL_DAYS,
      maxFailures: env.LOGIN_MAX_FAILURES,
      maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
      throttleWindowMinutes: env.LOGIN_THROTTLE_WINDOW_MINUTES,
      registerMaxPerIp: env.REGISTER_MAX_PER_IP,
      registerWindowMinutes: env.REGISTER_WINDOW_MINUTES,
    },
  });
  const conversations = createConversationService({ conversations: repos.conversations, messages: repos.messages });
  const text = createTextProvider(env);
  const chat = createChatService({ conversations: repos.conversations, messages: repos.messages, text });
  const lyrics = createLyricsService({ snippets: repos.lyricSnippets, conversations: repos.conversations, uow, text });
  const storage = overrides.storage ?? createFileStorage(env);
  const speech = createSpeechToText(env);
  const songs = createSongService({ songs: repos.songs, conversations: repos.conversations, beats: repos.beats, uow, storage });
  const processing = createTrackProcessingService({ tracks: repos.tracks, storage, speech });
  // pg-boss on PostgreSQL, the embedded table queue on SQLite (ADR 009, ADR 020). Enqueueing wakes
  // this process's worker at once; other processes find the job on their next poll.
  const jobBackend = createJobBackend(db, repos.jobs, { leaseSeconds: env.JOB_LEASE_SECONDS, timeoutSeconds: env.JOB_TIMEOUT_SECONDS });
  const queue = jobBackend.queue;
  const music = createMusicProvider(env);
  const disk = createDiskSpace({ dataDir: env.dataDir, minFreeMb: env.MIN_FREE_DISK_MB });
  const quotas = createQuotaService({ quotas: repos.quotas, limits: { free: env.QUOTAS_FREE, premium: env.QUOTAS_PREMIUM }, disk });
  const studio = createStudioService({
    beats: repos.beats,
    conversations: repos.conversations,
    users: repos.users,
    uow,
    storage,
    queue,
    music,
    builtIn: music.hosted ? createBuiltInMusic() : music,
    waitMs: (env.MUSIC_TIMEOUT_SECONDS + 60) * 1000,
    workFailed: (userId, acceptedAt) => quotas.workFailed(userId, 'beat', acceptedAt),
    songs,
  });
  const tracks = createTrackService({
    tracks: repos.tracks,
    uow,
    storage,
    queue,
    transcriptionAvailable: speech !== undefined,
    maxUploadMb: env.MAX_UPLOAD_MB,
    storageMb: { free: env.STORAGE_FREE_MB, premium: env.STORAGE_PREMIUM_MB },
    disk,
    songs,
    mixes: repos.booth,
  });
  const booth = createBoothService({
    booth: repos.booth,
    beats: repos.beats,
    tracks: repos.tracks,
    songRows: repos.songs,
    users: repos.users,
    uow,
    storage,
    queue,
    songs,
    trackService: tracks,
    maxTakeBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
    workFailed: (userId, acceptedAt) => quotas.workFailed(userId, 'beat', acceptedAt),
  });
  const processors = registerProcessors({ ...createTrackProcessors({ processing }), ...createBeatProcessors({ studio }), ...createBoothProcessors({ booth }) });
  /** A worker running `concurrency` jobs at once in this process. */
  const createWorker = (concurrency: number, log?: JobLog) => jobBackend.createWorker({ processors, concurrency, log });
  const admin = createAdminService({
    installation: { settings: env, dialect: db.dialect, probeModels, pingDatabase: () => pingDatabase(db), storage },
  });
  const reviews = createReviewService({ tracks: repos.tracks, reviews: repos.trackReviews, text, songs });
  const marketing = createMarketingService({
    plans: repos.marketingPlans,
    conversations: repos.conversations,
    tracks: repos.tracks,
    uow,
    text,
    holidays: createHolidayCalendar(env.HOLIDAY_COUNTRY ?? 'US'),
    songs,
  });
  const covers = createCoverArtService({
    covers: repos.coverArts,
    conversations: repos.conversations,
    tracks: repos.tracks,
    uow,
    text,
    images: createCoverImageProvider(env),
    storage,
    songs,
  });
  const dashboard = createAdminDashboardService({
    lists: repos.adminLists,
    audit: repos.audit,
    users: repos.users,
    overview: repos.adminOverview,
    ledger: repos.ledger,
    jobs: repos.jobs,
    queue,
    uow,
    storageOf: (user) => tracks.storageOf({ id: user.id, plan: planOf(user) }),
  });
  // Payout numbers are encrypted with PAYMENT_DATA_KEY, or the key file made in DATA_DIR on first start (ADR 016).
  const cipher = createPaymentDataCipher(loadPaymentKeys(env));
  const paymentMethods = createPaymentMethodService({ paymentMethods: repos.paymentMethods, uow, cipher });
  const ledger = createLedgerService({ ledger: repos.ledger, paymentMethods: repos.paymentMethods, users: repos.users, splits: repos.splits, uow });
  const membership = createMembershipService({
    memberships: repos.memberships,
    users: repos.users,
    uow,
    payments: createPaymentProvider(env),
    seats: env.MEMBERSHIP_SEATS,
    content: env.membershipContent,
    limits: { free: env.QUOTAS_FREE, premium: env.QUOTAS_PREMIUM },
  });
  const releases = createReleaseService({ releases: repos.releases, songs: repos.songs, covers: repos.coverArts, songService: songs });
  const releaseMedia = createReleaseMedia(storage);
  const splits = createSplitService({ splits: repos.splits, songs: repos.songs, users: repos.users, uow });
  const readiness = createReadinessService({ dialect: db.dialect, pingDatabase: () => pingDatabase(db), storage, disk });
  return { songs, booth, releases, releaseMedia, splits, disk, readiness, auth, conversations, chat, lyrics, tracks, reviews, admin, dashboard, quotas, marketing, covers, paymentMethods, ledger, membership, studio, queue, jobBackend, storage, createWorker };
}
export type Services = ReturnType<typeof createServices>;

export interface BuildOptions {
  /** Log lines go here instead of stdout (tests read them). */
  logStream?: LogStream;
  /** Another store than the settings pick (tests: one whose disk is full). */
  storage?: FileStorage;
}

/**
 * A partial file untouched this long was left by a process that died mid-write: a live upload
 * writes at least every UPLOAD_IDLE_TIMEOUT_SECONDS or is cut, and a job writes its files in one go.
 */
export const stalePartialMs = (env: Pick<AppEnv, 'UPLOAD_IDLE_TIMEOUT_SECONDS'>) => Math.max(600, 2 * env.UPLOAD_IDLE_TIMEOUT_SECONDS) * 1000;

/**
 * The zod compilers (set again below, as before) given when the app is created, so Fastify never
 * loads its default ones: Ajv and fast-json-stringify with their formats, evaluated at every start
 * for nothing (issue 31). Fastify's types name only its own compilers' factories here.
 */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  FastifyServerOptions['schemaController']
>['compilersFactory'];

/** Builds the Fastify instance: security plugins first, then the API, then the web app. */
export async function buildApp(db: Db, env: AppEnv, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines with a request id on every request's lines, secrets redacted (ADR 022).
    ...loggerOptions(env.LOG_LEVEL, options.logStream),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: zodCompilers },
    // The web app's file route matches only the built files (plugins/web-app.ts).
    routerOptions: { constraints: builtFileConstraint(env.webDistDir) },
    // Requests the router refuses before any route runs (an undecodable path, an over-long
    // parameter) answer in the app's error shape too, without echoing the address back.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .send(tooLong ? { message: 'The address is too long.', code: 'url_too_long' } : { message: 'The address is not valid.', code: 'bad_url' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestIdHeader(app);

  const services = createServices(db, env, { storage: options.storage });
  // What a crash left mid-write (ADR 031): removed at start-up, then hourly with the housekeeping.
  const removePartials = () =>
    services.storage.removeStalePartials(stalePartialMs(env)).then(
      (removed) => void (removed > 0 && app.log.info({ removed }, 'removed partial files left by an interrupted write')),
      (err: unknown) => app.log.warn({ err }, 'removing partial files failed'),
    );
  void removePartials();
  await services.jobBackend.start();
  // The embedded payment form: the provider's script and frames, only when it is configured.
  const paymentForm = services.membership.engine === 'Stripe' && env.STRIPE_PUBLISHABLE_KEY;
  const stripeJs = paymentForm ? ['https://js.stripe.com'] : [];
  const stripeFrames = paymentForm ? ['https://js.stripe.com', 'https://checkout.stripe.com'] : [];

  registerSecurityHeaders(app, {
    // Sent by the authorization plugin, and only over HTTPS.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeJs],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(paymentForm ? ['https://api.stripe.com'] : [])],
        ...(stripeFrames.length ? { frameSrc: stripeFrames } : {}),
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(fastifyCookie, { secret: env.sessionSecret });
  await app.register(csrfPlugin, { allowedOrigins: env.ALLOWED_ORIGINS });
  // Before any route: every route declares its access, checked after routing (plugins/authorization.ts).
  // Sessions resolved in the last second; emptied whenever this process changes users or sessions.
  const sessionCache = createSessionCache();
  const unwatch = db.onSessionChange(() => sessionCache.clear());
  app.addHook('onClose', async () => unwatch());
  await app.register(authorizationPlugin, { auth: services.auth, sessionCache });
  // After authorization, so a signed-in user's budget follows the user rather than the address.
  // The Redis client (ioredis and its command table) is loaded only where Redis is configured.
  const redis = env.REDIS_URL ? (await import('./providers/redis/index')).createRedis(env.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimitPlugin, {
    api: env.RATE_LIMIT_PER_MINUTE,
    auth: env.RATE_LIMIT_AUTH_PER_MINUTE,
    generate: env.RATE_LIMIT_GENERATE_PER_MINUTE,
    redis,
    keyPrefix: env.REDIS_KEY_PREFIX,
  });
  // Quotas spent and refunded from each route's `config.quota` (ADR 038).
  await app.register(quotaPlugin, { quotas: services.quotas });

  await app.register(healthRoutes, { readiness: services.readiness });
  await app.register(authRoutes, { auth: services.auth, membership: services.membership });
  await app.register(conversationRoutes, { conversations: services.conversations });
  await app.register(quotaRoutes, { quotas: services.quotas });
  await app.register(chatRoutes, { chat: services.chat, covers: services.covers });
  await app.register(lyricsRoutes, { lyrics: services.lyrics });
  // Multipart bodies only where a route takes one (the track and Booth uploads): @fastify/multipart
  // hooks every request of its scope (a listener on each response, two async hooks), which at the
  // root cost every other route's requests a few µs for nothing (issue 31).
  const multipart = { limits: { fileSize: env.MAX_UPLOAD_MB * 1024 * 1024, files: 1, fields: 10, parts: 12 } };
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, multipart);
    await uploads.register(trackRoutes, {
      tracks: services.tracks,
      uploads: {
        maxUploadMb: env.MAX_UPLOAD_MB,
        idleTimeoutSeconds: env.UPLOAD_IDLE_TIMEOUT_SECONDS,
        minBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND,
        rateGraceSeconds: env.UPLOAD_RATE_GRACE_SECONDS,
      },
    });
  });
  await app.register(reviewRoutes, { reviews: services.reviews });
  await app.register(marketingRoutes, { marketing: services.marketing });
  await app.register(coverArtRoutes, { covers: services.covers });
  await app.register(payoutRoutes, { paymentMethods: services.paymentMethods, ledger: services.ledger });
  await app.register(studioRoutes, { studio: services.studio });
  await app.register(songRoutes, { songs: services.songs });
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, multipart);
    await uploads.register(boothRoutes, { booth: services.booth, uploads: { maxUploadMb: env.MAX_UPLOAD_MB } });
  });
  // The release page's address: the first configured public origin, else the one each request came to.
  await app.register(releaseRoutes, { releases: services.releases, media: services.releaseMedia, publicOrigin: env.ALLOWED_ORIGINS[0] ? new URL(env.ALLOWED_ORIGINS[0]).origin : undefined });
  await app.register(splitRoutes, { splits: services.splits, publicOrigin: env.ALLOWED_ORIGINS[0] ? new URL(env.ALLOWED_ORIGINS[0]).origin : undefined });
  await app.register(adminRoutes, { admin: services.admin });
  await app.register(adminDashboardRoutes, { dashboard: services.dashboard });
  await app.register(membershipRoutes, { membership: services.membership });

  // Housekeeping: expired sessions, login failures outside the throttling window, old quota
  // counters, unpaid checkouts' seat holds a day after they ran out, Booth takes left incomplete
  // for a day, and stale partial files.
  const prune = setInterval(() => {
    void services.auth.prune().catch((err) => app.log.warn({ err }, 'prune failed'));
    void services.quotas.prune().catch((err) => app.log.warn({ err }, 'quota prune failed'));
    void services.membership.prune().catch((err) => app.log.warn({ err }, 'checkout hold prune failed'));
    void services.booth.removeStale().catch((err) => app.log.warn({ err }, 'stale take prune failed'));
    void removePartials();
  }, 3_600_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  // WORKERS=0: this process only serves requests; `npm run worker` processes run the jobs.
  const worker = env.WORKERS > 0 ? services.createWorker(env.WORKERS, app.log) : undefined;
  if (worker) app.addHook('onReady', () => worker.start());
  app.addHook('onClose', async () => {
    await worker?.stop();
    await services.jobBackend.stop();
  });
  await registerWebApp(app, env.webDistDir);

  return app;
}
