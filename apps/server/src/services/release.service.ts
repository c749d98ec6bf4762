import { RELEASE, RELEASE_MESSAGES, RELEASE_SERVICES, RELEASE_SERVICE_IDS, releaseSignupSchema, slugFromTitle, type ReleaseLink, type ReleaseService, type updateReleaseSchema } from '@members-only/shared/releases';
import type { z } from 'zod';
import type { ReleaseRow, SongRow } from '../db/types';
import { isUniqueViolation } from '../db/index';
import type { ReleaseRepository } from '../repositories/release.repository';
import type { SongRepository } from '../repositories/song.repository';
import type { CoverArtRepository } from '../repositories/cover-art.repository';
import { badRequest, conflict, notFound } from '../errors';
import type { Actor } from '../policies/index';
import type { SongService } from './song.service';

/** User agents of crawlers, link previewers, monitors and scripts: their requests are not counted. */
export const BOT_USER_AGENT = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|headless|monitor|curl|wget|python|httpclient|http-client|go-http|node-fetch|undici|axios|okhttp|java\/|libwww|scrapy|phantom/i;
export const isBot = (userAgent: string | undefined) => !userAgent || BOT_USER_AGENT.test(userAgent);

export const CONSENT_TEXT = 'I agree that the artist may e-mail me about this release. I can ask to be removed at any time.';

const today = () => new Date().toISOString().slice(0, 10);
const flagOf = (v: boolean | number) => v === true || v === 1;

export interface ReleaseRecord {
  row: ReleaseRow | undefined;
  song: SongRow;
  slug: string;
  published: boolean;
  links: ReleaseLink[];
  previewStart: number;
  previewSeconds: number;
  coverArtId: number | null;
  signups: number;
}

/** What a published page shows: nothing else of the song leaves the server (ADR 050). */
export interface PublicRelease {
  id: number;
  slug: string;
  title: string;
  artist: string;
  releaseDate: string | null;
  links: ReleaseLink[];
  coverId: number | null;
  coverKey: string | null;
  previewTrackFile: string | null;
  previewStart: number;
  previewSeconds: number;
  explicit: boolean;
}

