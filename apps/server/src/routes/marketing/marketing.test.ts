import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { BUILT_IN_MARKETING_PLANNER, MARKETING_MESSAGES, marketingPlanListSchema, marketingPlanSchema, type MarketingPlan } from '@members-only/shared/marketing';
import { addDays } from '@members-only/engines/marketing';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { trackRow } from '../../../test/factories';

const LYRICS = `Rain on the window, neon on the chrome. City never sleeps so I never go home.
Diamonds in the dark, I'm a king on a throne. Rain on the window, neon on the chrome.
I been on the grind all night
trying to get my money right`;

type User = Awaited<ReturnType<typeof registerUser>>;

function helpers(t: () => TestApp) {
  const createPlan = (cookie: string, payload: Record<string, unknown>) =>
    t().app.inject({ method: 'POST', url: '/api/marketing', headers: { cookie }, payload });
  const valid = (extra: Record<string, unknown> = {}) => ({ title: 'Neon Chrome', context: 'Drill fans in London; first editorial playlist', releaseDate: '2027-01-15', ...extra });
  /** A track of the user's with lyrics (and a length), as upload and analysis would leave it. */
  async function track(user: User, values: { transcription?: string | null; duration?: number | null } = {}) {
    const row = await t()
      .db.kysely.insertInto('tracks')
      .values(
        trackRow({
          user_id: user.user.id,
          original_name: 'neon-chrome.wav',
          title: 'neon chrome',
          duration: values.duration === undefined ? 185.4 : values.duration,
          transcription: values.transcription === undefined ? LYRICS : values.transcription,
          transcription_status: 'done',
          transcription_source: 'manual',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const countRows = async (table: 'marketing_plans' | 'conversations') =>
    Number((await t().db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { createPlan, valid, track, countRows };
}

describe.each(dialects)('marketing plans API, built-in planner, on %s', (dialect) => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect, { QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, marketing: 100 } });
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  it('writes a whole plan from the track’s lyrics, saved to a new marketing conversation', async () => {
    const trackId = await h.track(alice);
    const res = await h.createPlan(alice.cookie, h.valid({ trackId }));
    expect(res.statusCode).toBe(201);
    const plan = marketingPlanSchema.parse(res.json());
    expect(plan).toMatchObject({ title: 'Neon Chrome', trackId, releaseDate: '2027-01-15', kind: 'built-in', engine: BUILT_IN_MARKETING_PLANNER, userId: alice.user.id });
    expect(plan.markdown).toMatch(/built-in planner/);
    expect(plan.quotes.length).toBeGreaterThan(2);
    for (const quote of plan.quotes) expect(LYRICS).toContain(quote);
    expect(plan.hashtags).toEqual(expect.arrayContaining(['#neonchrome', '#drill']));
    expect(plan.calendar.find((i) => i.id === 'pitch-deadline')!.offsetDays).toBeLessThanOrEqual(-7);

    const conversation = (await t.app.inject({ url: `/api/conversations/${plan.conversationId}`, headers: { cookie: alice.cookie } })).json();
    expect(conversation).toMatchObject({ category: 'marketing', title: 'Marketing: Neon Chrome', userId: alice.user.id });
    // The first plan starts the light-task process, which loads the planner from the TypeScript
    // sources: about 2 s on a quiet machine, over 20 s in a CI run at load 13 (ADR 068).
  }, 90_000);

  it('saves later plans to the same conversation and lists them newest first to reopen', async () => {
    const first = (await h.createPlan(alice.cookie, h.valid())).json() as MarketingPlan;
    const second = (await h.createPlan(alice.cookie, h.valid({ conversationId: first.conversationId, title: 'Second Single' }))).json() as MarketingPlan;
    expect(second.conversationId).toBe(first.conversationId);
    const list = await t.app.inject({ url: `/api/conversations/${first.conversationId}/marketing-plans`, headers: { cookie: alice.cookie } });
    expect(list.statusCode).toBe(200);
    expect(marketingPlanListSchema.parse(list.json()).map((p) => p.title)).toEqual(['Second Single', 'Neon Chrome']);
    const reopened = await t.app.inject({ url: `/api/marketing-plans/${first.id}`, headers: { cookie: alice.cookie } });
    expect(marketingPlanSchema.parse(reopened.json())).toEqual({ ...first, response: undefined });
  });

  it('without a track writes a plan from the title and notes, and says lyrics would add quotes', async () => {
    const plan = (await h.createPlan(alice.cookie, h.valid())).json() as MarketingPlan;
    expect(plan.quotes).toEqual([]);
    expect(plan.trackId).toBeNull();
    expect(plan.markdown).toMatch(/No lyrics to quote/);
    // It says where it was written from: not "from your lyrics" when there were none.
    expect(plan.markdown).not.toMatch(/from your lyrics/);
    expect(plan.markdown).toMatch(/from the title, your notes and the release date/);
  });

  it('refuses blank inputs with the spec’s message, and bad dates', async () => {
    for (const body of [h.valid({ title: '   ' }), h.valid({ context: ' \n ' })]) {
      const res = await h.createPlan(alice.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(MARKETING_MESSAGES.needsTitleAndContext);
    }
    for (const releaseDate of ['2027-02-30', '15/01/2027', '']) expect((await h.createPlan(alice.cookie, h.valid({ releaseDate }))).statusCode).toBe(400);
  });

  it('answers 404 for someone else’s conversation, track or plan, and 400 for a conversation of another tool', async () => {
    const plansBefore = await h.countRows('marketing_plans');
    const mine = (await h.createPlan(alice.cookie, h.valid())).json() as MarketingPlan;
    const bobsTrack = await h.track(bob);
    expect((await h.createPlan(alice.cookie, h.valid({ trackId: bobsTrack }))).statusCode).toBe(404);
    expect((await h.createPlan(bob.cookie, h.valid({ conversationId: mine.conversationId }))).statusCode).toBe(404);
    for (const url of [`/api/marketing-plans/${mine.id}`, `/api/marketing-plans/${mine.id}/calendar.ics`, `/api/conversations/${mine.conversationId}/marketing-plans`]) {
      const res = await t.app.inject({ url, headers: { cookie: bob.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    const put = await t.app.inject({ method: 'PUT', url: `/api/marketing-plans/${mine.id}/calendar`, headers: { cookie: bob.cookie }, payload: { releaseDate: '2027-03-01', items: [] } });
    expect(put.statusCode).toBe(404);
    const chat = (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: alice.cookie }, payload: { category: 'chat' } })).json();
    expect((await h.createPlan(alice.cookie, h.valid({ conversationId: chat.id }))).statusCode).toBe(400);
    expect(await h.countRows('marketing_plans')).toBe(plansBefore + 1);
  });

  it('keeps the edited calendar, and the .ics follows it: every step a day, re-flowed from the new release date', async () => {
    const plan = (await h.createPlan(alice.cookie, h.valid({ trackId: await h.track(alice) }))).json() as MarketingPlan;
    const items = plan.calendar.filter((i) => i.id !== 'countdown').map((i) => (i.id === 'teaser-2' ? { ...i, offsetDays: -10, title: 'Quote card' } : i));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/marketing-plans/${plan.id}/calendar`,
      headers: { cookie: alice.cookie },
      payload: { releaseDate: '2027-03-05', items },
    });
    expect(put.statusCode).toBe(200);
    expect(marketingPlanSchema.parse(put.json())).toMatchObject({ releaseDate: '2027-03-05', calendar: items });

    const ics = await t.app.inject({ url: `/api/marketing-plans/${plan.id}/calendar.ics`, headers: { cookie: alice.cookie } });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toBe('attachment; filename="neon-chrome-release-calendar.ics"');

    // Parsed back with a calendar library: one all-day event per remaining step, on its date.
    const calendar = new ICAL.Component(ICAL.parse(ics.body));
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/Members Only/);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(items.length);
    const byTitle = new Map(events.map((e) => [e.summary, e]));
    for (const item of items) {
      const event = byTitle.get(`${item.title} (Neon Chrome)`)!;
      expect(event, item.title).toBeDefined();
      expect(event.startDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe(addDays('2027-03-05', item.offsetDays));
      expect(event.endDate.toString()).toBe(addDays('2027-03-05', item.offsetDays + 1));
      expect(event.description).toBe(item.description);
      expect(event.uid).toBe(`marketing-plan-${plan.id}-${item.id}@localhost`);
    }
    expect(byTitle.get('Quote card (Neon Chrome)')!.startDate.toString()).toBe('2027-02-23');
    expect([...byTitle.keys()].some((k) => k.startsWith('Countdown'))).toBe(false);
    const pitch = byTitle.get('Last day for the editorial pitch (Neon Chrome)')!;
    expect(pitch.startDate.toString() <= addDays('2027-03-05', -7)).toBe(true);
  });

  it('moves deadlines off public holidays, sends the holidays with the plan, and the .ics follows (issue 27)', async () => {
    // Release Friday 22 January 2027: delivery 28 days before would be Friday 25 December 2026.
    const res = await h.createPlan(alice.cookie, h.valid({ releaseDate: '2027-01-22' }));
    expect(res.statusCode).toBe(201);
    const plan = marketingPlanSchema.parse(res.json());
    expect(plan.holidays).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
    expect(plan.markdown).toContain('- **Deliver to your distributor by**: Thursday, 24 December 2026 (moved from Friday, 25 December 2026, Christmas Day)');
    const ics = await t.app.inject({ url: `/api/marketing-plans/${plan.id}/calendar.ics`, headers: { cookie: alice.cookie } });
    const events = new ICAL.Component(ICAL.parse(ics.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.find((e) => e.summary.startsWith('Deliver to your distributor'))!.startDate.toString()).toBe('2026-12-24');
    // Teasers are posts, not deadlines: they keep their day.
    expect(events.find((e) => e.summary.startsWith('Countdown'))!.startDate.toString()).toBe('2027-01-21');
  });

  it('recomputes "At a glance" in the saved Markdown when the release date or calendar changes', async () => {
    const plan = marketingPlanSchema.parse((await h.createPlan(alice.cookie, h.valid())).json());
    expect(plan.markdown).toContain('- **Release day**: Friday, 15 January 2027');
    const items = plan.calendar.map((i) => (i.id === 'pitch-deadline' ? { ...i, offsetDays: -10 } : i));
    const put = await t.app.inject({ method: 'PUT', url: `/api/marketing-plans/${plan.id}/calendar`, headers: { cookie: alice.cookie }, payload: { releaseDate: '2027-03-05', items } });
    expect(put.statusCode).toBe(200);
    for (const body of [put.json(), (await t.app.inject({ url: `/api/marketing-plans/${plan.id}`, headers: { cookie: alice.cookie } })).json()]) {
      const saved = marketingPlanSchema.parse(body);
      expect(saved.markdown).toContain('- **Release day**: Friday, 5 March 2027');
      expect(saved.markdown).toContain('- **Deliver to your distributor by**: Friday, 5 February 2027');
      expect(saved.markdown).toContain('- **Pitch to Spotify editorial by**: Tuesday, 23 February 2027 at the latest');
      expect(saved.markdown).not.toContain('15 January 2027');
    }
  });

  it('reads the goals: targets, an EP scheduled per track, places and platforms in the plan (issue 27)', async () => {
    const context = 'I want 10k monthly listeners and 1,000 pre-saves. Fans in Atlanta and London, mostly on TikTok and Instagram. Dropping a 5-track EP.';
    const plan = marketingPlanSchema.parse((await h.createPlan(alice.cookie, h.valid({ context, trackId: await h.track(alice) }))).json());
    expect(plan.markdown).toMatch(/\*\*1,000 pre-saves\*\* by release day/);
    expect(plan.markdown).toMatch(/\*\*10,000 monthly listeners\*\*/);
    expect(plan.calendar.map((i) => i.id)).toEqual(expect.arrayContaining(['focus-track', 'track-2', 'track-5']));
    expect(plan.markdown).toContain('- **Your places**: Atlanta, London');
    expect(plan.markdown).toContain('## On the platforms you named');
    expect(plan.hashtags).toEqual(expect.arrayContaining(['#atlanta', '#atlantarap', '#london']));
    expect(plan.markdown).toMatch(/^> Written by the built-in planner from your lyrics/);
  });

  it('refuses calendars with repeated item ids or offsets out of range', async () => {
    const plan = (await h.createPlan(alice.cookie, h.valid())).json() as MarketingPlan;
    const item = plan.calendar[0]!;
    for (const items of [[item, item], [{ ...item, offsetDays: 400 }]]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/marketing-plans/${plan.id}/calendar`, headers: { cookie: alice.cookie }, payload: { releaseDate: '2027-03-05', items } });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe.each(dialects)('marketing plans quota on %s', (dialect) => {
  let t: TestApp;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp(dialect, { QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, marketing: 2 } });
  });
  afterAll(async () => t?.close());

  it('counts plans against the marketing quota; a spent quota is a 429 that saves nothing', async () => {
    const carol = await registerUser(t.app);
    for (let i = 0; i < 2; i++) expect((await h.createPlan(carol.cookie, h.valid())).statusCode).toBe(201);
    const plans = await h.countRows('marketing_plans');
    const refused = await h.createPlan(carol.cookie, h.valid());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'quota_exceeded', message: expect.stringMatching(/marketing plans/) });
    expect(await h.countRows('marketing_plans')).toBe(plans);
    const quotas = (await t.app.inject({ url: '/api/quotas', headers: { cookie: carol.cookie } })).json();
    expect(quotas.quotas.marketing).toMatchObject({ limit: 2, used: 2, remaining: 0 });
  });
});

describe.each(dialects)('marketing plans with a model on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let dave: User;
  const h = helpers(() => t);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'm', AI_MODEL_MARKETING: 'plan-model' });
    dave = await registerUser(t.app);
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the spec’s prompt (title, m:ss, lyrics broken at sentence ends, context, five instructions) and keeps the Markdown answer', async () => {
    fake.enqueue({ kind: 'reply', text: '## Quotes\n- "Rain on the window"\n\n## Calendar\nWeek 1: tease', model: 'plan-model' });
    const trackId = await h.track(dave);
    const res = await h.createPlan(dave.cookie, h.valid({ trackId }));
    expect(res.statusCode).toBe(201);
    const plan = marketingPlanSchema.parse(res.json());
    expect(plan).toMatchObject({ kind: 'model', engine: 'plan-model', markdown: '## Quotes\n- "Rain on the window"\n\n## Calendar\nWeek 1: tease' });
    // The dated calendar and quotes still come from the planner, so the calendar can be edited and exported.
    expect(plan.calendar.length).toBeGreaterThan(6);
    for (const quote of plan.quotes) expect(LYRICS).toContain(quote);

    const sent = fake.requests[0]!.body;
    expect(sent.model).toBe('plan-model');
    const prompt = (sent.messages as { role: string; content: string }[]).at(-1)!.content;
    expect(prompt).toContain('Song title: Neon Chrome');
    expect(prompt).toContain('Duration: 3:05');
    expect(prompt).toContain('Rain on the window, neon on the chrome.\nCity never sleeps so I never go home.\nDiamonds in the dark');
    expect(prompt).toContain('Drill fans in London; first editorial playlist');
    expect(prompt.split('\n').filter((l) => /^[1-5]\. /.test(l))).toHaveLength(5);
    expect((sent.messages as { role: string }[])[0]!.role).toBe('system');
  });

  it.each([
    ['a server error', { kind: 'status', status: 500 } as const, 503],
    ['a refused key', { kind: 'status', status: 401 } as const, 502],
    ['a cut-off reply', { kind: 'reply', text: '## Plan\nWeek 1', finishReason: 'length' } as const, 502],
  ])('on %s saves nothing, creates no conversation and gives the quota back', async (_what, behaviour, status) => {
    fake.enqueue(behaviour, behaviour);
    const before = { plans: await h.countRows('marketing_plans'), conversations: await h.countRows('conversations') };
    const used = (await t.app.inject({ url: '/api/quotas', headers: { cookie: dave.cookie } })).json().quotas.marketing.used;
    const res = await h.createPlan(dave.cookie, h.valid());
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    if (behaviour.kind === 'status') expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    expect({ plans: await h.countRows('marketing_plans'), conversations: await h.countRows('conversations') }).toEqual(before);
    expect((await t.app.inject({ url: '/api/quotas', headers: { cookie: dave.cookie } })).json().quotas.marketing.used).toBe(used);
  });
});
