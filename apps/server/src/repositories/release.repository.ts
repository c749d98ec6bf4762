import type { Kysely } from 'kysely';
import type { Database, ReleaseRow } from '../db/types';
import { nowIso } from '../db/index';

export interface ReleaseValues {
  slug: string;
  published: boolean;
  links: string;
  preview_start: number;
  preview_seconds: number;
  cover_art_id: number | null;
}

/** Release pages (ADR 050): one row per song, its sign-ups, and its anonymous daily counts. */
export function createReleaseRepository(db: Kysely<Database>) {
  return {
    findBySong(songId: number): Promise<ReleaseRow | undefined> {
      return db.selectFrom('releases').selectAll().where('song_id', '=', songId).executeTakeFirst();
    },

    findBySlug(slug: string): Promise<ReleaseRow | undefined> {
      return db.selectFrom('releases').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** Creates or replaces the song's page; a taken slug throws the database's unique violation. */
    async save(songId: number, userId: number, values: ReleaseValues): Promise<ReleaseRow> {
      const now = nowIso();
      const row = { ...values, published: values.published ? 1 : 0, updated_at: now };
      const existing = await this.findBySong(songId);
      if (existing) return db.updateTable('releases').set(row).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
      return db.insertInto('releases').values({ ...row, song_id: songId, user_id: userId, created_at: now }).returningAll().executeTakeFirstOrThrow();
    },

    async countSignups(releaseId: number): Promise<number> {
      const row = await db.selectFrom('release_signups').select((eb) => eb.fn.countAll().as('n')).where('release_id', '=', releaseId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Adds the address once per page; a second sign-up with the same address changes nothing. */
    async addSignup(releaseId: number, email: string, consentText: string): Promise<void> {
      await db
        .insertInto('release_signups')
        .values({ release_id: releaseId, email, consent_text: consentText, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['release_id', 'email']).doNothing())
        .execute();
    },

    signups(releaseId: number) {
      return db.selectFrom('release_signups').select(['email', 'consent_text', 'created_at']).where('release_id', '=', releaseId).orderBy('created_at').orderBy('id').execute();
    },

    async recordEvent(releaseId: number, day: string, kind: 'view' | 'click', service: string | null = null): Promise<void> {
      await db.insertInto('release_events').values({ release_id: releaseId, day, kind, service }).execute();
    },

    /** Counts by day, kind and service from `fromDay` on. */
    async eventCounts(releaseId: number, fromDay: string) {
      const rows = await db
        .selectFrom('release_events')
        .select(['day', 'kind', 'service', (eb) => eb.fn.countAll().as('n')])
        .where('release_id', '=', releaseId)
        .where('day', '>=', fromDay)
        .groupBy(['day', 'kind', 'service'])
        .execute();
      return rows.map((r) => ({ day: r.day, kind: r.kind, service: r.service, n: Number(r.n) }));
    },

    /** All-time clicks per service. */
    async clickTotals(releaseId: number) {
      const rows = await db
        .selectFrom('release_events')
        .select(['kind', 'service', (eb) => eb.fn.countAll().as('n')])
        .where('release_id', '=', releaseId)
        .groupBy(['kind', 'service'])
        .execute();
      return rows.map((r) => ({ kind: r.kind, service: r.service, n: Number(r.n) }));
    },
  };
}
export type ReleaseRepository = ReturnType<typeof createReleaseRepository>;
