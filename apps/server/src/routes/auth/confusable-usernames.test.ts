import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, uniqueName, type TestApp } from '../../../test/helpers';
import { usernameSkeleton } from '../../repositories/user-keys';

const register = (t: TestApp, username: string, email = `${uniqueName('e')}@example.com`) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: { username, email, password: 'secret-pass' } });

describe('usernameSkeleton (UTS #39 with NFKC and case folding)', () => {
  it.each([
    ['аdmin1', 'Cyrillic а'],
    ['ａｄｍｉｎ１', 'full-width letters and digit'],
    ['ADMIN1', 'capitals'],
    ['adminl', 'l for 1'],
    ['adm\u0456n1', 'Ukrainian і'],
    ['admin\u202E1', 'a right-to-left override'],
    ['ad\u200Bmin\u20661\u2069', 'a zero-width space and an isolate'],
    ['\u{1D41A}\u{1D41D}\u{1D426}\u{1D422}\u{1D427}\u{1D7CF}', 'mathematical bold'],
  ])('%j (%s) has the skeleton of admin1', (name) => {
    expect(usernameSkeleton(name)).toBe(usernameSkeleton('admin1'));
  });

  it.each([['admín1'], ['admin2'], ['admin'], ['bob1']])('%j does not', (name) => {
    expect(usernameSkeleton(name)).not.toBe(usernameSkeleton('admin1'));
  });

  it('folds case fully and treats digits and letters that look alike as one', () => {
    expect(usernameSkeleton('Straße')).toBe(usernameSkeleton('STRASSE'));
    expect(usernameSkeleton('b0b')).toBe(usernameSkeleton('BOB'));
    expect(usernameSkeleton('rnc_flow')).toBe(usernameSkeleton('MC_Flow'));
    expect(usernameSkeleton('раураl')).toBe(usernameSkeleton('paypal'));
  });
});

describe.each(dialects)('usernames that look alike on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await registerUser(t.app, { username: 'admin1' });
  });
  afterAll(async () => t?.close());

  it.each([['аdmin1'], ['ａｄｍｉｎ１'], ['ADMIN1'], ['adminl'], ['admin\u202E1'], ['\u2066admin1\u2069']])('%j is refused with 409: it reads as admin1', async (name) => {
    const res = await register(t, name);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'That username is taken', fieldErrors: { username: ['That username is taken'] } });
  });

  it('keeps a name with accents and stores a name without its invisible characters', async () => {
    expect((await register(t, 'admín1')).statusCode).toBe(201);
    const res = await register(t, 'mc\u200B_\u202Eflow\u2069');
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('mc_flow');
    const row = await t.db.kysely.selectFrom('users').select(['username', 'username_skeleton']).where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toEqual({ username: 'mc_flow', username_skeleton: usernameSkeleton('mc_flow') });
    // The same name with a hidden character signs in to that account.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'mc_\u200Dflow', password: 'secret-pass' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().username).toBe('mc_flow');
  });

  it('a look-alike cannot sign in to the account it imitates', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'аdmin1', password: 'secret-pass' } });
    expect(res.statusCode).toBe(401);
  });

  it('two look-alikes signing up at the same moment: one account, one 409', async () => {
    for (let round = 0; round < 4; round++) {
      const base = uniqueName('twin');
      // A Latin a and a Cyrillic а in front: different spellings, one skeleton.
      const [x, y] = await Promise.all([register(t, `a${base}`), register(t, `\u0430${base}`)]);
      const statuses = [x.statusCode, y.statusCode].sort();
      expect(statuses, `round ${round}`).toEqual([201, 409]);
    }
  });
});
