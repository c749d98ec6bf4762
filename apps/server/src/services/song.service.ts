import crypto from 'node:crypto';
import { parseReviewScores, type ReviewCategory } from '@members-only/shared';
import { datedItems, type CalendarItem } from '@members-only/shared/marketing';
import type { CreateSongInput, SongListQuery, UpdateSongInput } from '@members-only/shared/songs';
import { type createSongSchema, type songListQuerySchema, type updateSongSchema } from '@members-only/shared/songs';
import type { z } from 'zod';
import type { AudioFacts } from '@members-only/engines/review';
import type { SongRow, TrackRow } from '../db/types';
import type { SongRepository } from '../repositories/song.repository';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { BeatRepository } from '../repositories/beat.repository';
import type { UnitOfWork } from '../repositories/index';
import type { FileStorage } from '../providers/storage/types';
import { badRequest, notFound } from '../errors';
import { authorize, type Actor } from '../policies/index';
import { loadLyricsEngine } from './lyrics.service';

type ReviewEngine = typeof import('@members-only/engines/review');
let reviewEngine: Promise<ReviewEngine> | undefined;
const loadReviewEngine = () => (reviewEngine ??= loadLyricsEngine().then(() => import('@members-only/engines/review')));

const factsOf = (t: Pick<TrackRow, 'duration' | 'bpm' | 'musical_key' | 'lufs' | 'true_peak'>): AudioFacts => ({
  duration: t.duration === null ? null : Number(t.duration),
  bpm: t.bpm === null ? null : Number(t.bpm),
  key: t.musical_key,
  lufs: t.lufs === null ? null : Number(t.lufs),
  truePeak: t.true_peak === null ? null : Number(t.true_peak),
});

type LyricMeasures = ReturnType<Awaited<ReturnType<typeof loadLyricsEngine>>['analyzeLyrics']>['measures'];
/**
 * Lyric measures by the text's hash: the song page compares every version with the one before on
 * each read, and a version's lyrics seldom change, so each text is analysed once per process
 * (bench/songs.bench.ts). A changed transcription is a new text, hence a new entry; the oldest
 * entries go first past the limit.
 */
const MEASURES_CACHE_LIMIT = 2_000;
const measuresCache = new Map<string, LyricMeasures>();
function lyricMeasures(text: string, analyze: (text: string) => { measures: LyricMeasures }): LyricMeasures {
  const key = crypto.createHash('sha256').update(text).digest('base64');
  let measures = measuresCache.get(key);
  if (measures) {
    measuresCache.delete(key);
  } else {
    measures = analyze(text).measures;
    if (measuresCache.size >= MEASURES_CACHE_LIMIT) measuresCache.delete(measuresCache.keys().next().value!);
  }
  measuresCache.set(key, measures);
  return measures;
}

const VERSION_LABEL = /^v(\d{1,6})$/i;
/** The next "vN" after the highest one the song's versions use (or after how many there are). */
export function nextVersionLabel(labels: readonly string[]): string {
  const highest = labels.reduce((max, label) => Math.max(max, Number(VERSION_LABEL.exec(label)?.[1] ?? 0)), 0);
  return `v${Math.max(highest, labels.length) + 1}`;
}

/** What a tool takes from a song when its body leaves it out: the newest version, the lyrics, the title. */
export interface SongContext {
  song: SongRow;
  latest: TrackRow | undefined;
  lyrics: string | null;
  lyricsSource: 'lyric-assist' | 'transcription' | null;
}

