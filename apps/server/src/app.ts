import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
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
import { createFileStorage } from './providers/storage/index';
import { probeModels } from './providers/openai-models';
import { createTrackService } from './services/track.service';
import { createAdminService } from './services/admin.service';
import { createAdminDashboardService } from './services/admin-dashboard.service';
import { createQuotaService } from './services/quota.service';
import { quotaRoutes } from './routes/quotas/index';
import { createLyricsService } from './services/lyrics.service';
import { createJobQueue } from './jobs/queue';
import { createJobWorker } from './jobs/worker';
import { createTrackProcessors } from './jobs/processors/track.processors';
import { registerProcessors } from './jobs/registry';
import { createTrackProcessingService } from './services/track-processing.service';
import { registerErrorHandler } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { authorizationPlugin } from './plugins/authorization';
import { createSessionCache } from './plugins/session-cache';
import { OneLinePerRequest } from './plugins/request-log';
import { csrfPlugin } from './plugins/csrf';
import { registerWebApp } from './plugins/web-app';
import { authRoutes } from './routes/auth/index';
import { conversationRoutes } from './routes/conversations/index';
import { adminRoutes } from './routes/admin/index';
import { adminDashboardRoutes } from './routes/admin/dashboard';
import { chatRoutes } from './routes/chat/index';
import { trackRoutes } from './routes/tracks/index';
import { healthRoutes } from './routes/health';
import { lyricsRoutes } from './routes/lyrics/index';
import { marketingRoutes } from './routes/marketing/index';
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
import { createStudioService } from './services/studio.service';
import { createMusicProvider, type MusicSettings } from './providers/music/index';
import { createBeatProcessors } from './jobs/processors/beat.processors';

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
  | 'QUOTAS_FREE'
  | 'QUOTAS_PREMIUM'
  | 'LOG_LEVEL'
  | 'webDistDir'
  | keyof TextSettings
  | keyof SpeechSettings
  | keyof ImageSettings
  | keyof MusicSettings
  | 'dataDir'
  | 'MAX_UPLOAD_MB'
  | 'UPLOAD_IDLE_TIMEOUT_SECONDS'
  | 'RUN_JOBS_IN_SERVER'
  | 'JOB_CONCURRENCY'
  | 'JOB_LEASE_SECONDS'
  | 'MEMBERSHIP_SEATS'
  | 'membershipContent'
> &
  Partial<Pick<Env, 'PAYMENT_DATA_KEY'>> &
  Partial<PaymentSettings>;

