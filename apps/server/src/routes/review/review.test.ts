import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_REVIEWER, REVIEW_AUDIENCE_FALLBACK, REVIEW_MESSAGES, reviewResponseSchema, trackReviewListSchema, trackReviewSchema } from '@members-only/shared';
import { createRepositories } from '../../repositories/index';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { trackRow } from '../../../test/factories';

const VERSE = [
  'I been on the grind since the sun went down',
  'every single night I was running through the town',
  'kept my head up high when they tried to hold me back',
  'now I keep it moving with the money in a stack',
].join('\n');

type User = Awaited<ReturnType<typeof registerUser>>;

/** A track row with analysis facts, as the analysis job leaves it. */
async function insertTrack(t: TestApp, userId: number, facts: Partial<{ title: string; lufs: number; true_peak: number; bpm: number; duration: number }> = {}) {
  return createRepositories(t.db.kysely).tracks.insert(
    trackRow({
      user_id: userId,
      original_name: `${facts.title ?? 'Night Shift'}.wav`,
      title: facts.title ?? 'Night Shift',
      duration: facts.duration ?? 184,
      bpm: facts.bpm ?? 92,
      musical_key: 'A minor',
      lufs: facts.lufs ?? -8.2,
      true_peak: facts.true_peak ?? 0.4,
      analysis_engine: 'test',
      transcription: VERSE,
      transcription_status: 'done',
      transcription_source: 'manual',
    }),
  );
}

