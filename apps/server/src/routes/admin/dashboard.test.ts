import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverviewSchema, adminLyricsPageSchema, adminTracksPageSchema, adminUserDetailSchema, adminUsersPageSchema, auditPageSchema } from '@members-only/shared';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { trackRow } from '../../../test/factories';
import { neutralizeCell } from '../../presenters/admin.presenter';

type Registered = Awaited<ReturnType<typeof registerUser>>;

/** 10,000 artists written straight to the database, in batches, with predictable names. */
async function seedUsers(t: TestApp, count: number) {
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => {
      const i = from + k;
      const name = `seed${String(i).padStart(5, '0')}`;
      // One in a hundred has a 555 phone number, so a search has a known answer.
      const created = new Date(start + i * 60_000).toISOString();
      return {
        username: name,
        username_key: name,
        email: `${name}@seed.example`,
        email_key: `${name}@seed.example`,
        phone_number: i % 100 === 0 ? `+1 555 01${String(i).padStart(5, '0')}` : null,
        password_hash: 'not-a-real-hash',
        is_admin: t.db.dialect === 'postgres' ? (false as never) : (0 as never),
        is_premium: t.db.dialect === 'postgres' ? (false as never) : (0 as never),
        created_at: created,
        updated_at: created,
      };
    });
    await t.db.kysely.insertInto('users').values(rows).execute();
  }
}

