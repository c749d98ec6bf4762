import { afterAll, bench, describe } from 'vitest';
import { createTestApp, registerUser } from '../apps/server/test/helpers';

/**
 * Songs (issue 26, ADR 040) through the whole server on SQLite: the artist's song list (50 songs,
 * each with its newest version, cover and counts) and a song page with 20 versions (each with
 * 32 bars of transcribed lyrics and a review), 100 covers and a marketing plan. The baseline in the
 * same run is the cheapest signed-in request (GET /api/user) and the tracks list. Target: the list
 * and the page each under 50 ms. The last case is the page with every version's lyrics new (none
 * analysed yet: the cost of each read before the measures were cached).
 */
const t = await createTestApp('sqlite', { WORKERS: 0 });
await registerUser(t.app); // the admin: the first account
const artist = await registerUser(t.app);
const db = t.db.kysely;
const userId = artist.user.id;
const start = Date.parse('2026-06-01T00:00:00Z');
const at = (minute: number) => new Date(start + minute * 60_000).toISOString();

const BARS = [
  'I been on the grind all night, trying to get my money right',
  'never let them dim my light, keep my vision in my sight',
  'came up from the basement floor, now they knocking at my door',
  'every verse I write is war, always hungry, want some more',
  'mama told me stay the course, pay the cost and feel the force',
  'built it brick by brick alone, made a palace from a phone',
  'city lights and midnight rain, every scar a lesson, every loss a gain',
  'hook it up and run it back, we been ready for the track',
];
/** 32 bars, a little different in each version (as a new mix with a rewritten line would be). */
const lyricsOf = (version: number) => Array.from({ length: 4 }, (_, k) => BARS.map((b, i) => (i === (version + k) % 8 ? `${b} (take ${version})` : b)).join('\n')).join('\n');

const insertSong = async (title: string, minute: number) =>
  (await db.insertInto('songs').values({ user_id: userId, title, artist_name: null, explicit: 0 as never, genre: null, release_date: null, isrc: null, upc: null, lyrics_conversation_id: null, beat_id: null, created_at: at(minute), updated_at: at(minute) }).returning('id').executeTakeFirstOrThrow()).id;
const insertVersion = async (songId: number, n: number, minute: number) =>
  (
    await db
      .insertInto('tracks')
      .values({
        user_id: userId,
        filename: `${String(songId * 100 + n).padStart(32, '0')}.wav`,
        original_name: `Song ${songId} v${n}.wav`,
        title: `Song ${songId} v${n}.wav`,
        mime_type: 'audio/wav',
        size_bytes: 1_000_000,
        duration: 180 + n,
        bpm: 90 + (n % 5),
        musical_key: 'A minor',
        lufs: -14 + (n % 3) * 0.5,
        true_peak: -1.2,
        waveform: null,
        analysis_status: 'done',
        analysis_engine: 'Built-in analysis',
        transcription: lyricsOf(n),
        transcription_status: 'done',
        song_id: songId,
        version_label: `v${n}`,
        created_at: at(minute),
        updated_at: at(minute),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const insertCover = async (songId: number, trackId: number, minute: number) =>
  db
    .insertInto('cover_arts')
    .values({
      user_id: userId,
      track_id: trackId,
      song_id: songId,
      conversation_id: null,
      parent_id: null,
      title: 'Bench Single',
      artist: null,
      style: 'minimal',
      direction: null,
      edits: '[]',
      concept: 'City lights in the rain',
      prompt: 'city lights',
      design: '{}',
      advisory: 0 as never,
      seed: minute,
      engine: 'Built-in cover renderer',
      kind: 'built-in',
      image_key: `covers/bench-${minute}.png`,
      width: 1000,
      height: 1000,
      bytes: 1,
      checks: '[]',
      created_at: at(minute),
    })
    .execute();

// The list: 50 songs, each with a version and a cover.
for (let i = 0; i < 50; i++) {
  const song = await insertSong(`List song ${i}`, i * 10);
  const track = await insertVersion(song, 1, i * 10);
  await insertCover(song, track, i * 10 + 1);
}
// The page: 20 versions (each reviewed), 100 covers and a plan.
const page = await insertSong('Paper Plan', 1000);
const versions: number[] = [];
for (let n = 1; n <= 20; n++) versions.push(await insertVersion(page, n, 1000 + n * 60));
for (const [i, trackId] of versions.entries()) {
  await db
    .insertInto('track_reviews')
    .values({ track_id: trackId, user_id: userId, review_text: `**Lyrics: ${5 + (i % 4)}/10**\n**Flow: 7/10**\n**Delivery: 6/10**`, rating: 7, engine: 'Built-in review engine', created_at: at(1000 + i * 60 + 30) })
    .execute();
}
for (let c = 0; c < 100; c++) await insertCover(page, versions[c % 20]!, 3000 + c);
const conversation = (await db.insertInto('conversations').values({ user_id: userId, title: 'Plans', category: 'marketing', created_at: at(0), updated_at: at(0) }).returning('id').executeTakeFirstOrThrow()).id;
const calendar = Array.from({ length: 12 }, (_, i) => ({ id: `item-${i}`, offsetDays: i * 7 - 28, title: `Step ${i}`, description: 'Post a clip', kind: 'post' }));
await db
  .insertInto('marketing_plans')
  .values({ conversation_id: conversation, track_id: versions[19]!, song_id: page, title: 'Paper Plan', context: 'Late-night listeners', release_date: '2027-01-15', markdown: '# Plan', quotes: '[]', hashtags: '[]', calendar: JSON.stringify(calendar), engine: 'Built-in marketing engine', kind: 'built-in', created_at: at(4000), updated_at: at(4000) })
  .execute();

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: artist.cookie } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
};
// Warm: the lyric and review engines load on first use.
const first = (await get(`/api/songs/${page}`)).json();
if (first.versions.length !== 20 || first.covers.length !== 100) throw new Error('the song page is not the one measured');

afterAll(async () => {
  await t.close();
});

describe('songs through the server (SQLite)', () => {
  bench('baseline: GET /api/user', async () => {
    await get('/api/user');
  });
  bench('baseline: GET /api/tracks (70 tracks)', async () => {
    await get('/api/tracks');
  });
  bench('GET /api/songs (50 songs)', async () => {
    await get('/api/songs');
  });
  bench('GET /api/songs/:id (20 versions, 100 covers, a plan)', async () => {
    await get(`/api/songs/${page}`);
  });
  // The cold page: every version's lyrics are new text (as after edits), so none is analysed yet.
  let edit = 0;
  bench('GET /api/songs/:id, all 20 versions\' lyrics new (20 updates + the page)', async () => {
    edit++;
    for (const [i, id] of versions.entries()) await db.updateTable('tracks').set({ transcription: `${lyricsOf(i + 1)}\nedit ${edit}` }).where('id', '=', id).execute();
    await get(`/api/songs/${page}`);
  });
});
