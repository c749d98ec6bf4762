import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { dialectOf, flag } from '../db/index';
import { LIVE_MEMBERSHIP } from '../domain/membership';

/** The installation at a glance, for the admin dashboard's Overview tab. */
export function createAdminOverviewRepository(db: Kysely<Database>) {
  /** The UTC day of a timestamp column as YYYY-MM-DD, in each database's own words. */
  const dayOf = (column: string) =>
    dialectOf(db) === 'postgres'
      ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(${sql.ref(column)}, 1, 10)`;

  return {
    async userCounts(): Promise<{ total: number; members: number; admins: number }> {
      const row = await db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll().as('total'),
          eb.fn
            .sum(
              eb
                .case()
                .when(eb.or([eb('is_premium', '=', flag(true)), eb('membership_status', 'in', [...LIVE_MEMBERSHIP])]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('members'),
          eb.fn.sum(eb.case().when('is_admin', '=', flag(true)).then(1).else(0).end()).as('admins'),
        ])
        .executeTakeFirst();
      return { total: Number(row?.total ?? 0), members: Number(row?.members ?? 0), admins: Number(row?.admins ?? 0) };
    },

    /** Sign-ups per UTC day since `fromIso` (days without any are left out). */
    async signupsByDay(fromIso: string): Promise<{ day: string; count: number }[]> {
      const day = dayOf('users.created_at');
      const rows = await db
        .selectFrom('users')
        .select((eb) => [day.as('day'), eb.fn.countAll().as('n')])
        .where('created_at', '>=', fromIso)
        .groupBy(day)
        .execute();
      return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
    },

    /** Generations per tool per day, from the plan quota counters (kept for 14 days). */
    async generationsByDay(fromDay: string): Promise<{ day: string; kind: string; count: number }[]> {
      const rows = await db
        .selectFrom('quota_usage')
        .select((eb) => ['day', 'kind', eb.fn.sum('used').as('n')])
        .where('day', '>=', fromDay)
        .groupBy(['day', 'kind'])
        .execute();
      return rows.map((r) => ({ day: r.day, kind: r.kind, count: Number(r.n) }));
    },

    async trackStorage(): Promise<{ files: number; bytes: number }> {
      const row = await db
        .selectFrom('tracks')
        .select((eb) => [eb.fn.countAll().as('files'), eb.fn.sum('size_bytes').as('bytes')])
        .executeTakeFirst();
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
    },
  };
}
export type AdminOverviewRepository = ReturnType<typeof createAdminOverviewRepository>;
