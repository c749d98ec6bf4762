import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { canonicalSheetText } from '@members-only/shared/splits';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';

type Registered = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
type Line = { userId?: string; username?: string; name?: string; email?: string; roles: string[]; publishingBps: number; masterBps: number };

/** The text of a page's content streams (Courier text is drawn as hex of its bytes). */
function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.map((s) => Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : new Uint8Array()).toString('latin1')).join('\n');
}
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

describe.each(dialects)('split sheets on %s', (dialect) => {
  let t: TestApp;
  let admin: Registered;
  let alice: Registered;
  let bob: Registered;
  let dave: Registered;
  let songId: number;

  const call = (cookie: string | undefined, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const put = (lines: Line[], extra: Record<string, unknown> = {}, id = songId, cookie = alice.cookie) => call(cookie, 'PUT', `/api/songs/${id}/splits`, { contributors: lines, ...extra });
  const member = (r: Registered, publishingBps: number, masterBps: number, roles = ['writer']): Line => ({ userId: String(r.user.id), roles, publishingBps, masterBps });
  const newSong = async (cookie: string, title: string) => {
    const res = await call(cookie, 'POST', '/api/songs', { title });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const carol: Line = { name: 'Carol Keys', email: 'Carol@Example.com', roles: ['producer'], publishingBps: 3333, masterBps: 3333 };
  const threeWay = () => [member(alice, 3334, 3334, ['writer', 'performer']), member(bob, 3333, 3333, ['composer']), carol];
  const invite = async (id: number, contributorId: number) => {
    const res = await call(alice.cookie, 'POST', `/api/songs/${id}/splits/invites/${contributorId}`);
    expect(res.statusCode).toBe(201);
    return String(res.json().url).split('/').pop()!;
  };
  const ledgerOf = async (cookie: string) => (await call(cookie, 'GET', '/api/payouts/ledger')).json() as { entries: { id: number; amountMinor: number; note: string; currency: string }[]; balances: { currency: string; balanceMinor: number }[] };
  const balance = async (cookie: string, currency = 'USD') => (await ledgerOf(cookie)).balances.find((b) => b.currency === currency)?.balanceMinor ?? 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await registerUser(t.app);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    dave = await registerUser(t.app);
    songId = await newSong(alice.cookie, 'Paper Planes');
  }, 60_000);
  afterAll(async () => t?.close());

  it('validates the sheet: columns sum to exactly 100%, whole non-negative bps, no duplicates, members that exist (400 with a message)', async () => {
    expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).statusCode).toBe(404);
    const short = await put([member(alice, 5000, 5000), member(bob, 4999, 5000)]);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Publishing shares add up to 99.99%; they must add up to exactly 100%.');
    const over = await put([member(alice, 5000, 6000), member(bob, 5000, 5000)]);
    expect(over.json().message).toMatch(/^Master shares add up to 110.00%/);
    expect((await put([member(alice, -1, 5000), member(bob, 10001, 5000)])).statusCode).toBe(400);
    const fractional = await put([member(alice, 4999.5, 5000), member(bob, 5000.5, 5000)]);
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().message).toMatch(/whole basis points/);
    expect((await put([member(alice, 5000, 5000), member(alice, 5000, 5000)])).json().message).toBe('This contributor is listed twice.');
    expect((await put([{ ...carol, publishingBps: 5000, masterBps: 5000 }, { ...carol, email: 'carol@example.COM', publishingBps: 5000, masterBps: 5000 }])).json().message).toBe('This contributor is listed twice.');
    expect((await put([{ name: 'No Mail', roles: ['writer'], publishingBps: 10000, masterBps: 10000 }])).statusCode).toBe(400);
    expect((await put([])).statusCode).toBe(400);
    const ghost = await put([member(alice, 5000, 5000), { userId: '999999', roles: ['writer'], publishingBps: 5000, masterBps: 5000 }]);
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({ message: 'There is no member with the id 999999.', fieldErrors: { 'contributors.1.userId': ['There is no member with the id 999999.'] } });
    expect((await put(threeWay(), { isrc: 'not an isrc' })).statusCode).toBe(400);
    // Nothing was stored by any of these.
    expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).statusCode).toBe(404);
  });

  it('saves a draft whose content hash is the SHA-256 of the canonical text; members sign with name, time, address and that hash', async () => {
    const saved = await put(threeWay(), { statement: 'We share this song as below.', isrc: 'us-s1z-26-00001' });
    expect(saved.statusCode).toBe(200);
    const sheet = saved.json();
    expect(sheet).toMatchObject({ status: 'draft', changed: true, signaturesVoided: false, canEdit: true, title: 'Paper Planes', isrc: 'USS1Z2600001', statement: 'We share this song as below.' });
    expect(sheet.contributors.map((c: { name: string; email: string | null; userId: number | null }) => [c.name, c.email, c.userId])).toEqual([
      [alice.username, null, alice.user.id],
      [bob.username, null, bob.user.id],
      ['Carol Keys', 'Carol@Example.com', null],
    ]);
    const text = canonicalSheetText({
      songId: String(songId),
      title: 'Paper Planes',
      isrc: 'USS1Z2600001',
      date: sheet.date,
      statement: 'We share this song as below.',
      contributors: [
        { key: `u:${alice.user.id}`, name: alice.username, roles: ['writer', 'performer'], publishingBps: 3334, masterBps: 3334 },
        { key: `u:${bob.user.id}`, name: bob.username, roles: ['composer'], publishingBps: 3333, masterBps: 3333 },
        { key: 'e:carol@example.com', name: 'Carol Keys', roles: ['producer'], publishingBps: 3333, masterBps: 3333 },
      ],
    });
    expect(sheet.contentHash).toBe(createHash('sha256').update(text).digest('hex'));

    const bobView = await call(bob.cookie, 'GET', `/api/songs/${songId}/splits`);
    expect(bobView.statusCode).toBe(200);
    expect(bobView.json()).toMatchObject({ canEdit: false, myContributorId: sheet.contributors[1].id });
    // Members do not see an invited person's e-mail or link.
    expect(bobView.json().contributors[2]).toMatchObject({ email: null, invite: null });

    const signed = await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: '  Robert Bobson ', contentHash: sheet.contentHash });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().status).toBe('awaiting_signatures');
    expect(signed.json().contributors[1].signature).toMatchObject({ state: 'signed', fullName: 'Robert Bobson', signedAt: expect.any(String) });
    const row = await t.db.kysely.selectFrom('split_contributors').selectAll().where('id', '=', sheet.contributors[1].id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ signed_name: 'Robert Bobson', signed_hash: sheet.contentHash, signed_ip: '127.0.0.1' });
    expect(JSON.stringify(signed.json())).not.toContain('127.0.0.1');

    expect((await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: 'R' })).statusCode).toBe(400);
    const stale = await call(alice.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: 'Alice Artist', contentHash: 'a'.repeat(64) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you opened it/);
  });

  it('a change after a signature voids every signature and says so; saving the same content changes nothing', async () => {
    const same = await put(threeWay().map((c) => (c.email ? { ...c, email: 'carol@example.com' } : c)), { statement: 'We share this song as below.' });
    expect(same.json()).toMatchObject({ changed: false, signaturesVoided: false, status: 'awaiting_signatures' });
    const before = same.json().contentHash;

    const changed = await put([member(alice, 3334, 3000, ['writer', 'performer']), member(bob, 3333, 3667, ['composer']), carol], { statement: 'We share this song as below.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ changed: true, signaturesVoided: true, status: 'draft' });
    expect(changed.json().contentHash).not.toBe(before);
    expect(changed.json().contributors.map((c: { signature: { state: string } }) => c.signature.state)).toEqual(['unsigned', 'unsigned', 'unsigned']);
    // Lines that stayed keep their ids (an invited person's link survives a change).
    expect(changed.json().contributors.map((c: { id: number }) => c.id)).toEqual(same.json().contributors.map((c: { id: number }) => c.id));
    // Back to the agreed shares for the tests below.
    expect((await put(threeWay(), { statement: 'We share this song as below.' })).json().signaturesVoided).toBe(false);
  });

  it('a contributor can decline with a reason, and sign later', async () => {
    const declined = await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/decline`, { reason: 'My share should be larger.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().contributors[1].signature).toMatchObject({ state: 'declined', declineReason: 'My share should be larger.', declinedAt: expect.any(String), fullName: null });
    expect((await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/decline`, { reason: '' })).statusCode).toBe(400);
    const signed = await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: 'Robert Bobson' });
    expect(signed.json().contributors[1].signature).toMatchObject({ state: 'signed', declineReason: null });
  });

  it('nobody outside the sheet sees it: another artist gets 404 everywhere; admins read; only the owner edits', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/songs/${songId}/splits`, undefined],
      ['GET', `/api/songs/${songId}/splits.pdf`, undefined],
      ['PUT', `/api/songs/${songId}/splits`, { contributors: threeWay() }],
      ['POST', `/api/songs/${songId}/splits/sign`, { fullName: 'Dave Intruder' }],
      ['POST', `/api/songs/${songId}/splits/decline`, { reason: 'no' }],
    ] as [Method, string, unknown][]) {
      const res = await call(dave.cookie, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Split sheet not found');
    }
    expect((await call(undefined, 'GET', `/api/songs/${songId}/splits`)).statusCode).toBe(401);
    expect((await call(alice.cookie, 'GET', `/api/songs/999999/splits`)).statusCode).toBe(404);
    const adminView = await call(admin.cookie, 'GET', `/api/songs/${songId}/splits`);
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().contributors[2].email).toBe('Carol@Example.com');
    expect((await put(threeWay(), {}, songId, admin.cookie)).statusCode).toBe(403);
    expect((await put(threeWay(), {}, songId, bob.cookie)).statusCode).toBe(403);
    expect((await call(admin.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: 'Admin Person' })).statusCode).toBe(403);
    // Dave's own song has no sheet yet.
    expect((await call(dave.cookie, 'GET', `/api/songs/${await newSong(dave.cookie, 'Other')}/splits`)).statusCode).toBe(404);
  });

  it('an invitation link shows only its sheet, signs once per person, expires and can be revoked', async () => {
    const sheet = (await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json();
    const carolId = sheet.contributors[2].id as number;
    expect((await call(alice.cookie, 'POST', `/api/songs/${songId}/splits/invites/${sheet.contributors[1].id}`)).statusCode).toBe(409);
    expect((await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/invites/${carolId}`)).statusCode).toBe(403);
    expect((await call(dave.cookie, 'POST', `/api/songs/${songId}/splits/invites/${carolId}`)).statusCode).toBe(404);
    // Another song's sheet, with its own invitee, must never show through Carol's link.
    const other = await newSong(alice.cookie, 'Secret B-side');
    expect((await put([member(alice, 5000, 5000), { name: 'Zed Hidden', email: 'zed@example.com', roles: ['featured'], publishingBps: 5000, masterBps: 5000 }], {}, other)).statusCode).toBe(200);

    const token = await invite(songId, carolId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.kysely.selectFrom('split_contributors').select(['invite_token_hash']).where('id', '=', carolId).executeTakeFirstOrThrow();
    expect(stored.invite_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await t.db.kysely.selectFrom('split_contributors').selectAll().execute())).not.toContain(token);

    const page = await call(undefined, 'GET', `/api/split-invites/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({ title: 'Paper Planes', owner: alice.username, contentHash: sheet.contentHash });
    expect(page.json().contributors.map((c: { name: string; you: boolean }) => [c.name, c.you])).toEqual([
      [alice.username, false],
      [bob.username, false],
      ['Carol Keys', true],
    ]);
    const body = page.body;
    for (const hidden of ['Secret B-side', 'Zed Hidden', 'zed@example.com', 'Carol@Example.com', '"userId"', '"email"', '127.0.0.1']) expect(body).not.toContain(hidden);

    const signed = await call(undefined, 'POST', `/api/split-invites/${token}/sign`, { fullName: 'Carol Keys', contentHash: sheet.contentHash });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().contributors[2]).toMatchObject({ state: 'signed', signedAt: expect.any(String) });
    expect((await call(undefined, 'POST', `/api/split-invites/${token}/decline`, { reason: 'Changed my mind' })).json().contributors[2].state).toBe('declined');
    expect((await call(undefined, 'POST', `/api/split-invites/${token}/sign`, { fullName: 'Carol Keys' })).json().contributors[2].state).toBe('signed');

    // Revoked: 410, and the owner sees it so.
    const revoked = await call(alice.cookie, 'POST', `/api/songs/${songId}/splits/invites/${carolId}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().contributors[2].invite.state).toBe('revoked');
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['POST', '/sign', { fullName: 'Carol Keys' }],
      ['POST', '/decline', { reason: 'x' }],
    ] as [Method, string, unknown][]) {
      const res = await call(undefined, method, `/api/split-invites/${token}${suffix}`, payload);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('This invitation link was revoked. Ask the artist for a new one.');
    }
    // A new link replaces the old one, which is then unknown.
    const fresh = await invite(songId, carolId);
    expect((await call(undefined, 'GET', `/api/split-invites/${token}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/split-invites/${fresh}`)).statusCode).toBe(200);
    const expiresAt = (await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json().contributors[2].invite.expiresAt as string;
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // Expired: 410.
    await t.db.kysely.updateTable('split_contributors').set({ invite_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', carolId).execute();
    const expired = await call(undefined, 'GET', `/api/split-invites/${fresh}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This invitation link has expired. Ask the artist for a new one.');
    expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json().contributors[2].invite.state).toBe('expired');
    expect((await call(undefined, 'GET', `/api/split-invites/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/split-invites/short`)).statusCode).toBe(400);
  });

  it('the PDF parses back with the names, signatures and the content hash on every page', async () => {
    // Forty lines and a long statement: more than one page. A name the bundled font cannot draw does not break it.
    const invited = Array.from({ length: 38 }, (_, i): Line => ({ name: i === 0 ? 'Carol 日本 Keys' : `Guest ${i}`, email: i === 0 ? carol.email : `guest${i}@example.com`, roles: ['featured'], publishingBps: 250, masterBps: 250 }));
    const lines = [member(alice, 250, 250), member(bob, 250, 250), ...invited];
    const saved = await put(lines, { statement: 'Shares are agreed as follows. '.repeat(60) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().signaturesVoided).toBe(true);
    await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: 'Robert Bobson' });
    const res = await call(bob.cookie, 'GET', `/api/songs/${songId}/splits.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    const hash = saved.json().contentHash as string;
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe('Split sheet: Paper Planes');
    expect(doc.getSubject()).toBe(`SHA-256 ${hash}`);
    for (const page of doc.getPages()) expect(pageContent(page).toLowerCase()).toContain(hex(`SHA-256 ${hash}`).toLowerCase());
    // The artist is the song's owner by username until the song names its artist.
    expect(doc.getAuthor()).toBe(alice.username);
    expect((await call(alice.cookie, 'PATCH', `/api/songs/${songId}`, { artistName: 'Alice Artist' })).statusCode).toBe(200);
    const named = await PDFDocument.load((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits.pdf`)).rawPayload);
    expect(named.getAuthor()).toBe('Alice Artist');
    expect((await call(alice.cookie, 'PATCH', `/api/songs/${songId}`, { artistName: null })).statusCode).toBe(200);
    expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits.pdf`)).statusCode).toBe(200);
    expect((await call(admin.cookie, 'GET', `/api/songs/${songId}/splits.pdf`)).statusCode).toBe(200);
    // Back to the short sheet.
    await put(threeWay(), { statement: 'We share this song as below.' });
  });

  describe('earnings split by the agreed sheet', () => {
    let carolToken: string;
    const earn = (amountMinor: number, id = songId, currency = 'USD') => call(admin.cookie, 'POST', `/api/admin/songs/${id}/earnings`, { amountMinor, currency, source: 'DistroCo', period: '2026-10' });
    const signAll = async () => {
      const sheet = (await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json();
      carolToken ??= await invite(songId, sheet.contributors[2].id);
      await call(alice.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: 'Alice Artist' });
      await call(bob.cookie, 'POST', `/api/songs/${songId}/splits/sign`, { fullName: 'Robert Bobson' });
      return call(undefined, 'POST', `/api/split-invites/${carolToken}/sign`, { fullName: 'Carol Keys' });
    };

    it('is refused with 409 while the sheet is not agreed (or there is none), and nothing is written', async () => {
      const sheet = (await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json();
      await t.db.kysely.updateTable('split_contributors').set({ invite_expires_at: null, invite_token_hash: null }).where('id', '=', sheet.contributors[2].id).execute();
      expect(sheet.status).not.toBe('agreed');
      const refused = await earn(100);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^The song's split sheet is not agreed yet \(\d of 3 signed\)/);
      const none = await earn(100, await newSong(alice.cookie, 'No sheet'));
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toMatch(/no split sheet yet/);
      expect((await earn(100, 999999)).statusCode).toBe(404);
      expect((await call(alice.cookie, 'POST', `/api/admin/songs/${songId}/earnings`, { amountMinor: 1, currency: 'USD', source: 'x', period: '2026-10' })).statusCode).toBe(403);
      expect(await t.db.kysely.selectFrom('split_earnings').select('id').execute()).toEqual([]);
      expect(await balance(alice.cookie)).toBe(0);
    });

    it('splits 1 cent, 100.01 and 0.10 by master share in exact cents that add up to the whole; invited people are owed', async () => {
      expect((await signAll()).json().status).toBe('agreed');
      expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json().status).toBe('agreed');
      const parts = async (amount: number) => {
        const res = await earn(amount);
        expect(res.statusCode).toBe(201);
        const amounts = res.json().parts.map((p: { amountMinor: number }) => p.amountMinor) as number[];
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(amount);
        return res.json();
      };
      expect((await parts(1)).parts.map((p: { amountMinor: number; owed: boolean }) => [p.amountMinor, p.owed])).toEqual([
        [1, false],
        [0, false],
        [0, false],
      ]);
      const big = await parts(10_001);
      expect(big.parts.map((p: { amountMinor: number }) => p.amountMinor)).toEqual([3335, 3333, 3333]);
      expect(big.parts[2]).toMatchObject({ contributorName: 'Carol Keys', userId: null, ledgerEntryId: null, owed: true });
      expect(big.parts[0].ledgerEntryId).toEqual(expect.any(Number));
      expect((await parts(10)).parts.map((p: { amountMinor: number }) => p.amountMinor)).toEqual([4, 3, 3]);
      expect(await balance(alice.cookie)).toBe(1 + 3335 + 4);
      expect(await balance(bob.cookie)).toBe(3333 + 3);
      const bobLedger = await ledgerOf(bob.cookie);
      expect(bobLedger.entries[0]!.note).toBe('Paper Planes: 33.33% of the master (split sheet)');
      const list = (await call(admin.cookie, 'GET', `/api/admin/songs/${songId}/earnings`)).json();
      expect(list.earnings).toHaveLength(3);
      expect(list.owed).toEqual([{ name: 'Carol Keys', email: 'Carol@Example.com', currency: 'USD', amountMinor: 3333 + 3 }]);
      expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json().contributors[2].owed).toEqual([{ currency: 'USD', amountMinor: 3336 }]);
      // A share is reversed only with its whole earning.
      const share = await call(admin.cookie, 'POST', `/api/admin/ledger/${big.parts[0].ledgerEntryId}/reverse`, { reason: 'just one' });
      expect(share.statusCode).toBe(409);
      expect(share.json().message).toMatch(/reverse the song earning instead/);
    });

    it('splits 0.10 seven ways exactly', async () => {
      const others = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
      const seven = await newSong(alice.cookie, 'Seven');
      const weights = [1429, 1429, 1429, 1429, 1428, 1428, 1428];
      const people = [alice, ...others];
      expect((await put(people.map((p, i) => member(p, weights[i]!, weights[i]!)), {}, seven)).statusCode).toBe(200);
      for (const p of people) expect((await call(p.cookie, 'POST', `/api/songs/${seven}/splits/sign`, { fullName: `Person ${p.username}` })).statusCode).toBe(200);
      const res = await earn(10, seven);
      expect(res.statusCode).toBe(201);
      expect(res.json().parts.map((p: { amountMinor: number }) => p.amountMinor)).toEqual([2, 2, 2, 1, 1, 1, 1]);
      const negative = await earn(-5, seven);
      expect(negative.statusCode).toBe(400);
      for (const [i, p] of others.entries()) expect(await balance(p.cookie), p.username).toBe(i < 2 ? 2 : 1);
    });

    it('a reversal reverses every part exactly: every ledger and every amount owed returns to zero', async () => {
      const list = (await call(admin.cookie, 'GET', `/api/admin/songs/${songId}/earnings`)).json();
      for (const e of list.earnings as { id: number; amountMinor: number }[]) {
        const res = await call(admin.cookie, 'POST', `/api/admin/song-earnings/${e.id}/reverse`, { reason: 'Statement was wrong' });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ reversesId: e.id, amountMinor: -e.amountMinor, reason: 'Statement was wrong' });
        expect(res.json().parts.reduce((a: number, p: { amountMinor: number }) => a + p.amountMinor, 0)).toBe(-e.amountMinor);
      }
      expect(await balance(alice.cookie)).toBe(2); // only the seven-way song's share is left
      expect(await balance(bob.cookie)).toBe(0);
      const after = (await call(admin.cookie, 'GET', `/api/admin/songs/${songId}/earnings`)).json();
      expect(after.owed).toEqual([]);
      expect(after.earnings.filter((e: { reversedById: number | null; reversesId: number | null }) => e.reversesId === null).every((e: { reversedById: number | null }) => e.reversedById !== null)).toBe(true);
      expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json().contributors[2].owed).toEqual([]);
      const again = await call(admin.cookie, 'POST', `/api/admin/song-earnings/${list.earnings[0].id}/reverse`, { reason: 'again' });
      expect(again.statusCode).toBe(409);
      const ofReversal = after.earnings.find((e: { reversesId: number | null }) => e.reversesId !== null);
      expect((await call(admin.cookie, 'POST', `/api/admin/song-earnings/${ofReversal.id}/reverse`, { reason: 'again' })).statusCode).toBe(409);
      expect((await call(admin.cookie, 'POST', `/api/admin/song-earnings/999999/reverse`, { reason: 'x' })).statusCode).toBe(404);
      expect((await call(bob.cookie, 'POST', `/api/admin/song-earnings/${list.earnings[0].id}/reverse`, { reason: 'x' })).statusCode).toBe(403);
    });
  });

  describe('CSV statement lines that name a song or its ISRC (ADR 053)', () => {
    const importFor = (who: Registered, lines: string[]) =>
      call(admin.cookie, 'POST', `/api/admin/users/${who.user.id}/earnings/import`, { csv: ['period,source,amount,currency,note,song,isrc', ...lines].join('\n') });
    const songEarnings = async () => (await t.db.kysely.selectFrom('split_earnings').select('id').execute()).length;

    it('refuses the whole statement, every bad line named, for unknown, ambiguous, foreign or unagreed songs', async () => {
      const draft = await newSong(alice.cookie, 'Draft Song');
      expect((await put([member(alice, 10_000, 10_000)], {}, draft)).statusCode).toBe(200);
      const daves = await newSong(dave.cookie, 'Daves Song');
      await newSong(alice.cookie, 'Twin');
      await newSong(alice.cookie, 'twin');
      const before = { earnings: await songEarnings(), alice: await balance(alice.cookie), bob: await balance(bob.cookie) };
      const res = await importFor(alice, [
        '2026-11,Spotify,1.00,USD,,Paper Planes,', // fine on its own
        '2026-11,Spotify,1.00,USD,,Nowhere Song,',
        '2026-11,Spotify,1.00,USD,,,US-XXX-26-99999',
        '2026-11,Spotify,1.00,USD,,Draft Song,',
        '2026-11,Spotify,1.00,USD,,No sheet,',
        `2026-11,Spotify,1.00,USD,,${daves},`,
        '2026-11,Spotify,1.00,USD,,Twin,',
        '2026-11,Spotify,1.00,USD,,Paper Planes,US-XXX-26-99999',
        '2026-11,Spotify,1.00,USD,direct,,',
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The statement has 7 errors; nothing was imported.');
      expect(res.json().errors).toEqual([
        { line: 3, message: `${alice.username} has no song "Nowhere Song" (of their own or on a split sheet they are on)` },
        { line: 4, message: `${alice.username} has no song ISRC US-XXX-26-99999 (of their own or on a split sheet they are on)` },
        { line: 5, message: 'The song "Draft Song" has a split sheet that is not agreed yet (0 of 1 signed); its earnings are split only by an agreed sheet' },
        { line: 6, message: 'The song "No sheet" has no split sheet yet; its earnings are split only by an agreed sheet' },
        { line: 7, message: `${alice.username} has no song "${daves}" (of their own or on a split sheet they are on)` },
        { line: 8, message: `More than one song of ${alice.username} is called "Twin"; name it by its ISRC or id` },
        { line: 9, message: `${alice.username} has no song "Paper Planes" with ISRC US-XXX-26-99999 (of their own or on a split sheet they are on)` },
      ]);
      // Dave is on no sheet of Paper Planes: his statement may not name it.
      const foreign = await importFor(dave, ['2026-11,Spotify,1.00,USD,,Paper Planes,']);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual([{ line: 2, message: `${dave.username} has no song "Paper Planes" (of their own or on a split sheet they are on)` }]);
      expect({ earnings: await songEarnings(), alice: await balance(alice.cookie), bob: await balance(bob.cookie) }).toEqual(before);
    });

    it('a member’s statement pays song lines by the agreed sheet (by title, id or ISRC) and other lines to them alone; reversing the song earning reverses its parts', async () => {
      expect((await call(alice.cookie, 'PATCH', `/api/songs/${songId}`, { isrc: 'US-S1Z-26-00001' })).statusCode).toBe(200);
      const sheet = (await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json();
      expect(sheet.status).toBe('agreed'); // a song's own ISRC is not part of the signed sheet
      const before = { alice: await balance(alice.cookie), bob: await balance(bob.cookie) };
      const owedBefore = sheet.contributors[2].owed.find((o: { currency: string }) => o.currency === 'USD')?.amountMinor ?? 0;
      // Bob is a member on Alice's song: his statement may name it.
      const res = await importFor(bob, ['2026-11,DistroCo,100.01,USD,,paper planes,', '2026-11,Spotify,1.00,USD,just bob,,', '2026-11,Tidal,0.10,USD,,,uss1z2600001', `2026-11,Deezer,0.01,USD,,${songId},`]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ imported: 4, totals: [{ currency: 'USD', amountMinor: 10_001 + 100 + 10 + 1 }] });
      expect(await balance(alice.cookie)).toBe(before.alice + 3335 + 4 + 1);
      expect(await balance(bob.cookie)).toBe(before.bob + 3333 + 100 + 3);
      const owed = (await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json().contributors[2].owed;
      expect(owed).toEqual([{ currency: 'USD', amountMinor: owedBefore + 3333 + 3 }]);
      const bobEntries = (await ledgerOf(bob.cookie)).entries;
      expect(bobEntries.find((e) => e.amountMinor === 3333)!.note).toBe('Paper Planes: 33.33% of the master (split sheet)');
      expect(bobEntries.find((e) => e.amountMinor === 100)!.note).toBe('just bob');
      // Each song line is a song earning; reversing it returns every ledger and amount owed.
      const list = (await call(admin.cookie, 'GET', `/api/admin/songs/${songId}/earnings`)).json();
      const imported = (list.earnings as { id: number; amountMinor: number; period: string; reversesId: number | null; reversedById: number | null }[]).filter((e) => e.period === '2026-11' && e.reversesId === null);
      expect(imported.map((e) => e.amountMinor).sort((a, b) => a - b)).toEqual([1, 10, 10_001]);
      for (const e of imported) expect((await call(admin.cookie, 'POST', `/api/admin/song-earnings/${e.id}/reverse`, { reason: 'Wrong statement' })).statusCode).toBe(201);
      expect(await balance(alice.cookie)).toBe(before.alice);
      expect(await balance(bob.cookie)).toBe(before.bob + 100);
      expect((await call(alice.cookie, 'GET', `/api/songs/${songId}/splits`)).json().contributors[2].owed).toEqual(owedBefore ? [{ currency: 'USD', amountMinor: owedBefore }] : []);
    });
  });

  describe('each artist’s statement shows the song and their share', () => {
    it('the month’s statement (JSON and CSV) names the song, the master share and the whole earning of each share and its reversal', async () => {
      const earned = await call(admin.cookie, 'POST', `/api/admin/songs/${songId}/earnings`, { amountMinor: 1001, currency: 'USD', source: 'DistroCo', period: '2026-12' });
      expect(earned.statusCode).toBe(201);
      expect((await call(admin.cookie, 'POST', `/api/admin/users/${alice.user.id}/earnings`, { amountMinor: 500, currency: 'USD', source: 'Gig', period: '2026-12', note: 'Door money' })).statusCode).toBe(201);
      const statement = (await call(alice.cookie, 'GET', '/api/payouts/statement?period=2026-12')).json();
      const song = statement.entries.filter((e: { song: unknown }) => e.song !== null);
      expect(song).toHaveLength(1);
      expect(song[0]).toMatchObject({ amountMinor: 334, song: { songId, title: 'Paper Planes', masterBps: 3334, earningMinor: 1001 } });
      expect(statement.entries.find((e: { source: string }) => e.source === 'Gig').song).toBeNull();
      const bobs = (await call(bob.cookie, 'GET', '/api/payouts/statement?period=2026-12')).json();
      expect(bobs.entries.map((e: { amountMinor: number; song: unknown }) => [e.amountMinor, e.song])).toEqual([[334, { songId, title: 'Paper Planes', masterBps: 3333, earningMinor: 1001 }]]);
      const csv = (await call(alice.cookie, 'GET', '/api/payouts/statement.csv?period=2026-12')).body;
      expect(csv).toContain('Paper Planes — 33.34% of $10.01 = $3.34 (split sheet)');
      // A reversal of the song earning names the same song, negated.
      expect((await call(admin.cookie, 'POST', `/api/admin/song-earnings/${earned.json().id}/reverse`, { reason: 'Duplicate' })).statusCode).toBe(201);
      const after = (await call(alice.cookie, 'GET', '/api/payouts/statement?period=2026-12')).json();
      const reversal = after.entries.find((e: { reversesId: number | null }) => e.reversesId !== null);
      expect(reversal).toMatchObject({ amountMinor: -334, song: { title: 'Paper Planes', masterBps: 3334, earningMinor: -1001 } });
      expect((await call(alice.cookie, 'GET', '/api/payouts/statement.csv?period=2026-12')).body).toContain('(Paper Planes — 33.34% of -$10.01 = -$3.34): Duplicate');
    });
  });

  describe('members by username, and the sheets a member is on', () => {
    let erin: Registered;
    let finn: Registered;
    let erinSong: number;
    const byName = (username: string, share: number, roles = ['writer']): Line => ({ username, roles, publishingBps: share, masterBps: share });

    beforeAll(async () => {
      erin = await registerUser(t.app);
      finn = await registerUser(t.app);
      erinSong = await newSong(erin.cookie, 'Night Bus');
    });

    it('an artist adds another member by username, found case aside as sign-in finds it; an unknown name is 400 on its row', async () => {
      const unknown = await put([member(erin, 5000, 5000), byName('nobody-at-all', 5000)], {}, erinSong, erin.cookie);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ message: 'No member is called nobody-at-all.', fieldErrors: { 'contributors.1.username': ['No member is called nobody-at-all.'] } });
      const twice = await put([member(finn, 5000, 5000), byName(finn.username.toUpperCase(), 5000)], {}, erinSong, erin.cookie);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().fieldErrors).toEqual({ 'contributors.1': ['This contributor is listed twice.'] });
      expect((await call(erin.cookie, 'GET', `/api/songs/${erinSong}/splits`)).statusCode).toBe(404);

      const saved = await put([member(erin, 6000, 6000), byName(`  ${finn.username.toUpperCase()} `, 4000, ['producer'])], {}, erinSong, erin.cookie);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().contributors.map((c: { userId: number; name: string; email: string | null }) => [c.userId, c.name, c.email])).toEqual([
        [erin.user.id, erin.username, null],
        [finn.user.id, finn.username, null],
      ]);
      // Given by id the next time, the same member is the same line: nothing changed.
      const again = await put([member(erin, 6000, 6000), member(finn, 4000, 4000, ['producer'])], {}, erinSong, erin.cookie);
      expect(again.json().changed).toBe(false);
    });

    it('GET /api/splits lists the sheets the caller owns or is on, each with the caller’s own state, and nobody else’s', async () => {
      expect((await call(undefined, 'GET', '/api/splits')).statusCode).toBe(401);
      const finnList = (await call(finn.cookie, 'GET', '/api/splits')).json();
      expect(finnList).toEqual({
        sheets: [{ songId: erinSong, title: 'Night Bus', owner: erin.username, status: 'draft', isOwner: false, myState: 'unsigned', updatedAt: expect.any(String) }],
      });
      // Finn signs from that list's sheet: the member's own page uses the sheet's GET and sign.
      const sheet = (await call(finn.cookie, 'GET', `/api/songs/${erinSong}/splits`)).json();
      expect(sheet).toMatchObject({ canEdit: false, myContributorId: sheet.contributors[1].id });
      expect((await call(finn.cookie, 'POST', `/api/songs/${erinSong}/splits/sign`, { fullName: 'Finn Member', contentHash: sheet.contentHash })).statusCode).toBe(200);
      expect((await call(finn.cookie, 'GET', '/api/splits')).json().sheets[0]).toMatchObject({ status: 'awaiting_signatures', myState: 'signed' });
      const erinList = (await call(erin.cookie, 'GET', '/api/splits')).json();
      expect(erinList.sheets).toEqual([expect.objectContaining({ songId: erinSong, owner: erin.username, isOwner: true, myState: 'unsigned', status: 'awaiting_signatures' })]);

      // An owner not on their own sheet still sees it (myState null); a declined line reads declined.
      const solo = await newSong(finn.cookie, 'Only Erin');
      expect((await put([member(erin, 10000, 10000)], {}, solo, finn.cookie)).statusCode).toBe(200);
      expect((await call(erin.cookie, 'POST', `/api/songs/${solo}/splits/decline`, { reason: 'Not my song' })).statusCode).toBe(200);
      const finnNow = (await call(finn.cookie, 'GET', '/api/splits')).json().sheets;
      expect(finnNow.map((s: { songId: number; isOwner: boolean; myState: string | null }) => [s.songId, s.isOwner, s.myState])).toEqual([
        [solo, true, null],
        [erinSong, false, 'signed'],
      ]);
      expect((await call(erin.cookie, 'GET', '/api/splits')).json().sheets.find((s: { songId: number }) => s.songId === solo)).toMatchObject({ owner: finn.username, myState: 'declined', isOwner: false });
      // Dave is on no sheet of these; an admin sees only their own too (none).
      const daveList = (await call(dave.cookie, 'GET', '/api/splits')).json().sheets as { songId: number }[];
      expect(daveList.some((s) => s.songId === erinSong || s.songId === solo)).toBe(false);
      expect((await call(admin.cookie, 'GET', '/api/splits')).json()).toEqual({ sheets: [] });
    });
  });
});
