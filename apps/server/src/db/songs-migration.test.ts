import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers';
import { migrationProvider } from './migrations';

/**
 * Migration 022 (ADR 040) on a database the previous release made: migrated up to 021 only, filled
 * as that release wrote rows (tracks without songs, covers and plans tied to a track, reviews of a
 * track), then 022 runs and must gather each artist's uploads of one title into one song.
 */
describe.each(dialects)('migration 022 (songs) on a database made by the previous release, %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('makes one song per artist and title (case and audio extension aside), versions in upload order, covers and plans following their track', async () => {
    database = await createTestDatabase(dialect, { upTo: '021_beat_retry_after' });
    // The schema before 022 is not the app's Database type: rows are written as plain records.
    const db = database.db.kysely as unknown as Kysely<any>;
    const flag = (v: boolean) => (dialect === 'postgres' ? v : v ? 1 : 0);
    const at = (minute: number) => new Date(Date.UTC(2026, 9, 1, 12, minute)).toISOString();

    const user = async (username: string) =>
      (
        await db
          .insertInto('users')
          .values({ username, username_key: username, email: `${username}@example.com`, email_key: `${username}@example.com`, password_hash: 'x', created_at: at(0), updated_at: at(0) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const alice = await user('alice');
    const bob = await user('bob');

    const track = async (userId: number, originalName: string, minute: number) =>
      (
        await db
          .insertInto('tracks')
          .values({
            user_id: userId,
            filename: `${String(minute).padStart(32, '0')}.wav`,
            original_name: originalName,
            title: originalName,
            mime_type: 'audio/wav',
            size_bytes: 1000,
            analysis_status: 'done',
            transcription_status: 'none',
            created_at: at(minute),
            updated_at: at(minute),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    // Inserted out of upload order: the lower-case WAV was uploaded first.
    const mp3 = await track(alice, 'Paper Plan.mp3', 20);
    const wav = await track(alice, 'paper plan.wav', 10);
    const other = await track(alice, 'Other', 15);
    // Bob's upload of the same title is Bob's song.
    const bobs = await track(bob, 'Paper Plan.mp3', 5);

    const cover = async (trackId: number | null, minute: number) =>
      (
        await db
          .insertInto('cover_arts')
          .values({
            user_id: alice,
            track_id: trackId,
            conversation_id: null,
            parent_id: null,
            title: 'Paper Plan',
            artist: null,
            style: 'minimal',
            direction: null,
            edits: '[]',
            concept: 'A paper plane over a city',
            prompt: 'paper plane',
            design: '{}',
            advisory: flag(false),
            seed: 1,
            engine: 'Built-in cover renderer',
            kind: 'built-in',
            image_key: `covers/${minute}.png`,
            width: 1000,
            height: 1000,
            bytes: 1,
            checks: '[]',
            created_at: at(minute),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const coverOfMp3 = await cover(mp3, 21);
    const coverOfOther = await cover(other, 22);
    const looseCover = await cover(null, 23);

    const conversation = (
      await db.insertInto('conversations').values({ user_id: alice, title: 'Plans', category: 'marketing', created_at: at(0), updated_at: at(0) }).returning('id').executeTakeFirstOrThrow()
    ).id as number;
    const plan = async (trackId: number | null, minute: number) =>
      (
        await db
          .insertInto('marketing_plans')
          .values({
            conversation_id: conversation,
            track_id: trackId,
            title: 'Paper Plan',
            context: 'Late-night listeners',
            release_date: '2027-01-15',
            markdown: '# Plan',
            quotes: '[]',
            hashtags: '[]',
            calendar: '[]',
            engine: 'Built-in marketing engine',
            kind: 'built-in',
            created_at: at(minute),
            updated_at: at(minute),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const planOfWav = await plan(wav, 24);
    const loosePlan = await plan(null, 25);
    const review = (
      await db
        .insertInto('track_reviews')
        .values({ track_id: wav, user_id: alice, review_text: '**Flow: 7/10**', rating: 7, engine: 'Built-in review engine', created_at: at(26) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;

    // The new release starts: 022 runs on these rows.
    const { error, results } = await new Migrator({ db, provider: migrationProvider(dialect) }).migrateToLatest();
    expect(error).toBeUndefined();
    // 022 first, then any later ones (023_takes…), all successful.
    expect(results?.[0] && [results[0].migrationName, results[0].status]).toEqual(['022_songs', 'Success']);
    expect(results?.every((r) => r.status === 'Success')).toBe(true);

    const songs = await db.selectFrom('songs').select(['id', 'user_id', 'title', 'created_at', 'updated_at']).orderBy('id').execute();
    const iso = (v: unknown) => new Date(v as string).toISOString();
    const songOf = async (trackId: number) => (await db.selectFrom('tracks').select(['song_id', 'version_label']).where('id', '=', trackId).executeTakeFirstOrThrow()) as { song_id: number; version_label: string };

    // Alice: "paper plan.wav" (v1, first uploaded) and "Paper Plan.mp3" (v2) are one song; "Other" is its own.
    const paperPlan = await songOf(wav);
    expect(paperPlan.version_label).toBe('v1');
    expect(await songOf(mp3)).toEqual({ song_id: paperPlan.song_id, version_label: 'v2' });
    const otherSong = await songOf(other);
    expect(otherSong.version_label).toBe('v1');
    expect(otherSong.song_id).not.toBe(paperPlan.song_id);
    const bobSong = await songOf(bobs);
    expect(bobSong.version_label).toBe('v1');
    expect([paperPlan.song_id, otherSong.song_id]).not.toContain(bobSong.song_id);

    const byId = new Map(songs.map((s) => [Number(s.id), s]));
    expect(songs).toHaveLength(3);
    // Named from the first upload without its extension; made when it was, last changed by its newest version.
    expect(byId.get(Number(paperPlan.song_id))).toMatchObject({ user_id: alice, title: 'paper plan' });
    expect(iso(byId.get(Number(paperPlan.song_id))!.created_at)).toBe(at(10));
    expect(iso(byId.get(Number(paperPlan.song_id))!.updated_at)).toBe(at(20));
    expect(byId.get(Number(otherSong.song_id))).toMatchObject({ user_id: alice, title: 'Other' });
    expect(byId.get(Number(bobSong.song_id))).toMatchObject({ user_id: bob, title: 'Paper Plan' });

    // Covers and plans follow their track; those without one stay without a song.
    const coverSongs = new Map((await db.selectFrom('cover_arts').select(['id', 'song_id']).execute()).map((r) => [Number(r.id), r.song_id === null ? null : Number(r.song_id)]));
    expect(coverSongs).toEqual(
      new Map([
        [coverOfMp3, Number(paperPlan.song_id)],
        [coverOfOther, Number(otherSong.song_id)],
        [looseCover, null],
      ]),
    );
    const planSongs = new Map((await db.selectFrom('marketing_plans').select(['id', 'song_id']).execute()).map((r) => [Number(r.id), r.song_id === null ? null : Number(r.song_id)]));
    expect(planSongs).toEqual(
      new Map([
        [planOfWav, Number(paperPlan.song_id)],
        [loosePlan, null],
      ]),
    );
    // A review reaches its song through its track.
    const reviewed = await db
      .selectFrom('track_reviews')
      .innerJoin('tracks', 'tracks.id', 'track_reviews.track_id')
      .select(['track_reviews.id', 'tracks.song_id', 'tracks.version_label'])
      .execute();
    expect(reviewed.map((r) => ({ id: Number(r.id), song: Number(r.song_id), label: r.version_label }))).toEqual([{ id: review, song: Number(paperPlan.song_id), label: 'v1' }]);
  });
});
