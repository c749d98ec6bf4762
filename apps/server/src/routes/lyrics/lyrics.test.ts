import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_RHYME_ENGINE } from '@members-only/shared';
import { lyricSuggestionsResultSchema, phraseIdeasResultSchema, rhymeIdeasResultSchema } from '@members-only/shared/lyrics-responses';
import { scoreLyrics } from '@members-only/engines/lyrics';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { fullFeedbackPrompt, shortFeedbackPrompt, suggestionsPrompt } from '../../services/lyrics.service';

const VERSE = 'I been on the grind all night\ntrying to get my money right\nnever let them dim my light\nkeep my vision in my sight';

type User = Awaited<ReturnType<typeof registerUser>>;

function helpers(t: () => TestApp) {
  const newConversation = async (cookie: string, category = 'lyrics') =>
    (await t().app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { category } })).json() as { id: number };
  const addSnippet = (cookie: string, id: number, payload: unknown) =>
    t().app.inject({ method: 'POST', url: `/api/conversations/${id}/lyrics`, headers: { cookie }, payload: payload as object });
  const listSnippets = (cookie: string, id: number) => t().app.inject({ url: `/api/conversations/${id}/lyrics`, headers: { cookie } });
  const post = (cookie: string, path: string, payload: unknown) =>
    t().app.inject({ method: 'POST', url: `/api/lyrics/${path}`, headers: { cookie }, payload: payload as object });
  const lyricsUsed = async (cookie: string) =>
    ((await t().app.inject({ url: '/api/quotas', headers: { cookie } })).json() as { quotas: { lyrics: { used: number } } }).quotas.lyrics.used;
  return { newConversation, addSnippet, listSnippets, post, lyricsUsed };
}

