import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi } from '../../../test/fake-openai';

const VERSE = 'I been on the grind since the sun came up\nGot my people with me and we never give up';

describe.each(dialects)('plan quotas on %s', (dialect) => {
  let t: TestApp | undefined;
  let fakeModel: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await fakeModel?.close();
    fakeModel = undefined;
  });
  /** Lyric suggestions and feedback spend the quota only when a model writes them (ADR 035). */
  const withModel = async () => {
    fakeModel = await startFakeOpenAi();
    return { AI_BASE_URL: fakeModel.baseUrl, AI_MODEL: 'quota-model' };
  };

  it('reports the plan and every quota, and needs a sign-in', async () => {
    t = await createTestApp(dialect);
    expect((await t.app.inject({ url: '/api/quotas' })).statusCode).toBe(401);
    await registerUser(t.app); // the admin
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ url: '/api/quotas', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plan).toBe('free');
    expect(body.quotas.chat).toMatchObject({ kind: 'chat', limit: DEFAULT_QUOTAS.free.chat, used: 0, remaining: DEFAULT_QUOTAS.free.chat });
    expect(Object.keys(body.quotas).sort()).toEqual(['beat', 'chat', 'cover', 'lyrics', 'marketing', 'review']);
    const resetsAt = new Date(body.quotas.chat.resetsAt);
    expect(resetsAt.getUTCHours()).toBe(0);
    expect(resetsAt.getTime()).toBeGreaterThan(Date.now());
    expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it('lets exactly the limit through when requests arrive in parallel, then answers 429 naming the quota', async () => {
    t = await createTestApp(dialect, { ...(await withModel()), QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, lyrics: 3 } });
    const app = t.app;
    await registerUser(app);
    const { cookie } = await registerUser(app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'POST', url: '/api/lyrics/suggestions', headers: { cookie }, payload: { text: VERSE } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(7);
    const body = refused[0]!.json();
    expect(body.code).toBe('quota_exceeded');
    expect(body.message).toMatch(/today's 3 lyric suggestions and feedback/);
    expect(body.message).toMatch(/reset in/);
    expect(body.quota).toMatchObject({ kind: 'lyrics', limit: 3, remaining: 0 });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);

    const status = (await app.inject({ url: '/api/quotas', headers: { cookie } })).json();
    expect(status.quotas.lyrics).toMatchObject({ used: 3, remaining: 0 });
    // Feedback draws on the same quota.
    const feedback = await app.inject({ method: 'POST', url: '/api/lyrics/feedback', headers: { cookie }, payload: { text: `${VERSE}\n${VERSE}` } });
    expect(feedback.statusCode).toBe(429);
    // Live analysis and rhyme look-ups are not generations and stay free.
    expect((await app.inject({ method: 'POST', url: '/api/lyrics/analyze', headers: { cookie }, payload: { text: VERSE } })).statusCode).toBe(200);
  });

  it('counts per user: another artist still has a full quota', async () => {
    t = await createTestApp(dialect, { ...(await withModel()), QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, lyrics: 1 } });
    await registerUser(t.app);
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const send = (cookie: string) => t!.app.inject({ method: 'POST', url: '/api/lyrics/suggestions', headers: { cookie }, payload: { text: VERSE } });
    expect((await send(a.cookie)).statusCode).toBe(200);
    expect((await send(a.cookie)).statusCode).toBe(429);
    expect((await send(b.cookie)).statusCode).toBe(200);
  });

  it('gives Premium members their plan’s limits', async () => {
    t = await createTestApp(dialect, { ...(await withModel()), QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, lyrics: 1 }, QUOTAS_PREMIUM: { ...DEFAULT_QUOTAS.premium, lyrics: 2 } });
    await registerUser(t.app);
    const member = await registerUser(t.app);
    await sql`update users set is_premium = ${dialect === 'postgres' ? sql`true` : sql`1`} where id = ${member.user.id}`.execute(t.db.kysely);
    const status = (await t.app.inject({ url: '/api/quotas', headers: { cookie: member.cookie } })).json();
    expect(status.plan).toBe('premium');
    expect(status.quotas.lyrics.limit).toBe(2);
    const send = () => t!.app.inject({ method: 'POST', url: '/api/lyrics/suggestions', headers: { cookie: member.cookie }, payload: { text: VERSE } });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });

  it('refuses a quota the plan does not include, and a refused request uses nothing', async () => {
    t = await createTestApp(dialect, { QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, chat: 0, lyrics: 2 } });
    await registerUser(t.app);
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/ai/text', headers: { cookie }, payload: { prompt: 'How do royalties work?', type: 'chat' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Your plan does not include chat messages.');
    // Invalid input is refused before the quota is touched.
    const invalid = await t.app.inject({ method: 'POST', url: '/api/lyrics/suggestions', headers: { cookie }, payload: { text: '   ' } });
    expect(invalid.statusCode).toBe(400);
    const status = (await t.app.inject({ url: '/api/quotas', headers: { cookie } })).json();
    expect(status.quotas.lyrics.used).toBe(0);
    expect(status.quotas.chat).toMatchObject({ limit: 0, remaining: 0 });
  });

  it('counts streamed chat replies and refuses the next one as JSON before any stream starts', async () => {
    t = await createTestApp(dialect, { QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, chat: 1 } });
    await registerUser(t.app);
    const { cookie } = await registerUser(t.app);
    const conversation = (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { category: 'chat' } })).json();
    const url = `/api/conversations/${conversation.id}/messages/stream`;
    const first = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { content: 'How do I register my songs for royalties?' } });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('event: done');
    const second = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { content: 'And publishing?' } });
    expect(second.statusCode).toBe(429);
    expect(second.headers['content-type']).toMatch(/application\/json/);
    expect(second.json().code).toBe('quota_exceeded');
    const messages = (await t.app.inject({ url: `/api/conversations/${conversation.id}/messages`, headers: { cookie } })).json();
    expect(messages).toHaveLength(2); // the refused message was not saved
  });

  it('gives the unit back when the model fails, streamed or not', async () => {
    const fake = await startFakeOpenAi();
    try {
      t = await createTestApp(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'quota-model', AI_TIMEOUT_SECONDS: 2, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, chat: 2 } });
      await registerUser(t.app);
      const { cookie } = await registerUser(t.app);
      const conversation = (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { category: 'chat' } })).json();
      fake.enqueue({ kind: 'status', status: 500 }, { kind: 'status', status: 503 });
      const plain = await t.app.inject({ method: 'POST', url: `/api/conversations/${conversation.id}/messages`, headers: { cookie }, payload: { content: 'Hello?' } });
      expect(plain.statusCode).toBeGreaterThanOrEqual(502);
      const streamed = await t.app.inject({ method: 'POST', url: `/api/conversations/${conversation.id}/messages/stream`, headers: { cookie }, payload: { content: 'Hello again?' } });
      expect(streamed.body).toContain('event: error');
      const status = (await t.app.inject({ url: '/api/quotas', headers: { cookie } })).json();
      expect(status.quotas.chat).toMatchObject({ used: 0, remaining: 2 });
    } finally {
      await fake.close();
    }
  });
});
