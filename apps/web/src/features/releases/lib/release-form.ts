import { RELEASE, RELEASE_MESSAGES, releaseLinkSchema, serviceAccepts, updateReleaseSchema, wrongHostMessage, type Release, type ReleaseService, type UpdateReleaseInput } from '@members-only/shared/releases';
import { HttpError } from '@/lib/api-client';

export interface LinkRow {
  /** Stable key for the row while rows are added and removed. */
  key: number;
  service: ReleaseService | '';
  url: string;
}

export interface ReleaseFormValues {
  published: boolean;
  slug: string;
  releaseDate: string;
  links: LinkRow[];
  /** '' or a cover's id as text: '' leaves the newest cover. */
  coverArtId: string;
  previewStart: string;
  previewSeconds: string;
}

let nextKey = 1;
export const newLinkRow = (service: ReleaseService | '' = '', url = ''): LinkRow => ({ key: nextKey++, service, url });

/** The form as the server last stored it (or suggests it, before the first save). */
export function formFromRelease(release: Release): ReleaseFormValues {
  return {
    published: release.published,
    slug: release.slug,
    releaseDate: release.releaseDate ?? '',
    links: release.links.map((link) => newLinkRow(link.service, link.url)),
    coverArtId: release.coverArtId === null ? '' : String(release.coverArtId),
    previewStart: String(release.previewStart),
    previewSeconds: String(release.previewSeconds),
  };
}

const whole = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : Number.NaN);

/**
 * The request body. Empty link rows are left out; the cover is sent only when the song has covers
 * to choose from (else the server keeps its default, the newest).
 */
export function toReleaseInput(v: ReleaseFormValues, { chooseCover }: { chooseCover: boolean }): UpdateReleaseInput {
  return {
    slug: v.slug.trim().toLowerCase(),
    published: v.published,
    links: v.links.filter((l) => l.service !== '' || l.url.trim() !== '').map((l) => ({ service: l.service as ReleaseService, url: l.url.trim() })),
    previewStart: whole(v.previewStart),
    previewSeconds: whole(v.previewSeconds),
    releaseDate: v.releaseDate || null,
    ...(chooseCover ? { coverArtId: v.coverArtId ? Number(v.coverArtId) : null } : {}),
  };
}

/** Errors keyed by field: `slug`, `links.0.url`, `previewStart`… The first message per field. */
export type FieldErrors = Record<string, string>;

const PLAIN: Record<string, string> = {
  previewStart: `Enter the start in whole seconds (0 to ${RELEASE.previewStartMax})`,
  previewSeconds: `Choose ${RELEASE.previewMin} to ${RELEASE.previewMax} seconds`,
};

/**
 * The server's own checks (the shared schema) before anything is sent. Link errors keep the
 * indexes of the rows on screen, so empty rows in between are counted too.
 */
export function validateReleaseForm(v: ReleaseFormValues, options: { chooseCover: boolean }, previewMax?: number): FieldErrors {
  const errors: FieldErrors = {};
  // Index map: sent link i → row index on screen.
  const rowOf = v.links.map((l, i) => ({ l, i })).filter(({ l }) => l.service !== '' || l.url.trim() !== '').map(({ i }) => i);
  // Each row on its own, so a mistake elsewhere in the form does not hide a row's (the schema's
  // whole-form checks only run once every field is well formed).
  const seen = new Set<string>();
  v.links.forEach((l, i) => {
    if (l.service === '' && l.url.trim() === '') return;
    if (l.service === '') errors[`links.${i}.service`] = 'Choose the store';
    else if (seen.has(l.service)) errors[`links.${i}.service`] = RELEASE_MESSAGES.duplicateService;
    else seen.add(l.service);
    const link = releaseLinkSchema.safeParse({ service: l.service || 'spotify', url: l.url.trim() });
    if (!link.success) errors[`links.${i}.url`] = link.error.issues.find((issue) => issue.path[0] === 'url')?.message ?? RELEASE_MESSAGES.urlFormat;
    else if (l.service !== '' && !serviceAccepts(l.service, link.data.url)) errors[`links.${i}.url`] = wrongHostMessage(l.service);
  });
  const parsed = updateReleaseSchema.safeParse(toReleaseInput(v, options));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = [...issue.path];
      if (path[0] === 'links' && typeof path[1] === 'number') path[1] = rowOf[path[1]] ?? path[1];
      const key = path.join('.') || 'form';
      if (errors[key]) continue;
      errors[key] = PLAIN[key] && issue.code !== 'custom' ? PLAIN[key] : issue.message;
    }
  }
  if (!errors.previewStart && previewMax !== undefined) {
    const start = whole(v.previewStart);
    const length = whole(v.previewSeconds);
    if (start > 0 && start + Math.min(length, previewMax) > previewMax + 0.5) errors.previewStart = 'The preview would run past the end of the latest version';
  }
  return errors;
}

/**
 * The server's field errors from a failed save, mapped back to the rows on screen (the server
 * numbers the links it was sent, which leave out empty rows).
 */
export function serverFieldErrors(error: unknown, v: ReleaseFormValues): FieldErrors {
  if (!(error instanceof HttpError) || !error.body?.fieldErrors) return {};
  const rowOf = v.links.map((l, i) => ({ l, i })).filter(({ l }) => l.service !== '' || l.url.trim() !== '').map(({ i }) => i);
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.body.fieldErrors)) {
    const match = /^links\.(\d+)\.(.+)$/.exec(field);
    const key = match ? `links.${rowOf[Number(match[1])] ?? match[1]}.${match[2]}` : field;
    if (messages[0]) errors[key] ??= messages[0];
  }
  return errors;
}