export function createServices(db: Db, env: AppEnv) {
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
  const storage = createFileStorage(env);
  const speech = createSpeechToText(env);
  const processing = createTrackProcessingService({ tracks: repos.tracks, storage, speech });
  // The queue wakes this process's worker at once; other processes find the job on their next poll.
  let wakeWorker = () => {};
  const queue = createJobQueue(repos.jobs, () => wakeWorker());
  const music = createMusicProvider(env);
  const studio = createStudioService({
    beats: repos.beats,
    conversations: repos.conversations,
    users: repos.users,
    uow,
    storage,
    queue,
    music,
    waitMs: (env.MUSIC_TIMEOUT_SECONDS + 60) * 1000,
  });
  const processors = registerProcessors({ ...createTrackProcessors({ processing }), ...createBeatProcessors({ studio }) });
  const createWorker = (log?: Parameters<typeof createJobWorker>[0]['log']) => {
    const worker = createJobWorker({
      jobs: repos.jobs,
      processors,
      concurrency: env.JOB_CONCURRENCY,
      leaseMs: env.JOB_LEASE_SECONDS * 1000,
      log,
    });
    wakeWorker = worker.wake;
    return worker;
  };
  const tracks = createTrackService({
    tracks: repos.tracks,
    uow,
    storage,
    queue,
    transcriptionAvailable: speech !== undefined,
    maxUploadMb: env.MAX_UPLOAD_MB,
  });
  const admin = createAdminService({
    installation: { settings: env, dialect: db.dialect, probeModels, pingDatabase: () => pingDatabase(db), storage },
  });
  const quotas = createQuotaService({ quotas: repos.quotas, limits: { free: env.QUOTAS_FREE, premium: env.QUOTAS_PREMIUM } });
  const reviews = createReviewService({ tracks: repos.tracks, reviews: repos.trackReviews, text });
  const marketing = createMarketingService({
    plans: repos.marketingPlans,
    conversations: repos.conversations,
    tracks: repos.tracks,
    uow,
    text,
  });
  const covers = createCoverArtService({
    covers: repos.coverArts,
    conversations: repos.conversations,
    tracks: repos.tracks,
    uow,
    text,
    images: createCoverImageProvider(env),
    storage,
  });
  const dashboard = createAdminDashboardService({
    lists: repos.adminLists,
    audit: repos.audit,
    users: repos.users,
    overview: repos.adminOverview,
    jobs: repos.jobs,
    queue,
    uow,
  });
  // Payout numbers are encrypted with PAYMENT_DATA_KEY, or the key file made in DATA_DIR on first start (ADR 016).
  const cipher = createPaymentDataCipher(loadPaymentKeys(env));
  const paymentMethods = createPaymentMethodService({ paymentMethods: repos.paymentMethods, uow, cipher });
  const ledger = createLedgerService({ ledger: repos.ledger, paymentMethods: repos.paymentMethods, users: repos.users, uow });
  const membership = createMembershipService({
    memberships: repos.memberships,
    users: repos.users,
    uow,
    payments: createPaymentProvider(env),
    seats: env.MEMBERSHIP_SEATS,
    content: env.membershipContent,
    limits: { free: env.QUOTAS_FREE, premium: env.QUOTAS_PREMIUM },
  });
  return { auth, conversations, chat, lyrics, tracks, reviews, admin, dashboard, quotas, marketing, covers, paymentMethods, ledger, membership, studio, queue, createWorker };
}
export type Services = ReturnType<typeof createServices>;

/** Builds the Fastify instance: security plugins first, then the API, then the web app. */
export async function buildApp(db: Db, env: AppEnv): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    logController: new OneLinePerRequest(),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
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

  const services = createServices(db, env);
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

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { auth: services.auth, membership: services.membership });
  await app.register(conversationRoutes, { conversations: services.conversations });
  await app.register(quotaRoutes, { quotas: services.quotas });
  await app.register(chatRoutes, { chat: services.chat, conversations: services.conversations, quotas: services.quotas });
  await app.register(lyricsRoutes, { lyrics: services.lyrics, quotas: services.quotas });
  await app.register(fastifyMultipart, {
    limits: { fileSize: env.MAX_UPLOAD_MB * 1024 * 1024, files: 1, fields: 10, parts: 12 },
  });
  await app.register(trackRoutes, { tracks: services.tracks, uploads: { maxUploadMb: env.MAX_UPLOAD_MB, idleTimeoutSeconds: env.UPLOAD_IDLE_TIMEOUT_SECONDS } });
  await app.register(reviewRoutes, { reviews: services.reviews, quotas: services.quotas });
  await app.register(marketingRoutes, { marketing: services.marketing, quotas: services.quotas });
  await app.register(coverArtRoutes, { covers: services.covers, quotas: services.quotas });
  await app.register(payoutRoutes, { paymentMethods: services.paymentMethods, ledger: services.ledger });
  await app.register(studioRoutes, { studio: services.studio, quotas: services.quotas });
  await app.register(adminRoutes, { admin: services.admin });
  await app.register(adminDashboardRoutes, { dashboard: services.dashboard });
  await app.register(membershipRoutes, { membership: services.membership });

  // Housekeeping: expired sessions and login failures outside the throttling window.
  const prune = setInterval(() => {
    void services.auth.prune().catch((err) => app.log.warn({ err }, 'prune failed'));
    void services.quotas.prune().catch((err) => app.log.warn({ err }, 'quota prune failed'));
  }, 3_600_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  if (env.RUN_JOBS_IN_SERVER) {
    const worker = services.createWorker(app.log);
    app.addHook('onReady', () => worker.start());
    app.addHook('onClose', () => worker.stop());
  }
  await registerWebApp(app, env.webDistDir);

  return app;
}
