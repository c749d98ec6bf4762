import { z } from 'zod';
import { line, MAX_ID } from './text';

/**
 * Release pages (issue 30, ADR 050): a song published at `/r/<slug>` with its cover, store links,
 * a short preview and a "Remind me" before the release day. Imported as
 * `@members-only/shared/releases`.
 */
export const RELEASE = {
  slugMin: 3,
  slugMax: 60,
  urlMax: 500,
  previewMin: 15,
  previewMax: 30,
  previewDefault: 30,
  /** The latest start the editor offers when the version's length is unknown. */
  previewStartMax: 3_600,
  emailMax: 254,
  /** Days the stats chart covers. */
  statsDays: 30,
} as const;

/** The stores a release page links to, in the order the page lists them, with the hosts each URL may be on. */
export const RELEASE_SERVICES = {
  spotify: { label: 'Spotify', hosts: [/^open\.spotify\.com$/, /^spotify\.link$/] },
  'apple-music': { label: 'Apple Music', hosts: [/^(geo\.)?music\.apple\.com$/, /^itunes\.apple\.com$/] },
  youtube: { label: 'YouTube', hosts: [/^((www|m|music)\.)?youtube\.com$/, /^youtu\.be$/] },
  tidal: { label: 'Tidal', hosts: [/^((www|listen)\.)?tidal\.com$/] },
  amazon: { label: 'Amazon Music', hosts: [/^((www|music)\.)?amazon\.(com|ca|de|fr|it|es|in|nl|se|pl|co\.uk|co\.jp|com\.au|com\.br|com\.mx)$/, /^amzn\.to$/] },
  deezer: { label: 'Deezer', hosts: [/^(www\.)?deezer\.com$/, /^(link\.deezer\.com|deezer\.page\.link)$/] },
  soundcloud: { label: 'SoundCloud', hosts: [/^((www|m|on)\.)?soundcloud\.com$/] },
  bandcamp: { label: 'Bandcamp', hosts: [/^([a-z0-9-]+\.)?bandcamp\.com$/] },
  audiomack: { label: 'Audiomack', hosts: [/^(www\.)?audiomack\.com$/] },
} as const satisfies Record<string, { label: string; hosts: readonly RegExp[] }>;
export type ReleaseService = keyof typeof RELEASE_SERVICES;
export const RELEASE_SERVICE_IDS = Object.keys(RELEASE_SERVICES) as [ReleaseService, ...ReleaseService[]];

export const RELEASE_MESSAGES = {
  slugFormat: 'Use 3 to 60 lowercase letters, digits and hyphens, starting and ending with a letter or digit',
  slugTaken: 'That address is taken: choose another',
  unknownService: `Choose one of: ${RELEASE_SERVICE_IDS.map((s) => RELEASE_SERVICES[s].label).join(', ')}`,
  urlFormat: 'Enter the full link, starting with https://',
  duplicateService: 'Each store once',
  noVersion: 'Upload a version of the song first: the preview is cut from the latest one',
  previewPastEnd: 'The preview would run past the end of the latest version',
  coverNotSong: 'Choose one of this song’s covers',
  emailFormat: 'Enter an e-mail address such as name@example.com',
  consentRequired: 'Tick the box to agree to be e-mailed about this release',
  notFound: 'Release page not found',
} as const;

/** `wrong host` message: names the service so the artist knows which link to paste. */
export const wrongHostMessage = (service: ReleaseService) => `This is not a ${RELEASE_SERVICES[service].label} link`;

/** Whether `url` is an https link on one of `service`'s hosts. */
export function serviceAccepts(service: ReleaseService, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return false;
  return RELEASE_SERVICES[service].hosts.some((host) => host.test(parsed.hostname.toLowerCase()));
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const slugSchema = z.string().trim().toLowerCase().min(RELEASE.slugMin, RELEASE_MESSAGES.slugFormat).max(RELEASE.slugMax, RELEASE_MESSAGES.slugFormat).regex(SLUG, RELEASE_MESSAGES.slugFormat).refine((s) => !s.includes('--'), RELEASE_MESSAGES.slugFormat);

/** A slug made from a title: accents dropped, anything else between words a hyphen ("Déjà Vu (Remix)" → "deja-vu-remix"). */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, RELEASE.slugMax)
    .replace(/-+$/, '');
  return slug.length >= RELEASE.slugMin ? slug : `song-${slug || 'release'}`.slice(0, RELEASE.slugMax);
}

const realDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export const releaseLinkSchema = z.object({
  service: z.enum(RELEASE_SERVICE_IDS, RELEASE_MESSAGES.unknownService),
  url: line('The link').max(RELEASE.urlMax).pipe(z.url({ protocol: /^https$/, error: RELEASE_MESSAGES.urlFormat })),
});
export type ReleaseLink = z.infer<typeof releaseLinkSchema>;

export const updateReleaseSchema = z
  .object({
    /** Left out: made from the song's title. */
    slug: slugSchema.optional(),
    published: z.boolean(),
    links: z.array(releaseLinkSchema).max(RELEASE_SERVICE_IDS.length),
    /** Seconds into the latest version where the preview starts. */
    previewStart: z.number().int('Whole seconds').min(0).max(RELEASE.previewStartMax),
    previewSeconds: z.number().int('Whole seconds').min(RELEASE.previewMin).max(RELEASE.previewMax).optional(),
    /** One of the song's covers; null: the newest. */
    coverArtId: z.number().int().min(1).max(MAX_ID).nullable().optional(),
    /** Null clears it; left out keeps the song's. */
    releaseDate: z.string().refine(realDate, 'Enter a date as YYYY-MM-DD').nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.links.forEach((link, i) => {
      if (seen.has(link.service)) ctx.addIssue({ code: 'custom', path: ['links', i, 'service'], message: RELEASE_MESSAGES.duplicateService });
      seen.add(link.service);
      if (!serviceAccepts(link.service, link.url)) ctx.addIssue({ code: 'custom', path: ['links', i, 'url'], message: wrongHostMessage(link.service) });
    });
  });
export type UpdateReleaseInput = z.input<typeof updateReleaseSchema>;

export const releaseSchema = z.object({
  songId: z.number(),
  slug: z.string(),
  published: z.boolean(),
  links: z.array(z.object({ service: z.enum(RELEASE_SERVICE_IDS), url: z.string() })),
  previewStart: z.number(),
  previewSeconds: z.number(),
  coverArtId: z.number().nullable(),
  releaseDate: z.string().nullable(),
  /** The page's address (the configured public origin, else the one the request came to). */
  url: z.string(),
  signups: z.number(),
  /** False until it was saved once: the editor shows the suggested slug. */
  saved: z.boolean(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseStatsSchema = z.object({
  days: z.array(z.object({ date: z.string(), views: z.number(), clicks: z.number() })),
  totals: z.object({ views: z.number(), clicks: z.number() }),
  byLink: z.array(z.object({ service: z.enum(RELEASE_SERVICE_IDS), label: z.string(), clicks: z.number() })),
  signups: z.number(),
});
export type ReleaseStats = z.infer<typeof releaseStatsSchema>;

export const releaseSlugParamsSchema = z.object({ slug: z.string().max(RELEASE.slugMax) });
export const releaseGoParamsSchema = z.object({ slug: z.string().max(RELEASE.slugMax), service: z.string().max(20) });
export const releaseSignupSchema = z.object({
  email: line('The e-mail address').max(RELEASE.emailMax).pipe(z.email(RELEASE_MESSAGES.emailFormat)),
  consent: z.union([z.literal('yes'), z.literal(true)], RELEASE_MESSAGES.consentRequired),
});