describe.each(dialects)('lyric snippets API on %s', (dialect) => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  it('answers 401 to anonymous requests on every lyrics endpoint, before validating', async () => {
    const requests = [
      { method: 'GET', url: '/api/conversations/1/lyrics' },
      { method: 'POST', url: '/api/conversations/1/lyrics', payload: {} },
      { method: 'DELETE', url: '/api/lyrics/1' },
      { method: 'POST', url: '/api/lyrics/analyze', payload: { text: 'a' } },
      { method: 'POST', url: '/api/lyrics/suggestions', payload: {} },
      { method: 'POST', url: '/api/lyrics/feedback', payload: { text: 'a\nb' } },
      { method: 'GET', url: '/api/lyrics/rhymes?word=night' },
      { method: 'POST', url: '/api/lyrics/phrases', payload: {} },
    ] as const;
    for (const r of requests) {
      const res = await t.app.inject({ method: r.method, url: r.url, ...('payload' in r ? { payload: r.payload } : {}) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  it('creates snippets and lists them ordered by position, then id', async () => {
    const conv = await h.newConversation(alice.cookie);
    const created = await h.addSnippet(alice.cookie, conv.id, { content: 'second verse', position: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      conversationId: conv.id,
      userId: alice.user.id,
      content: 'second verse',
      position: 1,
      createdAt: expect.any(String),
    });
    await h.addSnippet(alice.cookie, conv.id, { content: 'hook', position: 0 });
    await h.addSnippet(alice.cookie, conv.id, { content: 'hook again', position: 0 });
    const list = await h.listSnippets(alice.cookie, conv.id);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { content: string }) => s.content)).toEqual(['hook', 'hook again', 'second verse']);
    expect(new Date(list.json()[0].createdAt).toISOString()).toBe(list.json()[0].createdAt);
  });

  it('keeps the text exactly as sent (whitespace and line breaks)', async () => {
    const conv = await h.newConversation(alice.cookie);
    const content = '  [Hook]\nline one\n\n\tline two  \n';
    await h.addSnippet(alice.cookie, conv.id, { content, position: 0 });
    expect((await h.listSnippets(alice.cookie, conv.id)).json()[0].content).toBe(content);
  });

  it('deletes a snippet with 204, then it is gone', async () => {
    const conv = await h.newConversation(alice.cookie);
    const snippet = (await h.addSnippet(alice.cookie, conv.id, { content: 'temp', position: 0 })).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/lyrics/${snippet.id}`, headers: { cookie: alice.cookie } });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await h.listSnippets(alice.cookie, conv.id)).json()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/lyrics/${snippet.id}`, headers: { cookie: alice.cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another user’s conversation or snippet, and leaves them untouched', async () => {
    const conv = await h.newConversation(alice.cookie);
    const snippet = (await h.addSnippet(alice.cookie, conv.id, { content: 'mine', position: 0 })).json();

    expect((await h.listSnippets(bob.cookie, conv.id)).statusCode).toBe(404);
    const create = await h.addSnippet(bob.cookie, conv.id, { content: 'sneaky', position: 0 });
    expect(create.statusCode).toBe(404);
    expect(create.json()).toMatchObject({ message: 'Conversation not found', code: 'not_found' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/lyrics/${snippet.id}`, headers: { cookie: bob.cookie } });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ message: 'Lyric snippet not found' });

    expect((await h.listSnippets(alice.cookie, conv.id)).json().map((s: { content: string }) => s.content)).toEqual(['mine']);
    expect((await h.listSnippets(alice.cookie, 2_000_000)).statusCode).toBe(404);
  });

  it('removes the snippets with their conversation', async () => {
    const conv = await h.newConversation(alice.cookie);
    const snippet = (await h.addSnippet(alice.cookie, conv.id, { content: 'gone soon', position: 0 })).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/conversations/${conv.id}`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(204);
    const left = await t.db.kysely.selectFrom('lyric_snippets').select('id').where('id', '=', snippet.id).execute();
    expect(left).toEqual([]);
  });

  it.each([
    [{ content: '   \n  ', position: 0 }, 'content', 'Lyrics cannot be empty'],
    [{ content: 'x'.repeat(20_001), position: 0 }, 'content', 'Lyrics must be at most 20,000 characters'],
    [{ position: 0 }, 'content', undefined],
    [{ content: 'ok', position: -1 }, 'position', 'Position must be a whole number of 0 or more'],
    [{ content: 'ok', position: 1.5 }, 'position', 'Position must be a whole number of 0 or more'],
    [{ content: 'ok', position: '2' }, 'position', undefined],
    [{ content: 'ok' }, 'position', undefined],
  ])('refuses %j with 400 and field errors', async (payload, field, message) => {
    const conv = await h.newConversation(alice.cookie);
    const res = await h.addSnippet(alice.cookie, conv.id, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fieldErrors[field]).toBeDefined();
    if (message) expect(body.message).toBe(message);
  });

  it('accepts exactly 20,000 characters', async () => {
    const conv = await h.newConversation(alice.cookie);
    expect((await h.addSnippet(alice.cookie, conv.id, { content: 'x'.repeat(20_000), position: 0 })).statusCode).toBe(201);
  });

  it('refuses malformed ids with 400', async () => {
    expect((await h.listSnippets(alice.cookie, 'abc' as unknown as number)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/lyrics/0', headers: { cookie: alice.cookie } })).statusCode).toBe(400);
  });
});

describe.each(dialects)('lyrics engine endpoints without a model on %s', (dialect) => {
  let t: TestApp;
  let alice: User;
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  it('analyzes text for live highlighting: lines, rhyming tokens with offsets, families, measures', async () => {
    const res = await h.post(alice.cookie, 'analyze', { text: VERSE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lines).toHaveLength(4);
    expect(body.lines[0]).toMatchObject({ index: 0, kind: 'bar', bar: 1, start: 0, syllables: 7, scheme: 'A' });
    for (const token of body.tokens) expect(VERSE.slice(token.start, token.end)).toBe(token.text);
    const family = (word: string) => body.tokens.find((tk: { text: string }) => tk.text === word)?.familyId;
    expect(family('night')).toBeDefined();
    expect(['right', 'light', 'sight'].map(family)).toEqual([family('night'), family('night'), family('night')]);
    expect(body.tokens.find((tk: { text: string }) => tk.text === 'night').rhyme).toBe('end');
    expect(body.families[0]).toMatchObject({ id: family('night'), colorIndex: 0, type: expect.stringMatching(/perfect|slant|multi/) });
    expect(body.measures).toMatchObject({ bars: 4, syllablesPerBar: [7, 8, 7, 7], schemes: ['AAAA'] });
  });

  it('analyzes blank text as empty, and refuses text over 20,000 characters', async () => {
    const empty = await h.post(alice.cookie, 'analyze', { text: '' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ tokens: [], families: [], measures: { bars: 0 } });
    const long = await h.post(alice.cookie, 'analyze', { text: 'a'.repeat(20_001) });
    expect(long.statusCode).toBe(400);
    expect((await h.post(alice.cookie, 'analyze', {})).statusCode).toBe(400);
  });

  it('analyzes a long text', async () => {
    const text = Array.from({ length: 200 }, (_, i) => `${VERSE.split('\n')[i % 4]} number ${i}`).join('\n');
    const res = await h.post(alice.cookie, 'analyze', { text: `${text}\nagain` });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toHaveLength(201);
  });

  it('suggests 4 concrete targets: syllables that fit the verse, the end sound with words and a phrase, the stress pattern', async () => {
    const res = await h.post(alice.cookie, 'suggestions', { text: VERSE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(lyricSuggestionsResultSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ kind: 'rhyme-targets', engine: BUILT_IN_RHYME_ENGINE });
    expect(body.suggestions).toHaveLength(4);
    // the verse runs 7, 8, 7, 7 syllables: 7 fits it
    for (const s of body.suggestions) expect(s).toMatch(/^7 syllables, /);
    expect(body.suggestions[0]).toMatch(/^7 syllables, land on -ight: \w+, \w+, \w+ \w+$/);
    expect(body.targets).toHaveLength(4);
    expect(body.targets[0]).toMatchObject({
      target: 'sight',
      syllables: 7,
      sound: '-ight',
      phrases: [expect.stringMatching(/^\w+ \w+$/)],
      stress: expect.stringMatching(/^(?:da|DUM)(?: (?:da|DUM)){6}$/),
      rhymes: expect.arrayContaining(['light', 'night']),
    });
  });

  it('gives phrase ideas on the line’s last stressed vowels, most natural first', async () => {
    const res = await h.post(alice.cookie, 'phrases', { text: 'I had a paper plan' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(phraseIdeasResultSchema.safeParse(body).success).toBe(true);
    expect(body.ending).toBe('paper plan');
    expect(body.engine).toBe(BUILT_IN_RHYME_ENGINE);
    expect(body.ideas.length).toBeGreaterThanOrEqual(8);
    expect(body.ideas.length).toBeLessThanOrEqual(12);
    expect(body.ideas[0]).toEqual({ text: 'later, man', type: 'multi', score: expect.any(Number) });
    const scores = body.ideas.map((i: { score: number }) => i.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    // an unknown script has nothing to rhyme with: an empty list, not an error
    expect((await h.post(alice.cookie, 'phrases', { text: '✨✨' })).json()).toMatchObject({ ideas: [] });
  });

  it('validates the phrases body with a clear message', async () => {
    for (const payload of [{}, { text: '' }, { text: '   ' }, { text: 42 }, { text: 'x'.repeat(301) }]) {
      const res = await h.post(alice.cookie, 'phrases', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    expect((await h.post(alice.cookie, 'phrases', { text: ' ' })).json().message).toMatch(/line/i);
  });

  it('spends no lyrics quota on built-in suggestions, feedback, phrases or opening a saved lyric', async () => {
    const carol = await registerUser(t.app);
    const conv = await h.newConversation(carol.cookie);
    await h.addSnippet(carol.cookie, conv.id, { content: VERSE, position: 0 });
    // What the notepad does on opening (and on a paste): load, analyse, targets, feedback.
    expect((await h.listSnippets(carol.cookie, conv.id)).statusCode).toBe(200);
    expect((await h.post(carol.cookie, 'analyze', { text: VERSE })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await h.post(carol.cookie, 'suggestions', { text: VERSE })).statusCode).toBe(200);
      expect((await h.post(carol.cookie, 'feedback', { text: VERSE })).statusCode).toBe(200);
      expect((await h.post(carol.cookie, 'phrases', { text: 'keep my vision in my sight' })).statusCode).toBe(200);
    }
    expect(await h.lyricsUsed(carol.cookie)).toBe(0);
  });

  it('names a saved lyric from its first line instead of "Lyrics Help", and keeps a name the artist gave', async () => {
    const conv = await h.newConversation(alice.cookie);
    const title = async (id: number) => ((await t.app.inject({ url: `/api/conversations/${id}`, headers: { cookie: alice.cookie } })).json() as { title: string }).title;
    expect(await title(conv.id)).toBe('Lyrics Help');
    await h.addSnippet(alice.cookie, conv.id, { content: '[Verse 1]\n\n  Cold nights,   no lights on the block\nsecond bar', position: 0 });
    expect(await title(conv.id)).toBe('Cold nights, no lights on the block');
    // later saves do not rename it again
    await h.addSnippet(alice.cookie, conv.id, { content: 'A brand new first line', position: 0 });
    expect(await title(conv.id)).toBe('Cold nights, no lights on the block');

    const named = (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: alice.cookie }, payload: { category: 'lyrics', title: 'My hook' } })).json() as { id: number };
    await h.addSnippet(alice.cookie, named.id, { content: 'first bar here', position: 0 });
    expect(await title(named.id)).toBe('My hook');

    const long = await h.newConversation(alice.cookie);
    await h.addSnippet(alice.cookie, long.id, { content: `${'word '.repeat(30)}end`, position: 0 });
    const cut = await title(long.id);
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('refuses suggestions for blank text with the spec message', async () => {
    const res = await h.post(alice.cookie, 'suggestions', { text: ' \n ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please write some lyrics first before generating suggestions.');
  });

  it('scores with the built-in engine: score 1..10, notes as a Markdown list, measures', async () => {
    const res = await h.post(alice.cookie, 'feedback', { text: VERSE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = scoreLyrics(VERSE);
    expect(body).toMatchObject({
      score: expected.score,
      engineScore: expected.score,
      kind: 'engine',
      scoreSource: 'engine',
      engine: BUILT_IN_RHYME_ENGINE,
      notes: expected.notes,
      measures: { bars: 4, syllablesPerBar: [7, 8, 7, 7] },
    });
    expect(body.feedback).toBe(expected.notes.map((n) => `- ${n}`).join('\n'));
  });

  it('needs 2 non-empty lines for feedback', async () => {
    const res = await h.post(alice.cookie, 'feedback', { text: 'just one line\n\n   \n' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Write at least 2 lines to get instant feedback on your lyrics', fieldErrors: { text: expect.any(Array) } });
  });

  it('gives rhyme ideas ranked and typed, with an optional syllable filter', async () => {
    const res = await t.app.inject({ url: '/api/lyrics/rhymes?word=night', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.word).toBe('night');
    expect(body.ideas.length).toBeGreaterThan(5);
    expect(body.ideas.length).toBeLessThanOrEqual(24);
    expect(body.ideas[0]).toEqual({ text: expect.any(String), type: 'perfect', syllables: expect.any(Number), score: expect.any(Number) });
    expect(body.ideas.map((i: { text: string }) => i.text)).toContain('light');

    // Grouped by syllable count for the panel, fewest first; the same ideas in the same order.
    expect(rhymeIdeasResultSchema.safeParse(body).success).toBe(true);
    const counts = body.groups.map((g: { syllables: number }) => g.syllables);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => a - b));
    for (const g of body.groups) expect(g.ideas.every((i: { syllables: number }) => i.syllables === g.syllables)).toBe(true);
    expect(body.groups.flatMap((g: { ideas: unknown[] }) => g.ideas)).toEqual(body.ideas);

    const two = (await t.app.inject({ url: '/api/lyrics/rhymes?word=night&syllables=2', headers: { cookie: alice.cookie } })).json();
    expect(two.ideas.length).toBeGreaterThan(0);
    expect(two.ideas.every((i: { syllables: number }) => i.syllables === 2)).toBe(true);
  });

  it('validates the rhymes query', async () => {
    const get = (qs: string) => t.app.inject({ url: `/api/lyrics/rhymes${qs}`, headers: { cookie: alice.cookie } });
    expect((await get('')).statusCode).toBe(400);
    expect((await get('?word=')).statusCode).toBe(400);
    expect((await get('?word=night&syllables=zero')).statusCode).toBe(400);
    expect((await get(`?word=${'a'.repeat(65)}`)).statusCode).toBe(400);
    expect((await get('?word=%E2%9C%A8')).json()).toMatchObject({ ideas: [] });
  });
});

describe.each(dialects)('lyrics with a model on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let alice: User;
  const h = helpers(() => t);
  const lastUserMessage = () => {
    const messages = fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    return messages.at(-1)!;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'm' });
    alice = await registerUser(t.app);
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('asks the model for 4 next lines and keeps the bullet lines without markers', async () => {
    fake.enqueue({ kind: 'reply', text: 'Here you go:\n- line one\n* line two\n• line three\n- line four\n- line five', model: 'lyric-model-1' });
    const res = await h.post(alice.cookie, 'suggestions', { text: VERSE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ suggestions: ['line one', 'line two', 'line three', 'line four'], engine: 'm', kind: 'model' });
    const sent = fake.requests[0]!.body;
    expect(sent.messages[0].role).toBe('system');
    expect(lastUserMessage()).toEqual({ role: 'user', content: suggestionsPrompt(VERSE) });
    expect(lastUserMessage().content).toContain(VERSE);
    expect(lastUserMessage().content).toContain('rhyme with "sight"');
  });

  it('falls back to the first 4 non-empty lines when the reply has no bullets', async () => {
    fake.enqueue({ kind: 'reply', text: 'alpha line\n\nbeta line\ngamma line\n\ndelta line\nepsilon line' });
    const res = await h.post(alice.cookie, 'suggestions', { text: VERSE });
    expect(res.json().suggestions).toEqual(['alpha line', 'beta line', 'gamma line', 'delta line']);
  });

  it('falls back to the engine’s rhyme targets when the reply is empty', async () => {
    fake.enqueue({ kind: 'reply', text: '   \n' });
    const res = await h.post(alice.cookie, 'suggestions', { text: VERSE });
    expect(res.json()).toMatchObject({ kind: 'rhyme-targets', engine: BUILT_IN_RHYME_ENGINE });
  });

  it.each(['no-choices', 'null-content', 'empty-content'] as const)(
    'falls back to the engine’s rhyme targets for an empty completion (%s), but fails empty feedback',
    async (shape) => {
      fake.enqueue({ kind: 'empty', shape }, { kind: 'empty', shape });
      const suggestions = await h.post(alice.cookie, 'suggestions', { text: VERSE });
      expect(suggestions.statusCode).toBe(200);
      expect(suggestions.json()).toMatchObject({ kind: 'rhyme-targets', engine: BUILT_IN_RHYME_ENGINE });
      const feedback = await h.post(alice.cookie, 'feedback', { text: VERSE });
      expect(feedback.statusCode).toBe(502);
      expect(feedback.json()).toMatchObject({ message: 'The AI service sent an empty reply. Please try again.', code: 'upstream_empty' });
    },
  );

  it.each([
    ['length', 'upstream_length', "The model's reply was cut off before it finished. Please try again."],
    ['content_filter', 'upstream_filtered', "The model's reply was filtered by its content rules. Try rephrasing and ask again."],
  ] as const)('never turns a reply that ended with %s into suggestions or feedback', async (finishReason, code, message) => {
    fake.enqueue(
      { kind: 'reply', text: '- a whole first line\n- a whole second line\n- a whole third\n- and a half', finishReason },
      { kind: 'reply', text: '## What works\nThe rhymes land, but bar', finishReason },
    );
    for (const path of ['suggestions', 'feedback']) {
      const res = await h.post(alice.cookie, path, { text: VERSE });
      expect(res.statusCode, path).toBe(502);
      expect(res.json()).toEqual({ message, code });
    }
  });

  it('says the model declined instead of offering its refusal as a line', async () => {
    const refusal = "I can't help with that.";
    fake.enqueue({ kind: 'refusal', text: refusal }, { kind: 'refusal', text: refusal });
    for (const path of ['suggestions', 'feedback']) {
      const res = await h.post(alice.cookie, path, { text: VERSE });
      expect(res.statusCode, path).toBe(502);
      expect(res.json()).toEqual({ message: `The model declined to answer: “${refusal}”`, code: 'upstream_refused' });
    }
  });

  it('passes on the upstream Retry-After, and never its error text', async () => {
    fake.enqueue(
      { kind: 'status', status: 429, headers: { 'retry-after': '9' }, body: '<html>slow down</html>' },
      { kind: 'status', status: 422, body: '<html><h1>Unprocessable</h1></html>' },
    );
    const limited = await h.post(alice.cookie, 'suggestions', { text: VERSE });
    expect([limited.statusCode, limited.headers['retry-after']]).toEqual([429, '9']);
    const rejected = await h.post(alice.cookie, 'feedback', { text: VERSE });
    expect(rejected.statusCode).toBe(502);
    expect(rejected.json()).toEqual({ message: 'The AI service refused the request (422).', code: 'upstream_rejected' });
  });

  it.each([
    ['Solid bars.\n\nRating: 12/10', 10],
    ['Good pocket.\nrating 7', 7],
    ['**Rating:** 0/10', 1],
  ])('reads the model’s rating from %j', async (reply, score) => {
    fake.enqueue({ kind: 'reply', text: reply });
    const res = await h.post(alice.cookie, 'feedback', { text: VERSE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ score, kind: 'model', scoreSource: 'model', engine: 'm' });
  });

  it('keeps the engine’s measures and notes beside the model’s feedback, without the rating line', async () => {
    fake.enqueue({ kind: 'reply', text: '## What works\nThe AY rhymes carry it.\n\nRating: 8/10' });
    const res = await h.post(alice.cookie, 'feedback', { text: VERSE });
    const body = res.json();
    const engine = scoreLyrics(VERSE);
    expect(body).toMatchObject({
      score: 8,
      feedback: '## What works\nThe AY rhymes carry it.',
      notes: engine.notes,
      engineScore: engine.score,
      measures: { bars: 4, syllablesPerBar: [7, 8, 7, 7], schemes: ['AAAA'] },
    });
  });

  it('falls back to the engine’s score when the reply has no rating', async () => {
    fake.enqueue({ kind: 'reply', text: 'Nice imagery, tighten bar 2.' });
    const body = (await h.post(alice.cookie, 'feedback', { text: VERSE })).json();
    expect(body).toMatchObject({ score: scoreLyrics(VERSE).score, scoreSource: 'engine', kind: 'model', feedback: 'Nice imagery, tighten bar 2.' });
  });

  it('uses the shorter prompt for up to 3 lines and the full one from 4', async () => {
    const three = 'first line of mine\n\nsecond line in time\nthird one is a crime';
    fake.enqueue({ kind: 'reply', text: 'ok\nRating: 6/10' }, { kind: 'reply', text: 'ok\nRating: 7/10' });
    await h.post(alice.cookie, 'feedback', { text: three });
    expect(lastUserMessage().content).toBe(shortFeedbackPrompt(three));
    expect(lastUserMessage().content).toContain('under 80 words');

    await h.post(alice.cookie, 'feedback', { text: VERSE });
    expect(lastUserMessage().content).toBe(fullFeedbackPrompt(VERSE, scoreLyrics(VERSE)));
    expect(lastUserMessage().content).not.toContain('under 80 words');
    expect(lastUserMessage().content).toContain('syllables per bar: 7, 8, 7, 7');
    expect(shortFeedbackPrompt(three).length).toBeLessThan(fullFeedbackPrompt(VERSE, scoreLyrics(VERSE)).length);
  });

  it.each([
    [429, 429],
    [500, 503],
    [401, 502],
  ])('maps an upstream %i to %i with a JSON message', async (upstream, status) => {
    fake.enqueue({ kind: 'status', status: upstream });
    const res = await h.post(alice.cookie, 'suggestions', { text: VERSE });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.stringMatching(/^upstream_/) });
  });

  it('spends the lyrics quota on model generations only', async () => {
    const dave = await registerUser(t.app);
    expect(await h.lyricsUsed(dave.cookie)).toBe(0);
    fake.enqueue({ kind: 'reply', text: '- one\n- two\n- three\n- four' });
    expect((await h.post(dave.cookie, 'suggestions', { text: VERSE })).statusCode).toBe(200);
    expect(await h.lyricsUsed(dave.cookie)).toBe(1);
    fake.enqueue({ kind: 'reply', text: 'Tight.\nRating: 7/10' });
    expect((await h.post(dave.cookie, 'feedback', { text: VERSE })).statusCode).toBe(200);
    expect(await h.lyricsUsed(dave.cookie)).toBe(2);
    // analysis, rhymes and phrases stay built-in and free
    await h.post(dave.cookie, 'analyze', { text: VERSE });
    expect((await h.post(dave.cookie, 'phrases', { text: 'keep my vision in my sight' })).statusCode).toBe(200);
    await t.app.inject({ url: '/api/lyrics/rhymes?word=money', headers: { cookie: dave.cookie } });
    expect(await h.lyricsUsed(dave.cookie)).toBe(2);
    // opening a saved lyric asks for the built-in feedback: no generation, nothing spent
    const before = fake.requests.length;
    const opened = await h.post(dave.cookie, 'feedback', { text: VERSE, builtIn: true });
    expect(opened.json()).toMatchObject({ kind: 'engine', engine: BUILT_IN_RHYME_ENGINE, score: scoreLyrics(VERSE).score });
    expect(fake.requests.length).toBe(before);
    expect(await h.lyricsUsed(dave.cookie)).toBe(2);
    expect((await h.post(dave.cookie, 'feedback', { text: VERSE, builtIn: 'yes' })).statusCode).toBe(400);
    // a failed generation gives its unit back
    fake.enqueue({ kind: 'status', status: 500 });
    expect((await h.post(dave.cookie, 'suggestions', { text: VERSE })).statusCode).toBe(503);
    expect(await h.lyricsUsed(dave.cookie)).toBe(2);
  });

  it('still analyzes and rhymes with the engine, without calling the model', async () => {
    expect((await h.post(alice.cookie, 'analyze', { text: VERSE })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/lyrics/rhymes?word=money', headers: { cookie: alice.cookie } })).statusCode).toBe(200);
    expect((await h.post(alice.cookie, 'phrases', { text: 'I had a paper plan' })).json().ideas.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(0);
  });
});
