import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { COVER_MESSAGES, coverArtListSchema, coverArtSchema, coverConceptSchema, type CoverArt } from '@members-only/shared/cover';
import { FALLBACK_CONCEPT } from '@members-only/engines/cover';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { startFakeImages } from '../../../test/fake-images';
import { trackRow } from '../../../test/factories';

const LYRICS = `Rain on the window, neon on the chrome. City never sleeps so I never go home.
Diamonds in the dark, I'm a king on a throne. Shit got real when the night got cold.`;

type User = Awaited<ReturnType<typeof registerUser>>;

/** A track of the user's with lyrics and audio facts, as upload, analysis and the lyrics form leave it. */
async function insertTrack(t: TestApp, user: User, transcription: string | null = LYRICS) {
  const row = await t.db.kysely
    .insertInto('tracks')
    .values(
      trackRow({
        user_id: user.user.id,
        original_name: 'artist-neon chrome.wav',
        title: 'neon chrome',
        duration: 185,
        bpm: 142,
        musical_key: 'A minor',
        lufs: -8.5,
        true_peak: -0.8,
        transcription,
        transcription_status: transcription ? 'done' : 'unavailable',
        transcription_source: transcription ? 'manual' : null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const create = (t: TestApp, cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie }, payload });

describe.each(dialects)('cover art API, built-in renderer, on %s', (dialect) => {
  let t: TestApp;
  let admin: User;
  let alice: User;
  let bob: User;
  let trackId: number;
  let first: CoverArt;

  beforeAll(async () => {
    t = await createTestApp(dialect, { QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, cover: 3 } });
    admin = await registerUser(t.app);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    trackId = await insertTrack(t, alice);
    const res = await create(t, alice.cookie, { prompt: 'Neon rain over the city at night', title: 'Neon Chrome', trackId, artist: 'Alice' });
    expect(res.statusCode, res.body).toBe(201);
    first = coverArtSchema.parse(res.json());
  }, 60_000);
  afterAll(async () => t?.close());

  it('draws a cover from the track (spec §7: answers imageUrl), saved with its prompt, track, owner and a passing distributor check', async () => {
    expect(first).toMatchObject({ title: 'Neon Chrome', trackId, userId: alice.user.id, kind: 'built-in', engine: 'Built-in cover renderer', width: 3000, height: 3000 });
    expect(first.imageUrl).toBe(`/api/coverarts/${first.id}/image`);
    // Explicit words in the lyrics: the label is on by default.
    expect(first.advisory).toBe(true);
    expect(first.prompt).toContain('"Neon Chrome" must be the focal text');
    expect(first.prompt).toContain('Parental Advisory');
    expect(first.checks.map((c) => [c.id, c.ok])).toEqual([
      ['size', true],
      ['colour', true],
      ['format', true],
      ['file-size', true],
      ['safe-margins', true],
      ['no-links', true],
      ['advisory', true],
    ]);
    const conversation = (await t.app.inject({ url: `/api/conversations/${first.conversationId}`, headers: { cookie: alice.cookie } })).json();
    expect(conversation).toMatchObject({ category: 'coverart', title: 'Cover Art: Neon Chrome' });
  });

  it('serves the PNG to its owner (and as album-cover.png or a JPEG on download)', async () => {
    const res = await t.app.inject({ url: first.imageUrl, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 3000, height: 3000, format: 'png' });
    const download = await t.app.inject({ url: first.downloadUrl, headers: { cookie: alice.cookie } });
    expect(download.headers['content-disposition']).toBe('attachment; filename="album-cover.png"');
    const jpeg = await t.app.inject({ url: `${first.imageUrl}?download=1&format=jpg`, headers: { cookie: alice.cookie } });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['content-disposition']).toBe('attachment; filename="album-cover.jpg"');
    expect(jpeg.rawPayload.length).toBeLessThan(10 * 1024 * 1024);
  });

  it('hides covers from other artists (404) and shows images, not editing, to admins', async () => {
    for (const url of [`/api/coverarts/${first.id}`, first.imageUrl]) {
      const res = await t.app.inject({ url, headers: { cookie: bob.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    expect((await t.app.inject({ url: `/api/coverarts?trackId=${trackId}`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await create(t, bob.cookie, { prompt: 'Mine now', mode: 'restyle', parentId: first.id })).statusCode).toBe(404);
    expect((await create(t, bob.cookie, { prompt: 'Mine now', trackId })).statusCode).toBe(404);
    expect((await t.app.inject({ url: first.imageUrl, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const adminList = await t.app.inject({ url: '/api/admin/cover-arts', headers: { cookie: admin.cookie } });
    expect(adminList.json().items).toContainEqual({
      id: first.id,
      userId: alice.user.id,
      username: alice.username,
      title: expect.any(String),
      prompt: first.prompt,
      trackId,
      createdAt: first.createdAt,
      imageUrl: first.imageUrl,
    });
    expect((await t.app.inject({ url: '/api/admin/cover-arts', headers: { cookie: alice.cookie } })).statusCode).toBe(403);
  });

  it('refuses bad input with 400', async () => {
    const cases: Array<Record<string, unknown>> = [
      { prompt: '   ' },
      { prompt: 'x', title: 'Follow me @bigartist' },
      { prompt: 'x', title: 'Out now on www.example.com' },
      { prompt: 'x', mode: 'edit' },
      { prompt: 'x', style: 'cubist' },
      { prompt: 'x', trackId: '1' },
      { prompt: 'x'.repeat(2001) },
    ];
    for (const payload of cases) expect((await create(t, alice.cookie, payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect((await t.app.inject({ url: '/api/coverarts/abc', headers: { cookie: alice.cookie } })).statusCode).toBe(400);
  });

  it('restyles and edits as new versions the artist can go back to, then runs out of the plan’s covers (429)', async () => {
    const restyled = coverArtSchema.parse((await create(t, alice.cookie, { prompt: 'Neon rain', mode: 'restyle', parentId: first.id, style: 'luxury-opulent' })).json());
    expect(restyled).toMatchObject({ parentId: first.id, style: 'luxury-opulent', title: 'Neon Chrome', trackId, conversationId: first.conversationId, advisory: true });
    const edited = coverArtSchema.parse((await create(t, alice.cookie, { prompt: 'make it blue with a dragon', mode: 'edit', parentId: restyled.id })).json());
    expect(edited).toMatchObject({ parentId: restyled.id, style: 'luxury-opulent', seed: restyled.seed, edits: ['make it blue with a dragon'] });
    expect(edited.prompt.startsWith('make it blue')).toBe(true);
    // The renderer has no dragon to draw, and says so.
    expect(edited.unusedWords).toEqual(['dragon']);
    expect(restyled.unusedWords).toEqual([]);

    const list = coverArtListSchema.parse((await t.app.inject({ url: `/api/coverarts?trackId=${trackId}`, headers: { cookie: alice.cookie } })).json());
    expect(list.map((c) => c.id)).toEqual([edited.id, restyled.id, first.id]);
    const byConversation = (await t.app.inject({ url: `/api/coverarts?conversationId=${first.conversationId}`, headers: { cookie: alice.cookie } })).json();
    expect(byConversation).toHaveLength(3);
    // Each version keeps its own picture.
    const a = await t.app.inject({ url: restyled.imageUrl, headers: { cookie: alice.cookie } });
    const b = await t.app.inject({ url: edited.imageUrl, headers: { cookie: alice.cookie } });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);

    const spent = await create(t, alice.cookie, { prompt: 'one more', mode: 'restyle', parentId: first.id });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toMatch(/cover images/);
  }, 60_000);

  it('writes the built-in concept from the lyrics and audio, and asks for lyrics first', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/coverarts/concept', headers: { cookie: alice.cookie }, payload: { trackId } });
    const concept = coverConceptSchema.parse(res.json());
    expect(concept).toMatchObject({ kind: 'built-in', explicit: true });
    expect(concept.imagery.length).toBeGreaterThan(0);
    expect(concept.concept.split('. ').length).toBeGreaterThanOrEqual(3);
    expect(concept.concept).toContain('142 BPM');
    const noLyrics = await insertTrack(t, alice, null);
    const refused = await t.app.inject({ method: 'POST', url: '/api/coverarts/concept', headers: { cookie: alice.cookie }, payload: { trackId: noLyrics } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(COVER_MESSAGES.noTranscription);
    const other = await t.app.inject({ method: 'POST', url: '/api/coverarts/concept', headers: { cookie: bob.cookie }, payload: { trackId } });
    expect(other.statusCode).toBe(404);
  });
});

describe('cover art with a text model and an image model', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let images: Awaited<ReturnType<typeof startFakeImages>>;
  let alice: User;
  let trackId: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    images = await startFakeImages();
    t = await createTestApp('sqlite', { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'concept-model', IMAGE_BASE_URL: images.baseUrl, IMAGE_MODEL: 'image-test' });
    await registerUser(t.app);
    alice = await registerUser(t.app);
    trackId = await insertTrack(t, alice);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await images?.close();
  });
  it('GET /api/ai/engine names the image model that draws the covers (the page title and badge follow it)', async () => {
    const res = await t.app.inject({ url: '/api/ai/engine', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().coverImage).toEqual({ kind: 'model', engine: 'image-test' });
  });


  it('asks the model for the concept with the first 300 characters of the lyrics', async () => {
    fake.enqueue({ kind: 'reply', text: 'A dark, rain-soaked city at night. Deep blues and neon pink. A lone figure under a streetlight.' });
    const res = await t.app.inject({ method: 'POST', url: '/api/coverarts/concept', headers: { cookie: alice.cookie }, payload: { trackId } });
    expect(res.json()).toMatchObject({ kind: 'model', engine: 'concept-model', concept: expect.stringContaining('rain-soaked') });
    const sent = JSON.stringify(fake.requests.at(-1));
    expect(sent).toContain(LYRICS.slice(0, 60));
  });

  it('uses the spec’s fixed concept when the model fails', async () => {
    fake.enqueue({ kind: 'status', status: 500 });
    const res = await t.app.inject({ method: 'POST', url: '/api/coverarts/concept', headers: { cookie: alice.cookie }, payload: { trackId } });
    expect(res.json()).toMatchObject({ kind: 'fallback', concept: FALLBACK_CONCEPT });
  });

  it('draws with the image model, normalised to 3000×3000, and says what it could not measure', async () => {
    const res = await create(t, alice.cookie, { prompt: 'Neon rain', title: 'Neon Chrome', trackId, advisory: false });
    expect(res.statusCode, res.body).toBe(201);
    const cover = coverArtSchema.parse(res.json());
    expect(cover).toMatchObject({ kind: 'model', engine: 'image-test', width: 3000, height: 3000, advisory: false });
    expect(images.requests.at(-1)?.json?.prompt).toContain('Do not include a Parental Advisory label');
    expect(cover.checks.find((c) => c.id === 'safe-margins')?.ok).toBeNull();
    expect(cover.checks.find((c) => c.id === 'size')?.ok).toBe(true);
    images.enqueue({ status: 503 });
    const failed = await create(t, alice.cookie, { prompt: 'make it gold', mode: 'edit', parentId: cover.id });
    expect(failed.statusCode).toBe(503);
    expect(images.requests.at(-1)).toMatchObject({ path: '/images/edits', fields: { hasImage: true } });
    // A failed generation gives the quota unit back.
    const quotas = (await t.app.inject({ url: '/api/quotas', headers: { cookie: alice.cookie } })).json();
    expect(quotas.quotas.cover.used).toBe(1);
  });
});

/** The entries of a stored ZIP: names and bytes (this app writes them uncompressed). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    files.set(name, zip.subarray(start, start + size));
    at = start + size;
  }
  return files;
}

describe('the release kit', () => {
  let t: TestApp;
  let alice: User;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await registerUser(t.app);
    alice = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  it('downloads the master (PNG and a JPEG under 10 MB), a post, a story with the title set again, and a preview, each at its size', async () => {
    const cover = coverArtSchema.parse((await create(t, alice.cookie, { prompt: 'Gold on black', title: 'Neon Chrome', style: 'luxury-opulent', advisory: true })).json());
    const res = await t.app.inject({ url: `/api/coverarts/${cover.id}/kit`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="album-cover-kit.zip"');
    const files = unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['album-cover-3000.png', 'album-cover-3000.jpg', 'post-1080x1080.png', 'story-1080x1920.png', 'preview-640.png', 'README.txt']);
    const sizes = Object.fromEntries(
      await Promise.all(
        [...files].filter(([n]) => n !== 'README.txt').map(async ([name, data]) => {
          const meta = await sharp(data).metadata();
          return [name, [meta.format, meta.width, meta.height, meta.space, Boolean(meta.icc)]];
        }),
      ),
    );
    expect(sizes).toEqual({
      'album-cover-3000.png': ['png', 3000, 3000, 'srgb', true],
      'album-cover-3000.jpg': ['jpeg', 3000, 3000, 'srgb', true],
      'post-1080x1080.png': ['png', 1080, 1080, 'srgb', true],
      'story-1080x1920.png': ['png', 1080, 1920, 'srgb', true],
      'preview-640.png': ['png', 640, 640, 'srgb', true],
    });
    expect(files.get('album-cover-3000.jpg')!.length).toBeLessThan(10 * 1024 * 1024);
    // The post is drawn again, not scaled: it differs from the master scaled down.
    const scaled = await sharp(files.get('album-cover-3000.png')!).resize(1080, 1080).raw().toBuffer();
    const drawn = await sharp(files.get('post-1080x1080.png')!).removeAlpha().raw().toBuffer();
    expect(drawn.equals(scaled)).toBe(false);
    // A second download is the same kit.
    const again = await t.app.inject({ url: `/api/coverarts/${cover.id}/kit`, headers: { cookie: alice.cookie } });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  }, 60_000);

  it('keeps the title, label and asked-for colours through a restyle, and prints the release date on the post and story', async () => {
    const first = coverArtSchema.parse((await create(t, alice.cookie, { prompt: 'Rain at night', title: 'Ledger', artist: 'MC Test', style: 'dark-moody', advisory: true })).json());
    const blue = coverArtSchema.parse((await create(t, alice.cookie, { prompt: 'make it blue', mode: 'edit', parentId: first.id })).json());
    const swiss = coverArtSchema.parse((await create(t, alice.cookie, { prompt: 'restyle', mode: 'restyle', parentId: blue.id, style: 'swiss-typographic' })).json());
    expect(swiss).toMatchObject({ style: 'swiss-typographic', title: 'Ledger', artist: 'MC Test', advisory: true, edits: ['make it blue'] });

    const plain = unzip((await t.app.inject({ url: `/api/coverarts/${swiss.id}/kit`, headers: { cookie: alice.cookie } })).rawPayload);
    const dated = await t.app.inject({ url: `/api/coverarts/${swiss.id}/kit?releaseDate=2026-12-04`, headers: { cookie: alice.cookie } });
    expect(dated.statusCode).toBe(200);
    const datedFiles = unzip(dated.rawPayload);
    // The date line is drawn on the post and the story; the master is the same file.
    expect(datedFiles.get('story-1080x1920.png')!.equals(plain.get('story-1080x1920.png')!)).toBe(false);
    expect(datedFiles.get('post-1080x1080.png')!.equals(plain.get('post-1080x1080.png')!)).toBe(false);
    expect(datedFiles.get('album-cover-3000.png')!.equals(plain.get('album-cover-3000.png')!)).toBe(true);
    const bad = await t.app.inject({ url: `/api/coverarts/${swiss.id}/kit?releaseDate=04-12-2026`, headers: { cookie: alice.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/release date/i);
  }, 90_000);
});
