import { z } from 'zod';

/**
 * `GET /api/admin/services` (admins only): the outside services this installation uses, whether
 * each is set up, what it runs on now, the settings that connect it and whether it answers.
 * Setting names appear here and only here: artists never see them.
 */
export const SERVICE_IDS = [
  'text',
  'text.chat',
  'text.lyrics',
  'text.coverart',
  'text.marketing',
  'text.review',
  'speech',
  'music',
  'storage',
  'database',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const serviceSettingSchema = z.object({
  /** The environment variable, e.g. AI_BASE_URL. */
  name: z.string(),
  /** It has a value (given, or its default); never the value itself. */
  set: z.boolean(),
  /** What to put there, in a few words. */
  purpose: z.string(),
});
export type ServiceSetting = z.infer<typeof serviceSettingSchema>;

export const serviceStatusSchema = z.object({
  id: z.enum(SERVICE_IDS),
  /** "Text model", "Model for Lyric Assist", "Speech-to-text"... */
  name: z.string(),
  /** What artists get from it. */
  purpose: z.string(),
  /** Connected to something of the operator's choosing, rather than left to the built-in fallback. */
  configured: z.boolean(),
  /** What does the work now: a model and its host, a built-in engine, a disk or database. */
  engine: z.string(),
  settings: z.array(serviceSettingSchema),
  /** The quick check's outcome; null when there is nothing to reach (a built-in engine). */
  reachable: z.boolean().nullable(),
  /** The check in a sentence ("Answered in 40 ms and lists e2e-model."). */
  detail: z.string(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

export const adminServicesSchema = z.object({
  services: z.array(serviceStatusSchema),
  /** When the checks ran (ISO). */
  checkedAt: z.string(),
});
export type AdminServices = z.infer<typeof adminServicesSchema>;
