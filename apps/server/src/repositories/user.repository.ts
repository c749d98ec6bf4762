import type { Kysely } from 'kysely';
import type { Database, NewUserRow, UserRow } from '../db/types';
import { flag, lockKeys, nowIso } from '../db/index';
import { emailKey, usernameKey, usernameSkeleton } from './user-keys';

export { emailKey, usernameKey, usernameSkeleton };

export type UserRoleChange = Partial<{ isAdmin: boolean; isPremium: boolean }>;

export function createUserRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).orderBy('id', 'asc').limit(1).executeTakeFirst();
    },

    /** An account whose name looks like `username` (same skeleton, ADR 032), when there is one. */
    async existsLookingLike(username: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('username_skeleton', '=', usernameSkeleton(username)).executeTakeFirst();
      return row !== undefined;
    },

    async existsByEmail(email: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('email_key', '=', emailKey(email)).executeTakeFirst();
      return row !== undefined;
    },

    async insert(user: Omit<NewUserRow, 'username_key' | 'username_skeleton' | 'email_key' | 'created_at' | 'updated_at'>): Promise<UserRow> {
      const now = nowIso();
      return db
        .insertInto('users')
        .values({
          ...user,
          username_key: usernameKey(user.username),
          username_skeleton: usernameSkeleton(user.username),
          email_key: emailKey(user.email),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Within a transaction: registrations take turns until it ends, so the first-account rule
     * below only ever compares committed rows (a no-op on SQLite, where writers already do).
     */
    lockRegistrations: () => lockKeys(db, ['users:register']),

    /**
     * Makes the user an admin when it is the installation's first account (amendment B8).
     * Decided by the lowest id, so two simultaneous first sign-ups cannot both win on SQLite.
     */
    async promoteIfFirst(id: number): Promise<boolean> {
      const first = await db.selectFrom('users').select((eb) => eb.fn.min<number>('id').as('id')).executeTakeFirst();
      if (Number(first?.id) !== id) return false;
      await db.updateTable('users').set({ is_admin: flag(true), updated_at: nowIso() }).where('id', '=', id).execute();
      return true;
    },

    /**
     * Within a transaction: changes of admin rights take turns until it ends, so a rule that reads
     * the admins (at least one remains, ADR 032) sees every change committed before it. PostgreSQL
     * takes an advisory lock; SQLite runs one transaction at a time on its one connection.
     */
    lockAdmins: () => lockKeys(db, ['users:admins']),

    async countAdmins(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('is_admin', '=', flag(true)).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async setRoles(id: number, change: UserRoleChange): Promise<UserRow | undefined> {
      const set: Record<string, unknown> = { updated_at: nowIso() };
      if (change.isAdmin !== undefined) set.is_admin = flag(change.isAdmin);
      if (change.isPremium !== undefined) set.is_premium = flag(change.isPremium);
      return db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async list({ limit, offset }: { limit: number; offset: number }): Promise<{ rows: UserRow[]; total: number }> {
      const rows = await db.selectFrom('users').selectAll().orderBy('id', 'asc').limit(limit).offset(offset).execute();
      const count = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
