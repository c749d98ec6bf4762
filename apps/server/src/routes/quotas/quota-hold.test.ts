import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotaKind } from '@members-only/shared';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, waitFor, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { startFakeImages } from '../../../test/fake-images';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * The refund rule (ADR 031): a generation's unit is spent when the work is accepted and comes back
 * only when the work fails. A client that disconnects keeps its work running and its unit spent,
 * and the result lands in its list (issue 23: "8 early disconnects give 8 beats with 0 of 5 used").
 */
describe.each(dialects)('quota units that cannot be dodged on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let images: Awaited<ReturnType<typeof startFakeImages>>;
  let port: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    images = await startFakeImages();
    t = await createTestApp(dialect, {
      WORKERS: 1,
      QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 2, cover: 1, marketing: 1 },
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'm',
      IMAGE_BASE_URL: images.baseUrl,
      IMAGE_MODEL: 'image-test',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    await registerUser(t.app); // the admin
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await images?.close();
  });

  const used = async (user: User, kind: QuotaKind) => (await t.app.inject({ url: '/api/quotas', headers: { cookie: user.cookie } })).json().quotas[kind].used as number;

  /** A real client on a real socket that sends the request and hangs up once `accepted` holds. */
  async function postAndHangUp(user: User, url: string, payload: unknown, accepted: () => Promise<boolean>) {
    const body = JSON.stringify(payload);
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: url, agent: false, headers: { cookie: user.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const answered = new Promise<number | 'hung up'>((resolve) => {
      request.on('response', (res) => resolve(res.statusCode ?? 0));
      request.on('error', () => resolve('hung up'));
      request.on('close', () => resolve('hung up'));
    });
    request.end(body);
    await waitFor(accepted, (ok) => ok, 10_000);
    request.destroy();
    return answered;
  }

  it('beats: clients that hang up right after the start keep their beats and spend their units', async () => {
    const alice = await registerUser(t.app);
    const listed = async () => (await t.app.inject({ url: '/api/studio/music', headers: { cookie: alice.cookie } })).json() as { id: number; status: string }[];
    for (let i = 1; i <= 2; i++) {
      const outcome = await postAndHangUp(alice, '/api/studio/generate', { prompt: 'dark trap 140 bpm, 8 seconds', model: 'trap' }, async () => (await listed()).length === i);
      expect(outcome).toBe('hung up');
    }
    // Both jobs run to the end and their beats are in the library; both units stay spent.
    const beats = await waitFor(listed, (list) => list.length === 2 && list.every((b) => b.status === 'done'), 60_000);
    expect(beats).toHaveLength(2);
    expect(await used(alice, 'beat')).toBe(2);
    const over = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: { prompt: 'one more', model: 'rap' } });
    expect(over.statusCode).toBe(429);
    expect(await listed()).toHaveLength(2);
  }, 90_000);

  it('covers: a client that hangs up while the image is drawn gets its cover in the list and its unit spent', async () => {
    const bob = await registerUser(t.app);
    images.enqueue({ delayMs: 1500 });
    const drawing = images.requests.length;
    const outcome = await postAndHangUp(bob, '/api/coverarts', { prompt: 'neon city at night', title: 'Neon Chrome' }, async () => images.requests.length > drawing);
    expect(outcome).toBe('hung up');
    const covers = await waitFor(async () => (await t.app.inject({ url: '/api/coverarts', headers: { cookie: bob.cookie } })).json() as { title: string }[], (list) => list.length === 1, 20_000);
    expect(covers[0]).toMatchObject({ title: 'Neon Chrome' });
    expect(await used(bob, 'cover')).toBe(1);
  }, 30_000);

  it('plans: a client that hangs up while the plan is written gets it in its list and its unit spent', async () => {
    const carol = await registerUser(t.app);
    const conversation = (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: carol.cookie }, payload: { title: 'Marketing', category: 'marketing' } })).json() as { id: number };
    fake.enqueue({ kind: 'reply', text: '## Quotes\n- "Rain on the window"\n\n## Calendar\nWeek 1: tease', delayMs: 1500 });
    const asked = fake.requests.length;
    const payload = { title: 'Neon Chrome', context: 'Drill fans in London', releaseDate: '2027-03-15', conversationId: conversation.id };
    const outcome = await postAndHangUp(carol, '/api/marketing', payload, async () => fake.requests.length > asked);
    expect(outcome).toBe('hung up');
    const plans = await waitFor(
      async () => (await t.app.inject({ url: `/api/conversations/${conversation.id}/marketing-plans`, headers: { cookie: carol.cookie } })).json() as { title: string }[],
      (list) => list.length === 1,
      20_000,
    );
    expect(plans[0]).toMatchObject({ title: 'Neon Chrome' });
    expect(await used(carol, 'marketing')).toBe(1);
  }, 30_000);

  it('a generation that fails gives its unit back, also when its client has gone', async () => {
    const dave = await registerUser(t.app);
    images.enqueue({ delayMs: 800, status: 500 });
    const drawing = images.requests.length;
    const outcome = await postAndHangUp(dave, '/api/coverarts', { prompt: 'neon city at night', title: 'Neon Chrome' }, async () => images.requests.length > drawing);
    expect(outcome).toBe('hung up');
    expect(await used(dave, 'cover')).toBe(1);
    await waitFor(() => used(dave, 'cover'), (n) => n === 0, 10_000);
    expect((await t.app.inject({ url: '/api/coverarts', headers: { cookie: dave.cookie } })).json()).toEqual([]);
  }, 30_000);
});
