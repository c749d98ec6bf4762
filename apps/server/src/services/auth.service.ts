import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, RegisterInput } from '@members-only/shared';
import type { UserRow } from '../db/types';
import { isUniqueViolation } from '../db/index';
import { conflict, invalidCredentials, tooManyRequests } from '../errors';
import { usernameKey } from '../repositories/user.repository';
import type { SessionRepository } from '../repositories/session.repository';
import type { Repositories, UnitOfWork } from '../repositories/index';

export interface AuthSettings {
  sessionTtlDays: number;
  maxFailures: number;
  maxFailuresPerIp: number;
  throttleWindowMinutes: number;
  registerMaxPerIp: number;
  registerWindowMinutes: number;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
const hashPassword = (password: string) => hash(password);

/** Verified against when the username is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;

/** Session tokens are random; only their SHA-256 is stored, so a leaked table opens no session. */
const sessionIdOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Accounts and sessions: registration, sign-in with throttling, sign-out, and the session behind a cookie (only its SHA-256 is stored). */
export function createAuthService(deps: {
  repos: Pick<Repositories, 'users' | 'sessions' | 'loginFailures' | 'throttles'>;
  uow: UnitOfWork;
  settings: AuthSettings;
}) {
  const { repos, uow, settings } = deps;
  const { users, sessions, loginFailures, throttles } = repos;

  async function startSession(
    userId: number,
    client: ClientInfo,
    into: SessionRepository = sessions,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + settings.sessionTtlDays * 86_400_000);
    await into.insert({ id: sessionIdOf(token), userId, expiresAt, ip: client.ip, userAgent: client.userAgent });
    return { token, expiresAt };
  }

  /**
   * Takes one of the username's and the address's failure allowances before the password is
   * checked (atomically, so parallel attempts cannot all pass the check), or answers 429.
   */
  async function reserveAttempt(key: string, ip: string) {
    const windowMs = settings.throttleWindowMinutes * 60_000;
    const since = new Date(Date.now() - windowMs);
    const reserved = await loginFailures.reserve(key, ip, since, { perUsername: settings.maxFailures, perIp: settings.maxFailuresPerIp });
    if (reserved) return;
    const counts = await loginFailures.countSince(key, ip, since);
    const blocked = counts.username.count >= settings.maxFailures ? counts.username : counts.ip;
    const oldest = blocked.oldest ? new Date(blocked.oldest).getTime() : Date.now();
    const retryAfterSeconds = Math.max(1, (oldest + windowMs - Date.now()) / 1000);
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    throw tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfterSeconds,
    );
  }

  async function assertRegistrationAllowed(ip: string) {
    const windowMs = settings.registerWindowMinutes * 60_000;
    const { allowed, oldest } = await throttles.take('register', ip, new Date(Date.now() - windowMs), settings.registerMaxPerIp);
    if (allowed) return;
    const retryAfterSeconds = Math.max(1, ((oldest ? new Date(oldest).getTime() : Date.now()) + windowMs - Date.now()) / 1000);
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    throw tooManyRequests(`Too many new accounts from this network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds);
  }

  return {
    async register(input: RegisterInput, client: ClientInfo) {
      await assertRegistrationAllowed(client.ip);
      // Compared by look, not by spelling: NFKC, case-folded, confusable skeleton (ADR 032).
      if (await users.existsLookingLike(input.username)) throw conflict('That username is taken', 'username');
      if (await users.existsByEmail(input.email)) throw conflict('An account with that email already exists', 'email');
      // Hashed before the transaction: the database is not held while argon2 works.
      const passwordHash = await hashPassword(input.password);
      // The account, its admin flag when it is the installation's first, and its first session
      // are written together or not at all.
      return uow.run(async (r) => {
        await r.users.lockRegistrations();
        let user: UserRow;
        try {
          user = await r.users.insert({
            username: input.username,
            email: input.email,
            phone_number: input.phoneNumber ?? null,
            password_hash: passwordHash,
            is_admin: 0,
            is_premium: 0,
          });
        } catch (error) {
          // Two sign-ups racing for the same name: the database's unique index decides.
          if (isUniqueViolation(error)) throw conflict('That username or email is taken', 'username');
          throw error;
        }
        if (await r.users.promoteIfFirst(user.id)) user = (await r.users.findById(user.id))!;
        return { user, session: await startSession(user.id, client, r.sessions) };
      });
    },

    async login(input: LoginInput, client: ClientInfo, previousToken?: string) {
      const key = usernameKey(input.username);
      // Counted as a failure up front; cleared below when the password turns out right.
      await reserveAttempt(key, client.ip);
      const user = await users.findByUsername(input.username);
      dummyHash ??= hashPassword('not-a-real-password');
      const ok = await verify(user?.password_hash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !ok) throw invalidCredentials();
      await loginFailures.clearForUsername(key);
      // Rotate: the pre-login session (if any) stops working, so a planted session id is useless.
      if (previousToken) await sessions.delete(sessionIdOf(previousToken));
      return { user, session: await startSession(user.id, client) };
    },

    async logout(token: string | undefined) {
      if (token) await sessions.delete(sessionIdOf(token));
    },

    userForSession(token: string): Promise<UserRow | undefined> {
      return sessions.findLiveUser(sessionIdOf(token));
    },

    /** The session's user and when the session expires (ISO), while it is live. */
    liveSession(token: string): Promise<{ user: UserRow; expiresAt: string } | undefined> {
      return sessions.findLive(sessionIdOf(token));
    },

    /** Housekeeping: expired sessions and login failures outside the window. */
    async prune() {
      await sessions.deleteExpired();
      await loginFailures.deleteOlderThan(new Date(Date.now() - settings.throttleWindowMinutes * 60_000));
      await throttles.deleteOlderThan(new Date(Date.now() - settings.registerWindowMinutes * 60_000));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
