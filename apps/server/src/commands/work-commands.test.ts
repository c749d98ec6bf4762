import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers';
import { createRepositories, createUnitOfWork, type Repositories, type UnitOfWork } from '../repositories/index';
import { createJobQueue } from '../jobs/queue';
import type { Actor } from '../policies/index';
import { startBeatCommand } from './start-beat.command';
import { saveMarketingPlanCommand } from './save-marketing-plan.command';

/**
 * The studio's and marketing's multi-step writes are one transaction each (ADR 051): their last
 * step failing, as a lost connection would, leaves no row behind.
 */
describe.each(dialects)('work commands hold together on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const uow = (): UnitOfWork => createUnitOfWork(database.db.kysely);
  /** A unit of work whose repositories break at `step` (each command's last write). */
  const failingAt = (change: (r: Repositories) => Repositories): UnitOfWork => ({ run: (work) => uow().run((r) => work(change(r))) });
  const lost = () => Promise.reject(new Error('connection lost'));
  const queue = () => createJobQueue(createRepositories(database.db.kysely).jobs);

  async function artistWithConversation(category: string): Promise<{ actor: Actor; conversationId: number }> {
    const repos = createRepositories(database.db.kysely);
    const user = await repos.users.insert({
      username: `u${crypto.randomBytes(5).toString('hex')}`,
      email: `${crypto.randomBytes(5).toString('hex')}@example.com`,
      phone_number: null,
      password_hash: 'x',
      is_admin: 0,
      is_premium: 0,
    });
    const conversation = await repos.conversations.insert({ userId: user.id, title: 'Session', category });
    return { actor: { id: user.id, isAdmin: false, plan: 'free' }, conversationId: conversation.id };
  }
  const count = async (table: 'beats' | 'jobs' | 'conversations' | 'marketing_plans', userId: number) => {
    const db = database.db.kysely;
    if (table === 'marketing_plans') {
      return (await db.selectFrom('marketing_plans').innerJoin('conversations', 'conversations.id', 'marketing_plans.conversation_id').select('marketing_plans.id').where('conversations.user_id', '=', userId).execute()).length;
    }
    return (await db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
  };

  const beatValues = (userId: number, conversationId: number) => ({ user_id: userId, conversation_id: conversationId, title: null, prompt: 'dark trap, 140 bpm', style: 'trap', engine: 'built-in', seed: 7 });

  it('accepting a beat writes the beat, its job and the link together', async () => {
    const { actor, conversationId } = await artistWithConversation('studio');
    const beat = await startBeatCommand({ values: beatValues(actor.id, conversationId) }, { uow: uow(), queue: queue() });
    const stored = await createRepositories(database.db.kysely).beats.findById(beat.id);
    expect(stored?.job_id).not.toBeNull();
    expect({ beats: await count('beats', actor.id), jobs: await count('jobs', actor.id) }).toEqual({ beats: 1, jobs: 1 });
  });

  it('a beat whose last step fails leaves no beat and no job', async () => {
    const { actor, conversationId } = await artistWithConversation('studio');
    const broken = failingAt((r) => ({ ...r, conversations: { ...r.conversations, touch: lost } }));
    await expect(startBeatCommand({ values: beatValues(actor.id, conversationId) }, { uow: broken, queue: queue() })).rejects.toThrow('connection lost');
    expect({ beats: await count('beats', actor.id), jobs: await count('jobs', actor.id) }).toEqual({ beats: 0, jobs: 0 });
  });

  const plan = { track_id: null, song_id: null, title: 'Night Drive', context: 'first single', release_date: '2026-12-18', markdown: '# Plan', quotes: '[]', hashtags: '[]', calendar: '[]', engine: 'built-in', kind: 'built-in' };

  it('a plan without a conversation gets its own, together with the plan', async () => {
    const { actor } = await artistWithConversation('studio');
    const row = await saveMarketingPlanCommand({ actor, plan }, { uow: uow() });
    const conversation = await createRepositories(database.db.kysely).conversations.findById(row.conversation_id);
    expect(conversation).toMatchObject({ user_id: actor.id, title: 'Marketing: Night Drive', category: 'marketing' });
    expect(await count('marketing_plans', actor.id)).toBe(1);
  });

  it('a plan whose last step fails leaves no plan and no empty conversation', async () => {
    const { actor } = await artistWithConversation('studio');
    const before = await count('conversations', actor.id);
    const broken = failingAt((r) => ({ ...r, conversations: { ...r.conversations, touch: lost } }));
    await expect(saveMarketingPlanCommand({ actor, plan }, { uow: broken })).rejects.toThrow('connection lost');
    expect({ conversations: await count('conversations', actor.id), plans: await count('marketing_plans', actor.id) }).toEqual({ conversations: before, plans: 0 });
  });
});
