import {
  BUILT_IN_REVIEWER,
  BUILT_IN_RHYME_ENGINE,
  type AdminServices,
  type ServiceId,
  type ServiceSetting,
  type ServiceStatus,
  type ToolType,
} from '@members-only/shared';
import type { Dialect } from '../db/index';
import type { TextSettings } from '../providers/text/index';
import type { SpeechSettings } from '../providers/speech/index';
import type { ImageSettings } from '../providers/image/index';
import type { PaymentSettings } from '../providers/payments/index';
import type { MusicSettings } from '../providers/music/index';
import type { StorageSettings } from '../providers/storage/index';
import { BUILT_IN_COVER_CONCEPT } from '@members-only/shared/cover';
import { BUILT_IN_MARKETING_PLANNER } from '@members-only/shared/marketing';
import { BUILT_IN_GUIDE } from '../providers/text/built-in-guide';
import { lastUpstreamError } from '../providers/text/upstream-log';
import type { ModelsProbe, ModelsProbeOptions } from '../providers/openai-models';
import { authorize, type Actor } from '../policies/index';

/** What the services overview reads: the settings (never sent on, only whether each is set) and the checks. */
export interface InstallationChecks {
  settings: TextSettings &
    SpeechSettings &
    Partial<ImageSettings> &
    Partial<MusicSettings> &
    Partial<PaymentSettings> &
    Partial<StorageSettings> & { MEMBERSHIP_SEATS?: number; MEMBERSHIP_CONTENT_FILE?: string };
  dialect: Dialect;
  /** Lists an OpenAI-compatible endpoint's models (providers/openai-models.ts). */
  probeModels: (options: ModelsProbeOptions) => Promise<ModelsProbe>;
  pingDatabase: () => Promise<void>;
  storage: { engine: string; check(): Promise<void> };
  /** Longest wait for any one check. */
  timeoutMs?: number;
}

/** A check takes at most this long, so the admin page answers within a few seconds whatever is down. */
export const SERVICE_CHECK_TIMEOUT_MS = 3_000;

const TOOL_NAMES: Record<ToolType, string> = {
  chat: 'AI Chat',
  lyrics: 'Lyric Assist',
  coverart: 'Cover Art',
  marketing: 'Marketing Plan',
  review: 'Song Review',
};
const TOOL_SETTINGS: Record<ToolType, keyof TextSettings> = {
  chat: 'AI_MODEL_CHAT',
  lyrics: 'AI_MODEL_LYRICS',
  coverart: 'AI_MODEL_COVERART',
  marketing: 'AI_MODEL_MARKETING',
  review: 'AI_MODEL_REVIEW',
};
/** What each tool really uses without a model (issue 24: not the chat's guide for all of them). */
export const BUILT_IN_FOR: Record<ToolType, string> = {
  chat: BUILT_IN_GUIDE,
  lyrics: BUILT_IN_RHYME_ENGINE,
  coverart: BUILT_IN_COVER_CONCEPT,
  marketing: BUILT_IN_MARKETING_PLANNER,
  review: BUILT_IN_REVIEWER,
};

/** Host and path of an endpoint, without credentials or a query (either could hold a key). */
/** The service's own words from its last error answer (admins only: artists get ours), as a sentence to append. */
function lastErrorNote(service: string): string {
  const last = lastUpstreamError(service);
  return last ? ` Last error (HTTP ${String(last.status)}, ${last.at}): ${last.detail}` : '';
}

export function endpointName(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return 'an address that is not a valid URL';
  }
}

const setting = (name: string, value: unknown, purpose: string): ServiceSetting => ({
  name,
  set: value !== undefined && value !== null && value !== '',
  purpose,
});

