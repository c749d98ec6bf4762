import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, sessionCookie, uniqueName, type TestApp } from '../../../test/helpers';

describe.each(dialects)('auth API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOGIN_MAX_FAILURES: 3, LOGIN_MAX_FAILURES_PER_IP: 6 });
  });
  afterAll(async () => t?.close());

  it('makes the first account the admin and later ones regular users', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    expect(first.user.isAdmin).toBe(true);
    expect(second.user.isAdmin).toBe(false);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: first.cookie } });
    expect(me.json().isAdmin).toBe(true);
  });

  it('GET /api/session answers 204 when signed out (no 401 to log) and the same user as /api/user when signed in', async () => {
    const anonymous = await t.app.inject({ url: '/api/session' });
    expect(anonymous.statusCode).toBe(204);
    expect(anonymous.body).toBe('');
    const stale = await t.app.inject({ url: '/api/session', headers: { cookie: 'mo_session=not-a-session' } });
    expect(stale.statusCode).toBe(204);
    const { cookie } = await registerUser(t.app);
    const session = await t.app.inject({ url: '/api/session', headers: { cookie } });
    const user = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(user.json());
  });

  it('registers a user, signs them in and never returns a password', async () => {
    const username = uniqueName('Reg');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, email: `${username}@Example.com`, phoneNumber: '+1 212 555 0100', password: 'secret-pass', confirmPassword: 'secret-pass' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ username, email: `${username}@Example.com`, phoneNumber: '+1 212 555 0100', isPremium: false, membership: { status: 'free', currentPeriodEnd: null } });
    expect(JSON.stringify(body).toLowerCase()).not.toContain('password');
    expect(typeof body.id).toBe('number');

    const cookie = res.cookies.find((c) => c.name === 'mo_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();

    const me = await t.app.inject({ url: '/api/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(username);
  });

  it('refuses a taken username (any case) and a taken email with 409', async () => {
    const { username } = await registerUser(t.app);
    const sameName = await t.app.inject({
      method: 'POST', url: '/api/register',
      payload: { username: username.toUpperCase(), email: `other-${username}@example.com`, password: 'secret-pass' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ message: 'That username is taken', fieldErrors: { username: ['That username is taken'] } });

    const sameEmail = await t.app.inject({
      method: 'POST', url: '/api/register',
      payload: { username: uniqueName(), email: `${username.toUpperCase()}@EXAMPLE.com`, password: 'secret-pass' },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('An account with that email already exists');
  });

  it.each([
    [{ username: 'ab', email: 'a@b.co', password: 'secret-pass' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'abc', email: 'not-an-email', password: 'secret-pass' }, 'email', 'Please enter a valid email address'],
    [{ username: 'abc', email: 'a@b.co', password: '12345' }, 'password', 'Password must be at least 6 characters'],
  ])('rejects invalid registration %# with 400 and the spec message', async (payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toContain(message);
    expect(res.json().message).toBe(message);
  });

  it('signs in with the right password and refuses a wrong one or an unknown user with 401', async () => {
    const { username, password } = await registerUser(t.app);
    const ok = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: username.toUpperCase(), password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe(username);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'wrong-pass' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');

    const unknown = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: uniqueName('ghost'), password } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('validates the login form with the spec messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ab', password: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 6 characters'],
    });
  });

  it('rotates the session on login: the previous session stops working', async () => {
    const { username, password, cookie: before } = await registerUser(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers: { cookie: before } });
    const after = sessionCookie(login);
    expect(after).not.toBe(before);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: before } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: after } })).statusCode).toBe(200);
  });

  it('throttles repeated failures for one username with 429, even with the right password', async () => {
    const { username, password } = await registerUser(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'nope-nope' }, remoteAddress: `10.0.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: '10.0.0.9' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles repeated failures from one address across usernames', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: uniqueName('spray'), password: 'guess-guess' }, remoteAddress: ip });
      expect(res.statusCode).toBe(401);
    }
    const { username, password } = await registerUser(t.app);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: '192.0.2.78' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('logs out: 204, the cookie is cleared and the session no longer works', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'mo_session');
    expect(cleared?.value).toBe('');
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers 401 JSON for anonymous and tampered sessions', async () => {
    const anon = await t.app.inject({ url: '/api/user' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ message: expect.any(String) });

    const { cookie } = await registerUser(t.app);
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ url: '/api/user', headers: { cookie: tampered } })).statusCode).toBe(401);
  });
});

describe('session cookie behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: true });
  });
  afterAll(async () => t?.close());

  it('is Secure when the request came over HTTPS', async () => {
    const username = uniqueName();
    const res = await t.app.inject({
      method: 'POST', url: '/api/register', headers: { 'x-forwarded-proto': 'https' },
      payload: { username, email: `${username}@example.com`, password: 'secret-pass' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === 'mo_session')?.secure).toBe(true);
  });
});
