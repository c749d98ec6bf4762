import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, uniqueName, type TestApp } from '../../../test/helpers';

describe.each(dialects)('sign-in and sign-up throttling under parallel requests on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lets exactly LOGIN_MAX_FAILURES of 200 simultaneous wrong passwords reach the password check', async () => {
    t = await createTestApp(dialect, { LOGIN_MAX_FAILURES: 5, LOGIN_MAX_FAILURES_PER_IP: 1000 });
    const app = t.app;
    const { username } = await registerUser(app);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'wrong-password' } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // A 401 means the password was checked; every other attempt was refused before the check.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds the per-address limit under a parallel burst across many usernames', async () => {
    t = await createTestApp(dialect, { LOGIN_MAX_FAILURES: 5, LOGIN_MAX_FAILURES_PER_IP: 7 });
    const app = t.app;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/login', payload: { username: `nobody${i}`, password: 'wrong-password' } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(7);
  });

  it('still signs in with the right password after a few failures, and clears them', async () => {
    t = await createTestApp(dialect, { LOGIN_MAX_FAILURES: 3 });
    const app = t.app;
    const { username, password } = await registerUser(app);
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'nope-nope' } })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).statusCode).toBe(200);
    // Cleared: three more failures are allowed again before the lock.
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'nope-nope' } })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).statusCode).toBe(429);
  });

  it('throttles registrations per address, parallel ones included', async () => {
    t = await createTestApp(dialect, { REGISTER_MAX_PER_IP: 3 });
    const app = t.app;
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => {
        const username = uniqueName();
        return app.inject({ method: 'POST', url: '/api/register', payload: { username, email: `${username}@example.com`, password: 'secret-pass' } });
      }),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.json().message).toMatch(/Too many new accounts/);
    // Another address is not affected.
    const username = uniqueName();
    const other = await app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '203.0.113.9',
      payload: { username, email: `${username}@example.com`, password: 'secret-pass' },
    });
    expect(other.statusCode).toBe(201);
  });
});