/** Release pages (issue 30, ADR 050): the artist's settings, the public page's data, sign-ups and counts. */
export function createReleaseService(deps: { releases: ReleaseRepository; songs: SongRepository; covers: CoverArtRepository; songService: SongService }) {
  const { releases, songs, covers, songService } = deps;

  async function record(song: SongRow, row: ReleaseRow | undefined): Promise<ReleaseRecord> {
    return {
      row,
      song,
      slug: row?.slug ?? slugFromTitle(song.title),
      published: row ? flagOf(row.published) : false,
      links: row ? (JSON.parse(row.links) as ReleaseLink[]) : [],
      previewStart: row?.preview_start ?? 0,
      previewSeconds: row?.preview_seconds ?? RELEASE.previewDefault,
      coverArtId: row?.cover_art_id ?? null,
      signups: row ? await releases.countSignups(row.id) : 0,
    };
  }

  /** The published page by its slug, or 404 (an unpublished page is not there at all). */
  async function published(slug: string): Promise<{ row: ReleaseRow; song: SongRow }> {
    const row = await releases.findBySlug(slug);
    if (!row || !flagOf(row.published)) throw notFound('Release page');
    const song = await songs.findById(row.song_id);
    if (!song) throw notFound('Release page');
    return { row, song };
  }

  return {
    /** The song's page settings for its artist (a suggested slug when never saved). */
    async get(actor: Actor, songId: number): Promise<ReleaseRecord> {
      const { song } = await songService.context(actor, songId);
      return record(song, await releases.findBySong(songId));
    },

    async save(actor: Actor, songId: number, input: z.output<typeof updateReleaseSchema>): Promise<ReleaseRecord> {
      const { song, latest } = await songService.context(actor, songId, 'update');
      const previewSeconds = input.previewSeconds ?? RELEASE.previewDefault;
      if (latest?.duration !== null && latest?.duration !== undefined) {
        const duration = Number(latest.duration);
        // A version shorter than the preview plays whole from 0.
        if (input.previewStart > 0 && input.previewStart + Math.min(previewSeconds, duration) > duration + 0.5)
          throw badRequest(RELEASE_MESSAGES.previewPastEnd, { previewStart: [RELEASE_MESSAGES.previewPastEnd] });
      }
      if (input.coverArtId !== undefined && input.coverArtId !== null) {
        const cover = await covers.findById(input.coverArtId);
        if (!cover || cover.user_id !== actor.id || cover.song_id !== songId) throw badRequest(RELEASE_MESSAGES.coverNotSong, { coverArtId: [RELEASE_MESSAGES.coverNotSong] });
      }
      const existing = await releases.findBySong(songId);
      const slug = input.slug ?? existing?.slug ?? slugFromTitle(song.title);
      const taken = await releases.findBySlug(slug);
      if (taken && taken.song_id !== songId) throw conflict(RELEASE_MESSAGES.slugTaken, 'slug');
      if (input.releaseDate !== undefined) await songService.update(actor, songId, { releaseDate: input.releaseDate });
      // The page's order is the stores' order, whatever order they came in.
      const links = [...input.links].sort((a, b) => RELEASE_SERVICE_IDS.indexOf(a.service) - RELEASE_SERVICE_IDS.indexOf(b.service));
      let row: ReleaseRow;
      try {
        row = await releases.save(songId, actor.id, {
          slug,
          published: input.published,
          links: JSON.stringify(links),
          preview_start: input.previewStart,
          preview_seconds: previewSeconds,
          cover_art_id: input.coverArtId ?? null,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(RELEASE_MESSAGES.slugTaken, 'slug');
        throw error;
      }
      return record((await songs.findById(songId))!, row);
    },

    /** Views and clicks by day for the last RELEASE.statsDays days, clicks per store all time, sign-ups. */
    async stats(actor: Actor, songId: number) {
      await songService.context(actor, songId);
      const row = await releases.findBySong(songId);
      const days: { date: string; views: number; clicks: number }[] = [];
      const start = new Date(`${today()}T00:00:00Z`);
      start.setUTCDate(start.getUTCDate() - (RELEASE.statsDays - 1));
      for (let i = 0; i < RELEASE.statsDays; i++) {
        const d = new Date(start);
        d.setUTCDate(start.getUTCDate() + i);
        days.push({ date: d.toISOString().slice(0, 10), views: 0, clicks: 0 });
      }
      const byDate = new Map(days.map((d) => [d.date, d]));
      const clicks = new Map<ReleaseService, number>();
      let views = 0;
      let clickTotal = 0;
      if (row) {
        for (const c of await releases.eventCounts(row.id, days[0]!.date)) {
          const day = byDate.get(c.day);
          if (!day) continue;
          if (c.kind === 'view') day.views += c.n;
          else day.clicks += c.n;
        }
        for (const c of await releases.clickTotals(row.id)) {
          if (c.kind === 'view') views += c.n;
          else if (c.service && c.service in RELEASE_SERVICES) {
            clicks.set(c.service as ReleaseService, (clicks.get(c.service as ReleaseService) ?? 0) + c.n);
            clickTotal += c.n;
          }
        }
      }
      const linked = row ? (JSON.parse(row.links) as ReleaseLink[]).map((l) => l.service) : [];
      const services = RELEASE_SERVICE_IDS.filter((s) => linked.includes(s) || clicks.has(s));
      return {
        days,
        totals: { views, clicks: clickTotal },
        byLink: services.map((service) => ({ service, label: RELEASE_SERVICES[service].label, clicks: clicks.get(service) ?? 0 })),
        signups: row ? await releases.countSignups(row.id) : 0,
      };
    },

    /** The sign-ups for the artist to export: address, the words agreed to, when. */
    async signups(actor: Actor, songId: number) {
      const { song } = await songService.context(actor, songId);
      const row = await releases.findBySong(songId);
      return { title: song.title, rows: row ? await releases.signups(row.id) : [] };
    },

    /** The public page's data; counts the view unless a bot asked. */
    async page(slug: string, userAgent: string | undefined, options: { count?: boolean } = {}): Promise<PublicRelease> {
      const { row, song } = await published(slug);
      if (options.count !== false && !isBot(userAgent)) await releases.recordEvent(row.id, today(), 'view');
      const chosen = row.cover_art_id === null ? undefined : await covers.findById(row.cover_art_id);
      const cover = chosen && chosen.song_id === song.id ? chosen : (await songs.covers(song.id))[0];
      const coverRow = cover ? await covers.findById(cover.id) : undefined;
      const latest = (await songs.versions(song.id))[0];
      return {
        id: row.id,
        slug: row.slug,
        title: song.title,
        artist: song.artist_name ?? '',
        releaseDate: song.release_date,
        links: JSON.parse(row.links) as ReleaseLink[],
        coverId: coverRow?.id ?? null,
        coverKey: coverRow?.image_key ?? null,
        previewTrackFile: latest ? latest.filename : null,
        previewStart: row.preview_start,
        previewSeconds: row.preview_seconds,
        explicit: flagOf(song.explicit),
      };
    },

    /** The store link's address for a click through the page; counts it unless a bot clicked. */
    async go(slug: string, service: string, userAgent: string | undefined): Promise<string> {
      const { row } = await published(slug);
      const link = (JSON.parse(row.links) as ReleaseLink[]).find((l) => l.service === service);
      if (!link) throw notFound('Link');
      if (!isBot(userAgent)) await releases.recordEvent(row.id, today(), 'click', link.service);
      return link.url;
    },

    /** A fan's sign-up with explicit consent; refused with the form's messages otherwise. */
    async signup(slug: string, body: { email?: string; consent?: string }) {
      const { row, song } = await published(slug);
      if (song.release_date !== null && song.release_date <= today()) throw badRequest('This song is out already.');
      const parsed = releaseSignupSchema.safeParse({ email: body.email ?? '', consent: body.consent });
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
        throw badRequest(Object.values(fieldErrors)[0]![0]!, fieldErrors);
      }
      await releases.addSignup(row.id, parsed.data.email.toLowerCase(), CONSENT_TEXT);
    },
  };
}
export type ReleasePageService = ReturnType<typeof createReleaseService>;