/** Rejects after `ms` unless `work` settles first. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function simpleCheck(work: () => Promise<void>, ms: number, ok: string, failed: string): Promise<Pick<ServiceStatus, 'reachable' | 'detail'>> {
  const started = performance.now();
  try {
    await within(work(), ms);
    return { reachable: true, detail: `${ok} (${Math.round(performance.now() - started)} ms).` };
  } catch (error) {
    const timedOut = error instanceof Error && error.message === 'timeout';
    return { reachable: false, detail: timedOut ? `${failed}: no answer within ${ms / 1000} s.` : `${failed}.` };
  }
}

/** The operator's view of the installation. The route is admin-only; the policy is asked again here. */
export function createAdminService(deps: { installation: InstallationChecks }) {
  const { installation } = deps;

  async function services(checks: InstallationChecks): Promise<ServiceStatus[]> {
    const s = checks.settings;
    const timeoutMs = checks.timeoutMs ?? SERVICE_CHECK_TIMEOUT_MS;
    const textOn = Boolean(s.AI_BASE_URL && s.AI_MODEL);
    const speechOn = Boolean(s.STT_BASE_URL);
    const imageOn = Boolean(s.IMAGE_BASE_URL && s.IMAGE_MODEL);

    // Never longer than the service's own time limit either.
    const [textProbe, speechProbe, imageProbe, storage, database] = await Promise.all([
      textOn ? checks.probeModels({ baseUrl: s.AI_BASE_URL!, apiKey: s.AI_API_KEY, timeoutMs: Math.min(timeoutMs, s.AI_TIMEOUT_SECONDS * 1000) }) : null,
      speechOn ? checks.probeModels({ baseUrl: s.STT_BASE_URL!, apiKey: s.STT_API_KEY, timeoutMs: Math.min(timeoutMs, s.STT_TIMEOUT_SECONDS * 1000) }) : null,
      imageOn ? checks.probeModels({ baseUrl: s.IMAGE_BASE_URL!, apiKey: s.IMAGE_API_KEY, timeoutMs: Math.min(timeoutMs, (s.IMAGE_TIMEOUT_SECONDS ?? 120) * 1000) }) : null,
      simpleCheck(() => checks.storage.check(), timeoutMs, 'Files can be written', 'Files cannot be written there'),
      simpleCheck(checks.pingDatabase, timeoutMs, 'Answered', 'Did not answer'),
    ]);

    /** "Answered in 40 ms and lists e2e-model." / "... does not list it". */
    const modelDetail = (probe: ModelsProbe, model: string) => {
      if (!probe.reachable || !probe.models) return probe.detail;
      const listed = probe.models.includes(model);
      return `${probe.detail.replace(/\.$/, '')} and ${listed ? 'lists' : 'does not list'} ${model}${listed ? '' : ' (check the name)'}.`;
    };

    const text: ServiceStatus = {
      id: 'text',
      name: 'Text model',
      purpose: 'Writes the answers in AI Chat and the line ideas and feedback in Lyric Assist.',
      configured: textOn,
      engine: textOn ? `${s.AI_MODEL} at ${endpointName(s.AI_BASE_URL!)}` : `${BUILT_IN_GUIDE} and ${BUILT_IN_RHYME_ENGINE.toLowerCase()} (no model connected)`,
      settings: [
        setting('AI_BASE_URL', s.AI_BASE_URL, 'Address of any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1'),
        setting('AI_MODEL', s.AI_MODEL, 'The model name to use (required with AI_BASE_URL)'),
        setting('AI_API_KEY', s.AI_API_KEY, 'Bearer key, when the endpoint needs one'),
        setting('AI_TIMEOUT_SECONDS', s.AI_TIMEOUT_SECONDS, 'Longest wait for a reply'),
      ],
      reachable: textProbe ? textProbe.reachable : null,
      detail: textProbe ? modelDetail(textProbe, s.AI_MODEL!) : 'Built in: nothing to reach. Set AI_BASE_URL and AI_MODEL to connect a model.',
    };

    const tools = (Object.keys(TOOL_NAMES) as ToolType[]).map((tool): ServiceStatus => {
      const name = TOOL_SETTINGS[tool];
      const own = s[name] as string | undefined;
      const model = textOn ? (own ?? s.AI_MODEL!) : undefined;
      return {
        id: `text.${tool}` as ServiceId,
        name: `Model for ${TOOL_NAMES[tool]}`,
        purpose: own ? `${TOOL_NAMES[tool]} uses its own model.` : `${TOOL_NAMES[tool]} uses the text model unless ${name} names another.`,
        configured: textOn && Boolean(own),
        engine: model ? `${model}${own ? '' : ' (the text model)'}` : BUILT_IN_FOR[tool],
        settings: [setting(name, own, `A model for ${TOOL_NAMES[tool]} only, at the same endpoint`)],
        reachable: textProbe ? textProbe.reachable : null,
        detail: textProbe && model ? modelDetail(textProbe, model) : 'Built in: nothing to reach.',
      };
    });

    const speech: ServiceStatus = {
      id: 'speech',
      name: 'Speech-to-text',
      purpose: 'Writes down the lyrics of uploaded tracks for Song Review.',
      configured: speechOn,
      engine: speechOn ? `${s.STT_MODEL} at ${endpointName(s.STT_BASE_URL!)}` : 'None: artists paste or type their lyrics',
      settings: [
        setting('STT_BASE_URL', s.STT_BASE_URL, 'Address of an OpenAI /audio/transcriptions endpoint (OpenAI, faster-whisper, LocalAI…)'),
        setting('STT_MODEL', s.STT_MODEL, 'The transcription model (default whisper-1)'),
        setting('STT_API_KEY', s.STT_API_KEY, 'Bearer key, when the endpoint needs one'),
        setting('STT_TIMEOUT_SECONDS', s.STT_TIMEOUT_SECONDS, 'Longest wait for one transcription'),
      ],
      reachable: speechProbe ? speechProbe.reachable : null,
      detail: speechProbe ? speechProbe.detail : 'Not connected. Set STT_BASE_URL to transcribe uploads.',
    };

    const image: ServiceStatus = {
      id: 'image',
      name: 'Image model',
      purpose: 'Draws the pictures in Cover Art (normalised to 3000 × 3000 sRGB PNG).',
      configured: imageOn,
      engine: imageOn ? `${s.IMAGE_MODEL} at ${endpointName(s.IMAGE_BASE_URL!)}` : 'Built-in cover renderer (no image model connected)',
      settings: [
        setting('IMAGE_BASE_URL', s.IMAGE_BASE_URL, 'Address of an OpenAI Images endpoint (/images/generations and /images/edits)'),
        setting('IMAGE_MODEL', s.IMAGE_MODEL, 'The image model name (required with IMAGE_BASE_URL)'),
        setting('IMAGE_API_KEY', s.IMAGE_API_KEY, 'Bearer key, when the endpoint needs one'),
        setting('IMAGE_TIMEOUT_SECONDS', s.IMAGE_TIMEOUT_SECONDS, 'Longest wait for one image'),
      ],
      reachable: imageProbe ? imageProbe.reachable : null,
      detail: imageProbe
        ? `${modelDetail(imageProbe, s.IMAGE_MODEL!)}${lastErrorNote('image')}`
        : 'Built in: nothing to reach. Set IMAGE_BASE_URL and IMAGE_MODEL to connect an image model.',
    };

    const musicOn = Boolean(s.MUSIC_API_BASE_URL);
    const music: ServiceStatus = {
      id: 'music',
      name: 'Music generation',
      purpose: 'Makes beats for the Studio.',
      configured: musicOn,
      engine: musicOn ? `${s.MUSIC_API_MODEL ?? 'meta/musicgen'} at ${endpointName(s.MUSIC_API_BASE_URL!)} (Replicate predictions)` : 'Built-in beat engine: synthesised, mixed and mastered here',
      settings: [
        setting('MUSIC_API_BASE_URL', s.MUSIC_API_BASE_URL, 'Address of a Replicate-compatible predictions API (https://api.replicate.com/v1)'),
        setting('MUSIC_API_MODEL', s.MUSIC_API_MODEL, 'The text-to-music model, owner/name or owner/name:version (default meta/musicgen)'),
        setting('MUSIC_API_KEY', s.MUSIC_API_KEY, 'API token of the music service'),
        setting('MUSIC_TIMEOUT_SECONDS', s.MUSIC_TIMEOUT_SECONDS, 'Longest wait for one piece of music'),
        setting('MUSIC_MAX_MB', s.MUSIC_MAX_MB, 'Largest output file fetched from the service, in MB (default 50)'),
        setting('MUSIC_OUTPUT_ALLOW_PRIVATE', s.MUSIC_OUTPUT_ALLOW_PRIVATE ? 'true' : undefined, 'Tests only: output over http from private and loopback addresses. Never set it in a real deployment'),
        setting('MUSIC_OUTPUT_HOSTS', s.MUSIC_OUTPUT_HOSTS?.join(','), "Hosts the output may come from besides the API's own (default replicate.delivery,*.replicate.delivery)"),
      ],
      reachable: null,
      detail: musicOn ? 'Checked when a beat is made.' : 'Built in: nothing to reach.',
    };

    const storageStatus: ServiceStatus = {
      id: 'storage',
      name: 'File storage',
      purpose: 'Keeps uploaded tracks, cover images and beats.',
      configured: true,
      engine: checks.storage.engine,
      settings:
        s.STORAGE === 's3'
          ? [
              setting('STORAGE', s.STORAGE, 'local (files in DATA_DIR) or s3 (an S3-compatible bucket)'),
              setting('S3_BUCKET', s.S3_BUCKET, 'The bucket that keeps the files (private: the app streams them after its access checks)'),
              setting('S3_ENDPOINT', s.S3_ENDPOINT, 'Address of an S3-compatible store (MinIO, R2, B2…); unset, Amazon S3'),
              setting('S3_REGION', s.S3_REGION, "The bucket's region"),
              setting('S3_ACCESS_KEY_ID', s.S3_ACCESS_KEY_ID, 'Access key; unset, the AWS_* credentials, profile or instance role'),
              setting('S3_SECRET_ACCESS_KEY', s.S3_SECRET_ACCESS_KEY, 'Secret of that access key'),
              setting('S3_FORCE_PATH_STYLE', s.S3_FORCE_PATH_STYLE, 'Bucket in the path rather than the host name (on by default with S3_ENDPOINT)'),
              setting('S3_TIMEOUT_SECONDS', s.S3_TIMEOUT_SECONDS, 'Longest wait for the store to answer'),
            ]
          : [
              setting('STORAGE', s.STORAGE, 'local (files in DATA_DIR, the default) or s3 (an S3-compatible bucket)'),
              setting('DATA_DIR', 'set', 'Folder for the database file (SQLite), uploads and the session secret'),
            ],
      ...storage,
    };

    const databaseStatus: ServiceStatus = {
      id: 'database',
      name: 'Database',
      purpose: 'Keeps accounts, conversations, lyrics and tracks.',
      configured: true,
      engine: checks.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite (a file in DATA_DIR)',
      settings: [setting('DATABASE_URL', checks.dialect === 'postgres' ? 'set' : undefined, 'A postgres:// URL; unset, a SQLite file in DATA_DIR')],
      ...database,
    };

    const paymentsOn = Boolean(s.STRIPE_SECRET_KEY && s.STRIPE_PRICE_ID && s.STRIPE_WEBHOOK_SECRET);
    const paymentsStatus: ServiceStatus = {
      id: 'payments',
      name: 'Payments',
      purpose: 'Takes membership payments (checkout, renewals, cancelations) and reports them to the app.',
      configured: paymentsOn,
      engine: paymentsOn ? 'Stripe' : 'None: grant membership with the admin command (grant-premium)',
      settings: [
        setting('STRIPE_SECRET_KEY', s.STRIPE_SECRET_KEY, 'Secret API key'),
        setting('STRIPE_PUBLISHABLE_KEY', s.STRIPE_PUBLISHABLE_KEY, 'Publishable key for the embedded payment form on the invitation page'),
        setting('STRIPE_WEBHOOK_SECRET', s.STRIPE_WEBHOOK_SECRET, 'Signing secret of the webhook endpoint /api/stripe/webhook'),
        setting('STRIPE_PRICE_ID', s.STRIPE_PRICE_ID, 'The recurring (yearly) price a membership subscribes to'),
        setting('MEMBERSHIP_SEATS', s.MEMBERSHIP_SEATS, 'Optional seat limit; unset, no limit and no scarcity wording'),
        setting('MEMBERSHIP_CONTENT_FILE', s.MEMBERSHIP_CONTENT_FILE, 'JSON file with the invitation page content and the shown price'),
      ],
      reachable: null,
      detail: paymentsOn
        ? 'Checked on each checkout; events arrive at /api/stripe/webhook.'
        : 'Not connected: checkout answers that payments are not set up.',
    };

    return [text, ...tools, speech, image, music, storageStatus, databaseStatus, paymentsStatus];
  }

  return {
    /** Each outside service: set up or not, what runs now, its settings and a quick, time-bounded check. */
    async listServices(actor: Actor): Promise<AdminServices> {
      authorize(actor, 'read', 'services');
      return { services: await services(installation), checkedAt: new Date().toISOString() };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