export type SongDetailRecord = Awaited<ReturnType<ReturnType<typeof createSongService>['get']>>;
export type SongListRecord = Awaited<ReturnType<ReturnType<typeof createSongService>['list']>>[number];

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Songs: one place per song tying its versions, lyrics, beat, reviews, covers and plan, owned by one artist (ADR 040). */
export function createSongService(deps: {
  songs: SongRepository;
  conversations: ConversationRepository;
  beats: BeatRepository;
  uow: UnitOfWork;
  storage: FileStorage;
  today?: () => string;
}) {
  const { songs, conversations, beats, uow, storage, today = todayUtc } = deps;

  const songFor = async (actor: Actor, id: number, action: 'read' | 'update' | 'delete') => authorize(actor, action, 'song', await songs.findById(id));

  async function lyricsOf(song: SongRow, latest: TrackRow | undefined): Promise<Pick<SongContext, 'lyrics' | 'lyricsSource'>> {
    if (song.lyrics_conversation_id !== null) {
      const lines = await songs.lyricLines(song.lyrics_conversation_id);
      const text = lines.join('\n').trim();
      if (text) return { lyrics: text, lyricsSource: 'lyric-assist' };
    }
    const transcription = latest?.transcription?.trim();
    return transcription ? { lyrics: transcription, lyricsSource: 'transcription' } : { lyrics: null, lyricsSource: null };
  }

  async function checkLinks(actor: Actor, input: { lyricsId?: number | null; beatId?: number | null }) {
    if (input.lyricsId !== undefined && input.lyricsId !== null) {
      const conversation = authorize(actor, 'read', 'conversation', await conversations.findById(input.lyricsId));
      if (conversation.category !== 'lyrics') throw badRequest('That conversation is not a Lyric Assist document.', { lyricsId: ['Not a Lyric Assist document'] });
    }
    if (input.beatId !== undefined && input.beatId !== null) authorize(actor, 'read', 'beat', await beats.findById(input.beatId));
  }

  return {
    async list(actor: Actor, query: z.output<typeof songListQuerySchema>) {
      const rows = await songs.list(actor.id, query);
      const latest = new Map((await songs.trackSummaries(rows.flatMap((r) => (r.latest_track_id === null ? [] : [Number(r.latest_track_id)])))).map((t) => [t.id, t]));
      return rows.map((row) => ({ ...row, latest: row.latest_track_id === null ? undefined : latest.get(Number(row.latest_track_id)) }));
    },

    async create(actor: Actor, input: z.output<typeof createSongSchema>): Promise<SongRow> {
      return songs.insert({
        user_id: actor.id,
        title: input.title,
        artist_name: input.artistName || null,
        explicit: input.explicit ?? false,
        genre: input.genre || null,
        release_date: input.releaseDate ?? null,
        isrc: input.isrc ?? null,
        upc: input.upc ?? null,
      });
    },

    /** The song's page: versions compared one to the next, lyrics, beat, reviews, covers and the plan's next dates. */
    async get(actor: Actor, id: number) {
      const song = await songFor(actor, id, 'read');
      const [versions, reviews, covers, plan] = await Promise.all([songs.versions(id), songs.reviews(id), songs.covers(id), songs.latestPlan(id)]);
      const lyrics = await lyricsOf(song, versions[0]);
      const latestScores = new Map<number, Partial<Record<ReviewCategory, number | null>>>();
      for (const review of [...reviews].reverse()) latestScores.set(review.track_id, parseReviewScores(review.review_text).scores);

      // Each version against the one before it (what Song Review's comparison says), oldest first.
      const comparisons = new Map<number, { previousTrackId: number; previousLabel: string; lines: string[] }>();
      if (versions.length > 1) {
        const engine = await loadReviewEngine();
        const { analyzeLyrics } = await loadLyricsEngine();
        const measuresOf = (t: TrackRow) => {
          const text = t.transcription?.trim();
          return text ? lyricMeasures(text, analyzeLyrics) : null;
        };
        for (let i = 0; i < versions.length - 1; i++) {
          const after = versions[i]!;
          const before = versions[i + 1]!;
          const lines = engine.compareVersions(
            { facts: factsOf(before), measures: measuresOf(before), scores: latestScores.get(before.id) ?? null },
            { facts: factsOf(after), measures: measuresOf(after), scores: latestScores.get(after.id) ?? null },
          );
          comparisons.set(after.id, { previousTrackId: before.id, previousLabel: before.version_label ?? '', lines });
        }
      }
      const calendar = plan ? (JSON.parse(plan.calendar) as CalendarItem[]) : [];
      const from = today();
      const nextDates = plan ? datedItems(plan.release_date, calendar).filter((i) => i.date >= from) : [];
      return { song, versions, comparisons, reviews, covers, plan, nextDates, ...lyrics };
    },

    async update(actor: Actor, id: number, input: z.output<typeof updateSongSchema>): Promise<SongRow> {
      await songFor(actor, id, 'update');
      await checkLinks(actor, input);
      await songs.update(id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.artistName !== undefined ? { artist_name: input.artistName || null } : {}),
        ...(input.explicit !== undefined ? { explicit: input.explicit ? 1 : 0 } : {}),
        ...(input.genre !== undefined ? { genre: input.genre || null } : {}),
        ...(input.releaseDate !== undefined ? { release_date: input.releaseDate } : {}),
        ...(input.isrc !== undefined ? { isrc: input.isrc } : {}),
        ...(input.upc !== undefined ? { upc: input.upc } : {}),
        ...(input.lyricsId !== undefined ? { lyrics_conversation_id: input.lyricsId } : {}),
        ...(input.beatId !== undefined ? { beat_id: input.beatId } : {}),
      });
      return (await songs.findById(id))!;
    },

    /** Renames a version of the song. */
    async renameVersion(actor: Actor, id: number, trackId: number, label: string) {
      await songFor(actor, id, 'update');
      const version = (await songs.versions(id)).find((t) => t.id === trackId);
      if (!version) throw notFound('Version');
      await uow.run(async (r) => {
        await r.tracks.update(trackId, { version_label: label });
        await r.songs.touch(id);
      });
      return this.get(actor, id);
    },

    /** The song, its versions and their files (the storage they took is free again); covers and plans stay, unlinked. */
    async remove(actor: Actor, id: number) {
      await songFor(actor, id, 'delete');
      const files = await songs.trackFiles(id);
      // Its Booth takes and mixes go with it (their rows by cascade), and their files here.
      const boothFiles = await songs.boothFiles(id);
      await uow.run(async (r) => {
        for (const file of files) await r.tracks.delete(file.id);
        await r.songs.delete(id);
      });
      for (const file of files) await storage.delete(`tracks/${file.filename}`).catch(() => {});
      for (const key of boothFiles) await storage.delete(key).catch(() => {});
    },

    /** For the other tools: the song (404 for anyone else's) with its newest version and lyrics. */
    async context(actor: Actor, id: number, action: 'read' | 'update' = 'read'): Promise<SongContext> {
      const song = await songFor(actor, id, action);
      const latest = (await songs.versions(id))[0];
      return { song, latest, ...(await lyricsOf(song, latest)) };
    },

    /** A tool made something for the song (a version, a cover, a plan, a beat): it moves up the list. */
    touch: (id: number) => songs.touch(id),
    attachBeat: (id: number, beatId: number) => songs.update(id, { beat_id: beatId }),
  };
}
export type SongService = ReturnType<typeof createSongService>;
export type { CreateSongInput, SongListQuery, UpdateSongInput };