describe.each(dialects)('admin dashboard API on %s', (dialect) => {
  let t: TestApp;
  let admin: Registered;
  let member: Registered;
  const get = (url: string, cookie = admin.cookie) => t.app.inject({ url, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await registerUser(t.app, { username: 'boss' });
    member = await registerUser(t.app, { username: 'mcflow', phoneNumber: '+1 212 555 7700' });
    await seedUsers(t, 10_000);
  }, 120_000);
  afterAll(async () => t?.close());

  it('every admin endpoint: 401 anonymous, 403 members, 200 admins', async () => {
    for (const url of ['/api/admin/users', '/api/admin/tracks', '/api/admin/lyrics', '/api/admin/audit', `/api/admin/users/${member.user.id}`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await get(url, member.cookie)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('pages, sorts and searches users on the server', async () => {
    const first = adminUsersPageSchema.parse((await get('/api/admin/users?limit=20&sort=username&order=asc')).json());
    expect(first.total).toBe(10_002);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].username).toBe('boss');
    expect(first.items[1].username).toBe('mcflow');
    expect(first.items[2].username).toBe('seed00000');

    const deep = adminUsersPageSchema.parse((await get('/api/admin/users?limit=5&offset=5002&sort=username&order=asc')).json());
    expect(deep.items.map((u) => u.username)).toEqual(['seed05000', 'seed05001', 'seed05002', 'seed05003', 'seed05004']);

    // Newest first by default: the two registered just now come before every seeded row.
    const newest = adminUsersPageSchema.parse((await get('/api/admin/users?limit=3')).json());
    expect(newest.items.map((u) => u.username)).toEqual(['mcflow', 'boss', 'seed09999']);

    const phones = adminUsersPageSchema.parse((await get('/api/admin/users?q=555%2001&limit=200')).json());
    expect(phones.total).toBe(100);
    expect(phones.items.every((u) => u.phoneNumber?.includes('555 01'))).toBe(true);

    const byEmail = adminUsersPageSchema.parse((await get('/api/admin/users?q=SEED0999')).json());
    expect(byEmail.total).toBe(10);
    // LIKE wildcards are plain characters in a search.
    expect(adminUsersPageSchema.parse((await get('/api/admin/users?q=%25')).json()).total).toBe(0);
    expect(adminUsersPageSchema.parse((await get('/api/admin/users?q=seed_0')).json()).total).toBe(0);
  });

  it('refuses bad list parameters with a 400 naming the problem', async () => {
    for (const [query, message] of [
      ['sort=password_hash', /Sort by one of/],
      ['order=sideways', /Order must be asc or desc/],
      ['limit=0', /whole number/],
      ['limit=1e2', /whole number/],
    ] as const) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('lists tracks with their owner and lyrics with their writer, searchable', async () => {
    const conversation = await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: member.cookie }, payload: { category: 'lyrics' } });
    const conversationId = conversation.json().id as number;
    for (const [position, content] of ['=HYPERLINK("http://x.test","click")', 'late nights in the booth'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/lyrics`,
        headers: { cookie: member.cookie },
        payload: { content, position },
      });
      expect(res.statusCode).toBe(201);
    }
    const lyrics = adminLyricsPageSchema.parse((await get('/api/admin/lyrics?q=booth')).json());
    expect(lyrics.total).toBe(1);
    expect(lyrics.items[0]).toMatchObject({ username: 'mcflow', userId: member.user.id, conversationId, content: 'late nights in the booth', position: 1 });

    const tracks = adminTracksPageSchema.parse((await get('/api/admin/tracks')).json());
    expect(tracks).toMatchObject({ items: [], total: 0 });
  });

  it('exports a list as streamed CSV with a header row, formulas neutralised, and audits it', async () => {
    const before = auditPageSchema.parse((await get('/api/admin/audit')).json()).total;
    const res = await get('/api/admin/export/lyrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lyrics-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual(['id', 'userId', 'username', 'conversationId', 'content', 'position', 'createdAt']);
    const contents = rows.slice(1).map((r) => r[4]);
    // The formula comes out as text: a spreadsheet shows it, it does not run it.
    expect(contents).toEqual([`'=HYPERLINK("http://x.test","click")`, 'late nights in the booth']);

    const users = await get('/api/admin/export/users?q=seed0010');
    const userRows = parse(users.body) as string[][];
    expect(userRows).toHaveLength(11);
    expect(userRows[1].slice(0, 3)).toEqual([expect.any(String), 'seed00100', 'seed00100@seed.example']);
    // The phone number of a seeded row starts with "+": written as text too.
    expect(userRows[1][3]).toBe("'+1 555 0100100");

    const audit = auditPageSchema.parse((await get('/api/admin/audit')).json());
    expect(audit.total).toBe(before + 2);
    expect(audit.items.slice(0, 2)).toEqual([
      expect.objectContaining({ actor: 'boss', action: 'export', subject: 'users', rowCount: 10 }),
      expect.objectContaining({ actor: 'boss', action: 'export', subject: 'lyrics', rowCount: 2 }),
    ]);
  });

  it('streams a large export without reading it whole: 10,002 users', async () => {
    const res = await get('/api/admin/export/users');
    const rows = parse(res.body) as string[][];
    expect(rows).toHaveLength(10_003);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(10_002);
  });

  it('grants and revokes membership and admin rights, each change audited; an admin keeps their own rights', async () => {
    const patch = (id: number, payload: object, cookie = admin.cookie) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie }, payload });

    const granted = await patch(member.user.id, { isPremium: true });
    expect(granted.statusCode).toBe(200);
    expect(adminUserDetailSchema.parse(granted.json()).user).toMatchObject({ username: 'mcflow', isPremium: true, isAdmin: false });
    // The member's own view follows at once.
    expect((await get('/api/user', member.cookie)).json().isPremium).toBe(true);
    // Granting again changes nothing and is not audited twice.
    expect((await patch(member.user.id, { isPremium: true })).statusCode).toBe(200);
    expect((await patch(member.user.id, { isAdmin: true, isPremium: false })).statusCode).toBe(200);

    const audit = auditPageSchema.parse((await get('/api/admin/audit?limit=3')).json());
    expect(audit.items.map((e) => [e.action, e.subject, e.actor])).toEqual([
      ['revoke-premium', 'mcflow', 'boss'],
      ['grant-admin', 'mcflow', 'boss'],
      ['grant-premium', 'mcflow', 'boss'],
    ]);

    const self = await patch(admin.user.id, { isAdmin: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot remove your own admin rights.');
    expect((await patch(999_999, { isPremium: true })).statusCode).toBe(404);
    expect((await patch(member.user.id, {})).statusCode).toBe(400);
    expect((await patch(member.user.id, { isPremium: 'yes' })).statusCode).toBe(400);
    // mcflow is an admin now; take it back so later tests see a member.
    expect((await patch(member.user.id, { isAdmin: false })).statusCode).toBe(200);
  });

  it('sums up the installation: members, sign-ups and generations per day, jobs, storage; a failed job can be retried', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await t.db.kysely
      .insertInto('quota_usage')
      .values([
        { user_id: member.user.id, kind: 'chat', day: today, used: 3 },
        { user_id: admin.user.id, kind: 'chat', day: today, used: 2 },
        { user_id: member.user.id, kind: 'review', day: today, used: 1 },
      ])
      .execute();
    const now = new Date().toISOString();
    const failed = await t.db.kysely
      .insertInto('jobs')
      .values({ type: 'track.analyze', payload: '{"trackId":999999}', user_id: member.user.id, status: 'failed', max_attempts: 3, run_at: now, last_error: 'decoder gave up', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const overview = adminOverviewSchema.parse(res.json());
    // The seeded artists joined in 2025; the two registered here joined today.
    expect(overview.users).toMatchObject({ total: 10_002, admins: 1, newLast7Days: 2 });
    expect(overview.days).toHaveLength(14);
    const last = overview.days.at(-1)!;
    expect(last).toMatchObject({ day: today, signups: 2 });
    expect(last.generations).toMatchObject({ chat: 5, review: 1, cover: 0, beat: 0 });
    expect(overview.days[0].signups).toBe(0);
    expect(overview.jobs).toMatchObject({ failed: 1, recentFailures: [expect.objectContaining({ id: failed.id, error: 'decoder gave up' })] });
    expect(overview.storage).toEqual({ trackFiles: 0, trackBytes: 0 });

    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${failed.id}/retry`, headers: { cookie: admin.cookie } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id: failed.id, status: 'queued' });
    expect(adminOverviewSchema.parse((await get('/api/admin/overview')).json()).jobs.failed).toBe(0);
    // Nothing left to retry.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${failed.id}/retry`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });

  it("shows a user's storage use against their plan's allowance in the detail", async () => {
    const artist = await registerUser(t.app);
    const before = adminUserDetailSchema.parse((await get(`/api/admin/users/${artist.user.id}`)).json());
    expect(before.storage).toEqual({ usedBytes: 0, limitBytes: 500 * 1024 * 1024 });
    await t.db.kysely
      .insertInto('tracks')
      .values(trackRow({ user_id: artist.user.id, original_name: 'big.wav', title: 'Big', size_bytes: 3_000_000 }))
      .execute();
    const after = adminUserDetailSchema.parse((await get(`/api/admin/users/${artist.user.id}`)).json());
    expect(after.storage).toEqual({ usedBytes: 3_000_000, limitBytes: 500 * 1024 * 1024 });
  });

  it("shows each user's payout methods by count and last 4 digits only, in the list, the detail and the export", async () => {
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/payment-methods', headers: { cookie: member.cookie }, payload });
    expect((await add({ type: 'card', accountName: 'MC Flow', accountNumber: '4111111111111111', bankName: 'Chase', cardType: 'visa', expiryDate: '12/39' })).statusCode).toBe(201);
    expect((await add({ type: 'bank_account', accountType: 'savings', accountName: 'MC Flow', accountNumber: '000123456789', bankName: 'Credit Union', isDefault: false })).statusCode).toBe(201);

    const list = adminUsersPageSchema.parse((await get('/api/admin/users?q=mcflow')).json());
    expect(list.items[0]).toMatchObject({ hasPaymentMethod: true, paymentMethodCount: 2, paymentMethods: 'Visa ending 1111 (default); Savings account ending 6789' });
    const detail = adminUserDetailSchema.parse((await get(`/api/admin/users/${member.user.id}`)).json());
    expect(detail.user.paymentMethodCount).toBe(2);
    const csv = (await get('/api/admin/export/users?q=mcflow')).body;
    expect(csv).toContain('Visa ending 1111 (default); Savings account ending 6789');
    for (const body of [csv, JSON.stringify(list), JSON.stringify(detail)]) {
      expect(body).not.toContain('4111111111111111');
      expect(body).not.toContain('000123456789');
    }
    const none = adminUsersPageSchema.parse((await get('/api/admin/users?q=boss')).json()).items[0];
    expect(none).toMatchObject({ hasPaymentMethod: false, paymentMethodCount: 0, paymentMethods: '' });
  });

  it('shows one user with their counts, latest tracks and earnings balance', async () => {
    const cover = await t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: member.cookie }, payload: { prompt: 'A dark city at night', title: 'Night Shift' } });
    expect(cover.statusCode, cover.body).toBe(201);
    const earning = { amountMinor: 4_250, currency: 'USD', source: 'DistroKid', period: '2026-09' };
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.user.id}/earnings`, headers: { cookie: admin.cookie }, payload: earning })).statusCode).toBe(201);

    const detail = adminUserDetailSchema.parse((await get(`/api/admin/users/${member.user.id}`)).json());
    expect(detail.user).toMatchObject({ username: 'mcflow', phoneNumber: '+1 212 555 7700', trackCount: 0, recentTrackFilename: null });
    expect(detail.counts).toEqual({ tracks: 0, lyrics: 2, conversations: 2, coverArts: 1, beats: 0 });
    expect(detail.balances).toEqual([{ currency: 'USD', earnedMinor: 4_250, paidMinor: 0, pendingMinor: 0, balanceMinor: 4_250 }]);
    expect((await get('/api/admin/users/999999')).statusCode).toBe(404);
    // A cover is rendered: 14 s in a CI run at load 13.
  }, 60_000);

  it("lists the earnings ledger's changes in the Audit log with the artist, a signed amount and its currency", async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });
    const earning = await post(`/api/admin/users/${member.user.id}/earnings`, { amountMinor: 9_007_199_254, currency: 'USD', source: 'Big Distro', period: '2026-08' });
    expect(earning.statusCode).toBe(201);
    expect((await post(`/api/admin/ledger/${earning.json().id}/reverse`, { reason: 'Typo in the amount' })).statusCode).toBe(201);
    const audit = auditPageSchema.parse((await get('/api/admin/audit?limit=2')).json());
    // Newest first; a large amount arrives as a number on both databases (bigint on PostgreSQL).
    expect(audit.items.map((e) => [e.action, e.actor, e.subject, e.amountMinor, e.currency])).toEqual([
      ['ledger-reversal', 'boss', 'mcflow', -9_007_199_254, 'USD'],
      ['ledger-earning', 'boss', 'mcflow', 9_007_199_254, 'USD'],
    ]);
    expect(audit.items[0]!.detail).toBe(`Reversed entry #${earning.json().id} (earning Big Distro · 2026-08): Typo in the amount`);
    // Rows written before (exports, role changes) have no amount.
    const exports = auditPageSchema.parse((await get('/api/admin/audit?limit=200')).json()).items.filter((e) => e.action === 'export');
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((e) => e.amountMinor === null && e.currency === null && e.detail === null)).toBe(true);
  });
});

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1 555', "'+1 555"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tlead', "'\tlead"],
    ['\rlead', "'\rlead"],
    ['plain text', 'plain text'],
    ['a=b', 'a=b'],
    [42, '42'],
    [true, 'true'],
    [null, ''],
  ])('%j is written as %j', (input, output) => {
    expect(neutralizeCell(input)).toBe(output);
  });
});
