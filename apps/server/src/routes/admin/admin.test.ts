import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminServicesSchema, type AdminServices, type ServiceId, type ServiceStatus } from '@members-only/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { startFakeStt } from '../../../test/fake-stt';
import type { AppEnv } from '../../app';
import { createAdminService, endpointName } from '../../services/admin.service';

type Registered = Awaited<ReturnType<typeof registerUser>>;
const KEY = 'sk-admin-test-0123456789abcdef';

/** GET /api/admin/services as `cookie`, checked against the shared schema the web app uses. */
async function services(t: TestApp, cookie: string): Promise<{ body: string; data: AdminServices; byId: (id: ServiceId) => ServiceStatus }> {
  const res = await t.app.inject({ url: '/api/admin/services', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  const data = adminServicesSchema.parse(res.json());
  return { body: res.body, data, byId: (id) => data.services.find((s) => s.id === id)! };
}

describe.each(dialects)('GET /api/admin/services on %s', (dialect) => {
  describe('with nothing connected', () => {
    let t: TestApp;
    let admin: Registered;
    let member: Registered;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = await registerUser(t.app);
      member = await registerUser(t.app);
    });
    afterAll(async () => t?.close());

    it('is for admins only', async () => {
      expect((await t.app.inject({ url: '/api/admin/services' })).statusCode).toBe(401);
      const denied = await t.app.inject({ url: '/api/admin/services', headers: { cookie: member.cookie } });
      expect(denied.statusCode).toBe(403);
      expect(denied.body).not.toMatch(/AI_|STT_/);
    });

    it('lists every service with its built-in engine, the settings to set, and checks the disk and database', async () => {
      const { data, byId } = await services(t, admin.cookie);
      expect(data.services.map((s) => s.id)).toEqual([
        'text',
        'text.chat',
        'text.lyrics',
        'text.coverart',
        'text.marketing',
        'text.review',
        'speech',
        'image',
        'music',
        'storage',
        'database',
        'payments',
      ]);
      expect(byId('image')).toMatchObject({ configured: false, reachable: null, engine: expect.stringContaining('Built-in cover renderer') });
      expect(byId('image').settings.map((s) => s.name)).toEqual(['IMAGE_BASE_URL', 'IMAGE_MODEL', 'IMAGE_API_KEY', 'IMAGE_TIMEOUT_SECONDS']);
      expect(byId('music')).toMatchObject({ configured: false, reachable: null, engine: expect.stringContaining('Built-in beat engine') });
      expect(byId('text')).toMatchObject({ configured: false, reachable: null, engine: expect.stringContaining('Built-in guide') });
      expect(byId('text').settings.map((s) => [s.name, s.set])).toEqual([
        ['AI_BASE_URL', false],
        ['AI_MODEL', false],
        ['AI_API_KEY', false],
        ['AI_TIMEOUT_SECONDS', true],
      ]);
      expect(byId('text.chat')).toMatchObject({ configured: false, engine: 'Built-in guide', reachable: null });
      expect(byId('text.lyrics')).toMatchObject({ configured: false, engine: 'Built-in rhyme finder', reachable: null });
      // Each tool names what really answers it without a model, not the chat's guide (issue 24).
      expect(byId('text.coverart')).toMatchObject({ configured: false, engine: 'Built-in cover concept' });
      expect(byId('text.marketing')).toMatchObject({ configured: false, engine: 'Built-in release planner' });
      expect(byId('text.review')).toMatchObject({ configured: false, engine: 'Built-in reviewer' });
      expect(byId('text.review').settings).toEqual([expect.objectContaining({ name: 'AI_MODEL_REVIEW', set: false })]);
      expect(byId('speech')).toMatchObject({ configured: false, reachable: null });
      expect(byId('speech').settings.map((s) => s.name)).toEqual(['STT_BASE_URL', 'STT_MODEL', 'STT_API_KEY', 'STT_TIMEOUT_SECONDS']);
      expect(byId('storage')).toMatchObject({ configured: true, reachable: true, engine: expect.stringMatching(/^Local disk: .*uploads$/) });
      expect(byId('database')).toMatchObject({
        reachable: true,
        engine: dialect === 'postgres' ? 'PostgreSQL' : expect.stringContaining('SQLite'),
        settings: [expect.objectContaining({ name: 'DATABASE_URL', set: dialect === 'postgres' })],
      });
      expect(Date.parse(data.checkedAt)).not.toBeNaN();
    });
  });

  describe('with a model and speech-to-text connected', () => {
    let fake: FakeOpenAi;
    let stt: Awaited<ReturnType<typeof startFakeStt>>;
    let t: TestApp;
    let admin: Registered;
    const env = (): Partial<AppEnv> => ({
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'studio-model',
      AI_MODEL_REVIEW: 'review-model',
      AI_API_KEY: KEY,
      AI_TIMEOUT_SECONDS: 1,
      STT_BASE_URL: stt.baseUrl,
      STT_MODEL: 'whisper-test',
    });
    beforeAll(async () => {
      fake = await startFakeOpenAi();
      stt = await startFakeStt();
      t = await createTestApp(dialect, env());
      admin = await registerUser(t.app);
    });
    afterEach(() => fake.reset());
    afterAll(async () => {
      await t?.close();
      await fake?.close();
      await stt?.close();
    });

    it('reaches the model endpoint with the key (GET /models), says which models it lists, and never shows the key', async () => {
      fake.setModels({ kind: 'list', models: ['studio-model', 'other-model'] });
      fake.requireKey(KEY);
      const { body, byId } = await services(t, admin.cookie);

      const asked = fake.requests.filter((r) => r.path === '/v1/models');
      expect(asked).toHaveLength(1);
      expect(asked[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(body).not.toContain(KEY);
      expect(body).not.toContain(KEY.slice(-4));

      const host = new URL(fake.baseUrl).host;
      expect(byId('text')).toMatchObject({ configured: true, reachable: true, engine: `studio-model at ${host}/v1` });
      expect(byId('text').detail).toMatch(/^Answered in \d+ ms and lists studio-model\.$/);
      expect(byId('text').settings.find((s) => s.name === 'AI_API_KEY')).toEqual(expect.objectContaining({ set: true }));
      // A tool without its own model uses the text model; one with its own says whether the endpoint has it.
      expect(byId('text.chat')).toMatchObject({ configured: false, reachable: true, engine: 'studio-model (the text model)' });
      expect(byId('text.review')).toMatchObject({ configured: true, reachable: true, engine: 'review-model' });
      expect(byId('text.review').detail).toContain('does not list review-model');

      expect(byId('speech')).toMatchObject({ configured: true, reachable: true, engine: `whisper-test at ${new URL(stt.baseUrl).host}/v1` });
    });

    it('says a turned-down key without repeating what the endpoint said (OpenAI quotes part of the key)', async () => {
      fake.requireKey('sk-a-different-key');
      const { body, byId } = await services(t, admin.cookie);
      expect(byId('text')).toMatchObject({ reachable: false, detail: 'Answered 401: the key was turned down.' });
      expect(body).not.toContain(KEY.slice(-4));
      expect(body).not.toMatch(/Incorrect API key/);
    });

    it('gives up on an endpoint that does not answer within the time limit', async () => {
      fake.setModels({ kind: 'hang' });
      const started = Date.now();
      const { byId } = await services(t, admin.cookie);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(byId('text')).toMatchObject({ reachable: false, detail: 'No answer within 1 s.' });
      expect(byId('text.lyrics')).toMatchObject({ reachable: false });
    });

    it('reports a service error as unreachable', async () => {
      fake.setModels({ kind: 'status', status: 503 });
      const { byId } = await services(t, admin.cookie);
      expect(byId('text')).toMatchObject({ reachable: false, detail: 'Answered 503: the service has a problem.' });
    });
  });
});

describe('services overview checks', () => {
  it('reports an endpoint nobody listens on as unreachable', async () => {
    // A port that was free a moment ago.
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const t = await createTestApp('sqlite', { STT_BASE_URL: `http://127.0.0.1:${port}/v1` });
    try {
      const admin = await registerUser(t.app);
      const { byId } = await services(t, admin.cookie);
      expect(byId('speech')).toMatchObject({ configured: true, reachable: false, detail: 'Could not connect (the address is wrong, or the service is down).' });
    } finally {
      await t.close();
    }
  });

  it('bounds a storage or database check that hangs or fails', async () => {
    const admin = createAdminService({
      installation: {
        settings: { AI_TIMEOUT_SECONDS: 60, STT_MODEL: 'whisper-1', STT_TIMEOUT_SECONDS: 300 },
        dialect: 'postgres',
        probeModels: () => Promise.reject(new Error('not called')),
        pingDatabase: () => new Promise(() => {}),
        storage: { engine: 'Local disk: /nowhere', check: () => Promise.reject(new Error('EACCES')) },
        timeoutMs: 50,
      },
    });
    const { services: list } = await admin.listServices({ id: 1, isAdmin: true, plan: 'free' });
    expect(list.find((s) => s.id === 'storage')).toMatchObject({ reachable: false, detail: 'Files cannot be written there.' });
    expect(list.find((s) => s.id === 'database')).toMatchObject({ reachable: false, detail: 'Did not answer: no answer within 0.05 s.' });
    await expect(admin.listServices({ id: 2, isAdmin: false, plan: 'free' })).rejects.toMatchObject({ statusCode: 403 });
  });

  it('names an endpoint by host and path, without credentials or a query', () => {
    expect(endpointName('https://user:secret@api.example.com/v1/?api-key=abc')).toBe('api.example.com/v1');
  });
});