describe.each(dialects)('Song Review API on %s (built-in reviewer)', (dialect) => {
  let t: TestApp;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    t = await createTestApp(dialect, { QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, review: 3 } });
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  const review = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie }, payload });

  it('reviews a track from its lyrics and audio facts, saves it and lists it newest first', async () => {
    const track = await insertTrack(t, alice.user.id);
    const res = await review(alice.cookie, { lyrics: VERSE, trackId: track.id });
    expect(res.statusCode).toBe(200);
    const body = reviewResponseSchema.parse(res.json());
    expect(body).toMatchObject({ engine: BUILT_IN_REVIEWER, kind: 'engine', comparedWith: null });
    expect(body.response).toMatch(/built-in reviewer/i);
    expect(body.response).not.toMatch(/million/);
    expect(body.streams).toMatch(/^No estimate/);
    expect(body.audience).not.toBe(REVIEW_AUDIENCE_FALLBACK);
    for (const score of Object.values(body.scores)) expect(score).toEqual(expect.any(Number));
    expect(body.technical.find((i) => i.label === 'Integrated loudness')).toMatchObject({ value: '-8.2 LUFS', status: 'note' });
    expect(body.technical.find((i) => i.label === 'True peak')).toMatchObject({ status: 'note' });

    const first = await t.app.inject({ method: 'POST', url: `/api/tracks/${track.id}/reviews`, headers: { cookie: alice.cookie }, payload: { reviewText: body.response, rating: body.rating, engine: body.engine } });
    expect(first.statusCode).toBe(201);
    expect(trackReviewSchema.parse(first.json())).toMatchObject({ trackId: track.id, rating: body.rating, engine: BUILT_IN_REVIEWER });
    const second = await t.app.inject({ method: 'POST', url: `/api/tracks/${track.id}/reviews`, headers: { cookie: alice.cookie }, payload: { reviewText: 'Second', rating: null } });
    const list = trackReviewListSchema.parse((await t.app.inject({ url: `/api/tracks/${track.id}/reviews`, headers: { cookie: alice.cookie } })).json());
    expect(list.map((r) => r.id)).toEqual([second.json().id, first.json().id]);
  });

  it('sends scores held by their limits and advice that names bars (issue 27)', async () => {
    const track = await insertTrack(t, alice.user.id, { title: 'Limits', lufs: -11, true_peak: -1.5, duration: 170 });
    const lyrics = [
      'Streetlights hum on the avenue at night',
      'I write it in the margin till the page turns white',
      'Bus fare folded in a paperback book',
      'my mother used to pray for every step I took',
      'Corner store radio playing through the rain',
      'I counted every coin before I caught the train',
      'and honestly I swear to you that old sneakers taped together at the toe',
      'I ran the whole marathon and nobody would know',
    ].join('\n');
    const res = await review(alice.cookie, { lyrics, trackId: track.id });
    expect(res.statusCode).toBe(200);
    const body = reviewResponseSchema.parse(res.json());
    // No line comes back: Marketability is held at 6 whatever the master, and the review says why.
    expect(body.scores.marketability).toBeLessThanOrEqual(6);
    expect(body.response).toContain('Limit: at most 6: no hook');
    expect(body.response).toMatch(/### What to work on\n\n- Bar 7 runs \d+ syllables against \d+(–\d+)? in the rest: cut \*and honestly I swear[^*]*\* or split it over two bars\./);
    expect(body.response).toMatch(/- The hook repeats no line word for word: repeat \*[^*]+\* \(from bar \d\) at the end of bars 2 and 4/);
    expect(body.response).not.toMatch(/What to work on[\s\S]*\d+% of/);
    // The audience is drawn only from themes in the words.
    expect(body.audience).not.toMatch(/party|night/);
  });

  it("answers 404 for someone else's track on every review route, and keeps the quota", async () => {
    const track = await insertTrack(t, alice.user.id);
    expect((await review(bob.cookie, { lyrics: VERSE, trackId: track.id })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/tracks/${track.id}/reviews`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    const save = await t.app.inject({ method: 'POST', url: `/api/tracks/${track.id}/reviews`, headers: { cookie: bob.cookie }, payload: { reviewText: 'mine now', rating: 1 } });
    expect(save.statusCode).toBe(404);
    const quotas = (await t.app.inject({ url: '/api/quotas', headers: { cookie: bob.cookie } })).json();
    expect(quotas.quotas.review.used).toBe(0);
  });

  it('refuses empty lyrics with the spec message, in words an artist uses (no "transcription", ADR 034)', async () => {
    const res = await review(bob.cookie, { lyrics: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REVIEW_MESSAGES.noTranscription);
    expect(res.json().message).not.toMatch(/transcription/i);
  });

  it('compares with the previous upload of the same title', async () => {
    const before = await insertTrack(t, bob.user.id, { title: 'Remaster Me', lufs: -7, bpm: 90 });
    const first = reviewResponseSchema.parse((await review(bob.cookie, { lyrics: VERSE, trackId: before.id })).json());
    await t.app.inject({ method: 'POST', url: `/api/tracks/${before.id}/reviews`, headers: { cookie: bob.cookie }, payload: { reviewText: first.response, rating: first.rating } });
    const after = await insertTrack(t, bob.user.id, { title: 'Remaster Me', lufs: -12, bpm: 90 });
    const second = reviewResponseSchema.parse((await review(bob.cookie, { lyrics: VERSE, trackId: after.id })).json());
    expect(second.comparedWith).toMatchObject({ trackId: before.id });
    expect(second.response).toContain('## Compared with the previous version');
    expect(second.response).toContain('- **Integrated loudness:** -7.0 LUFS → -12.0 LUFS (-5.0)');
  });

  it('follows a focus the artist gives: its sections first, the same scores; a focus too long is refused and costs nothing', async () => {
    const dave = await registerUser(t.app);
    const track = await insertTrack(t, dave.user.id);
    const plain = reviewResponseSchema.parse((await review(dave.cookie, { lyrics: VERSE, trackId: track.id })).json());
    const focused = reviewResponseSchema.parse(
      (await review(dave.cookie, { lyrics: VERSE, trackId: track.id, focus: 'How commercial is this track, and what would make it more so: ' })).json(),
    );
    expect(focused.scores).toEqual(plain.scores);
    expect(focused.response).toContain('You asked about commercial potential: Marketability comes first below.');
    expect(focused.response.split('## Detailed analysis')[1]!.match(/^### (\w+)/m)![1]).toBe('Marketability');
    expect(plain.response).not.toContain('You asked about');

    const tooLong = await review(dave.cookie, { lyrics: VERSE, trackId: track.id, focus: 'flow '.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('The focus must be at most 500 characters');
    const quotas = (await t.app.inject({ url: '/api/quotas', headers: { cookie: dave.cookie } })).json();
    expect(quotas.quotas.review.used).toBe(2);
  });

  it('counts reviews against the review quota', async () => {
    const carol = await registerUser(t.app);
    for (let i = 0; i < 3; i++) expect((await review(carol.cookie, { lyrics: VERSE })).statusCode).toBe(200);
    const spent = await review(carol.cookie, { lyrics: VERSE });
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toMatchObject({ code: 'quota_exceeded' });
  });
});

describe.each(dialects)('Song Review with a model on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let alice: User;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'review-model' });
    alice = await registerUser(t.app);
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the transcription, the lyric measures and the audio facts, and parses the answer in the spec format', async () => {
    const track = await insertTrack(t, alice.user.id);
    fake.enqueue({
      kind: 'reply',
      text: '**Flow: 8/10**\n**Marketability: 12/10**\n**Lyrics: 6/10**\n**Versatility: 5/10**\n**Originality: 7/10**\n**Vocabulary: 6/10**\n**Estimated Streams:** 5-10 million\n**Audience:** Late-night grinders\n\n## Detailed analysis\nSolid.',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: alice.cookie }, payload: { lyrics: VERSE, trackId: track.id } });
    expect(res.statusCode).toBe(200);
    const body = reviewResponseSchema.parse(res.json());
    const prompt = (fake.requests[0]!.body.messages as Array<{ content: string }>).at(-1)!.content;
    expect(prompt).toContain(VERSE);
    expect(prompt).toMatch(/Bars: 4; syllables per bar: \d+/);
    expect(prompt).toMatch(/rhyme density \d+%/);
    expect(prompt).toContain('Duration: 3:04');
    expect(prompt).toContain('Tempo: 92 BPM');
    expect(prompt).toContain('Key: A minor');
    expect(prompt).toContain('Integrated loudness: -8.2 LUFS');
    expect(prompt).toContain('True peak: 0.4 dBTP');
    expect(body).toMatchObject({ engine: 'review-model', kind: 'model', audience: 'Late-night grinders' });
    expect(body.scores).toEqual({ flow: 8, marketability: 10, lyrics: 6, versatility: 5, originality: 7, vocabulary: 6 });
    // The model's figure is shown only as its guess.
    expect(body.streams).toBe("The model's guess: 5-10 million");
    expect(body.response).toContain("**Estimated Streams:** The model's guess: 5-10 million");
    expect(body.response).toContain('## Technical check');
  });

  it("passes the artist's focus to the model in the prompt", async () => {
    fake.enqueue({ kind: 'reply', text: '**Flow: 8/10**\n\n## Detailed analysis\nFlow first.' });
    const erin = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: erin.cookie }, payload: { lyrics: VERSE, focus: '  How can I improve the flow of these bars:\n' } });
    expect(res.statusCode).toBe(200);
    const prompt = (fake.requests[0]!.body.messages as Array<{ content: string }>).at(-1)!.content;
    expect(prompt).toContain('What I want the review to focus on');
    expect(prompt).toContain('"""\nHow can I improve the flow of these bars:\n"""');
    expect(prompt).toContain('score every dimension exactly as you would without it');
  });

  it('still gives a review with the fallbacks when the answer is malformed', async () => {
    fake.enqueue({ kind: 'reply', text: 'Great vibes!! flow is like 9 honestly. You will go platinum.' });
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: alice.cookie }, payload: { lyrics: VERSE } });
    expect(res.statusCode).toBe(200);
    const body = reviewResponseSchema.parse(res.json());
    expect(body.scores).toEqual({ flow: null, marketability: null, lyrics: null, versatility: null, originality: null, vocabulary: null });
    expect(body.rating).toBeNull();
    expect(body.audience).toBe(REVIEW_AUDIENCE_FALLBACK);
    expect(body.streams).toBeNull();
    expect(body.response).toContain('Great vibes');
  });

  it('gives the quota back when the model fails', async () => {
    // An artist of its own, so the count does not depend on which tests ran before (it runs alone with -t quota).
    const gina = await registerUser(t.app);
    fake.enqueue({ kind: 'reply', text: '**Flow: 7/10**\n\n## Detailed analysis\nFine.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: gina.cookie }, payload: { lyrics: VERSE } })).statusCode).toBe(200);
    fake.enqueue({ kind: 'status', status: 500 });
    const res = await t.app.inject({ method: 'POST', url: '/api/review', headers: { cookie: gina.cookie }, payload: { lyrics: VERSE } });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const quotas = (await t.app.inject({ url: '/api/quotas', headers: { cookie: gina.cookie } })).json();
    // The review that worked counts; the failed one was given back.
    expect(quotas.quotas.review.used).toBe(1);
  });
});
