import type { Kysely } from 'kysely';
import type { Database, SplitContributorRow, SplitEarningPartRow, SplitEarningRow, SplitSheetRow } from '../db/types';
import { lockKeys, nowIso } from '../db/index';

export type NewSplitContributor = Pick<SplitContributorRow, 'position' | 'user_id' | 'name' | 'email' | 'roles' | 'publishing_bps' | 'master_bps'>;
/** An earning or a part with its amount as a number (PostgreSQL answers bigint as text). */
export type SplitEarningRecord = Omit<SplitEarningRow, 'amount_minor'> & { amount_minor: number };
export type SplitEarningPartRecord = Omit<SplitEarningPartRow, 'amount_minor'> & { amount_minor: number };

const earning = (row: SplitEarningRow): SplitEarningRecord => ({ ...row, amount_minor: Number(row.amount_minor) });
const part = (row: SplitEarningPartRow): SplitEarningPartRecord => ({ ...row, amount_minor: Number(row.amount_minor) });

/** Split sheets, their contributors and signatures, and the song earnings split by them (issue 30, ADR 049). */
export function createSplitRepository(db: Kysely<Database>) {
  return {
    /** Holds back other writers of this song's sheet until the transaction ends (PostgreSQL; SQLite runs one at a time). */
    lockSong: (songId: number) => lockKeys(db, [`split:song:${songId}`]),

    findSheetBySong: (songId: number): Promise<SplitSheetRow | undefined> => db.selectFrom('split_sheets').selectAll().where('song_id', '=', songId).executeTakeFirst(),
    findSheetById: (id: number): Promise<SplitSheetRow | undefined> => db.selectFrom('split_sheets').selectAll().where('id', '=', id).executeTakeFirst(),

    listContributors: (sheetId: number): Promise<SplitContributorRow[]> =>
      db.selectFrom('split_contributors').selectAll().where('sheet_id', '=', sheetId).orderBy('position').orderBy('id').execute(),

    findContributor: (sheetId: number, id: number): Promise<SplitContributorRow | undefined> =>
      db.selectFrom('split_contributors').selectAll().where('sheet_id', '=', sheetId).where('id', '=', id).executeTakeFirst(),

    findContributorByTokenHash: (tokenHash: string): Promise<SplitContributorRow | undefined> =>
      db.selectFrom('split_contributors').selectAll().where('invite_token_hash', '=', tokenHash).executeTakeFirst(),

    /** Whether the member is a line of the song's sheet. */
    async isMemberOf(songId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('split_contributors as c')
        .innerJoin('split_sheets as s', 's.id', 'c.sheet_id')
        .select('c.id')
        .where('s.song_id', '=', songId)
        .where('c.user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** For ledger entries that are shares of a song earning (or their reversals): the song, the share and the whole earning. */
    async sharesOfEntries(entryIds: readonly number[]): Promise<{ ledger_entry_id: number; song_id: number; title: string; master_bps: number; earning_minor: number }[]> {
      if (entryIds.length === 0) return [];
      const rows = await db
        .selectFrom('split_earning_parts as p')
        .innerJoin('split_earnings as e', 'e.id', 'p.earning_id')
        .leftJoin('songs as g', 'g.id', 'e.song_id')
        .leftJoin('split_sheets as s', 's.song_id', 'e.song_id')
        .select(['p.ledger_entry_id', 'e.song_id', 'g.title as song_title', 's.title as sheet_title', 'p.master_bps', 'e.amount_minor'])
        .where('p.ledger_entry_id', 'in', [...entryIds])
        .execute();
      return rows.map((r) => ({ ledger_entry_id: r.ledger_entry_id!, song_id: r.song_id, title: r.song_title ?? r.sheet_title ?? `Song ${r.song_id}`, master_bps: r.master_bps, earning_minor: Number(r.amount_minor) }));
    },

    /**
     * The songs a CSV statement for this member may name (ADR 053): their own, and those whose
     * sheet lists them as a member; with the song's ISRC and the one its sheet records.
     */
    statementSongsFor: (userId: number): Promise<{ id: number; title: string; isrc: string | null; sheet_title: string | null; sheet_isrc: string | null }[]> =>
      db
        .selectFrom('songs as g')
        .leftJoin('split_sheets as s', 's.song_id', 'g.id')
        .select(['g.id', 'g.title', 'g.isrc', 's.title as sheet_title', 's.isrc as sheet_isrc'])
        .where((eb) =>
          eb.or([
            eb('g.user_id', '=', userId),
            eb.exists(eb.selectFrom('split_contributors as c').select('c.id').whereRef('c.sheet_id', '=', 's.id').where('c.user_id', '=', userId)),
          ]),
        )
        .orderBy('g.id')
        .execute(),

    /** The sheets of the member's songs and the sheets the member is a line of, with the song's owner, newest change first. */
    async listSheetsFor(userId: number): Promise<{ sheet: SplitSheetRow; songId: number; ownerId: number }[]> {
      const rows = await db
        .selectFrom('split_sheets as s')
        .innerJoin('songs as g', 'g.id', 's.song_id')
        .selectAll('s')
        .select('g.user_id as owner_id')
        .where((eb) =>
          eb.or([
            eb('g.user_id', '=', userId),
            eb.exists(eb.selectFrom('split_contributors as c').select('c.id').whereRef('c.sheet_id', '=', 's.id').where('c.user_id', '=', userId)),
          ]),
        )
        .orderBy('s.updated_at', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
      return rows.map(({ owner_id, ...sheet }) => ({ sheet: sheet as SplitSheetRow, songId: sheet.song_id, ownerId: owner_id }));
    },

    async insertSheet(values: Pick<SplitSheetRow, 'song_id' | 'user_id' | 'title' | 'isrc' | 'sheet_date' | 'statement'>): Promise<SplitSheetRow> {
      const now = nowIso();
      return db.insertInto('split_sheets').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
    },

    async updateSheet(id: number, values: Pick<SplitSheetRow, 'title' | 'isrc' | 'sheet_date' | 'statement'>): Promise<void> {
      await db.updateTable('split_sheets').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    async insertContributor(sheetId: number, values: NewSplitContributor): Promise<SplitContributorRow> {
      const now = nowIso();
      return db.insertInto('split_contributors').values({ ...values, sheet_id: sheetId, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
    },

    async updateContributor(id: number, values: NewSplitContributor): Promise<void> {
      await db.updateTable('split_contributors').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    async deleteContributors(ids: readonly number[]): Promise<void> {
      if (ids.length) await db.deleteFrom('split_contributors').where('id', 'in', [...ids]).execute();
    },

    /** Every signature and decline on the sheet is cleared: its content changed. Returns how many signatures there were. */
    async voidSignatures(sheetId: number): Promise<number> {
      const signed = await db.selectFrom('split_contributors').select('id').where('sheet_id', '=', sheetId).where('signed_at', 'is not', null).execute();
      await db
        .updateTable('split_contributors')
        .set({ signed_name: null, signed_at: null, signed_ip: null, signed_hash: null, declined_at: null, decline_reason: null, updated_at: nowIso() })
        .where('sheet_id', '=', sheetId)
        .execute();
      return signed.length;
    },

    async sign(id: number, values: { name: string; at: string; ip: string | null; hash: string }): Promise<void> {
      await db
        .updateTable('split_contributors')
        .set({ signed_name: values.name, signed_at: values.at, signed_ip: values.ip, signed_hash: values.hash, declined_at: null, decline_reason: null, updated_at: values.at })
        .where('id', '=', id)
        .execute();
    },

    async decline(id: number, values: { reason: string; at: string }): Promise<void> {
      await db
        .updateTable('split_contributors')
        .set({ signed_name: null, signed_at: null, signed_ip: null, signed_hash: null, declined_at: values.at, decline_reason: values.reason, updated_at: values.at })
        .where('id', '=', id)
        .execute();
    },

    async setInvite(id: number, tokenHash: string, expiresAt: string): Promise<void> {
      await db.updateTable('split_contributors').set({ invite_token_hash: tokenHash, invite_expires_at: expiresAt, invite_revoked_at: null, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    async revokeInvite(id: number, at: string): Promise<void> {
      await db.updateTable('split_contributors').set({ invite_revoked_at: at, updated_at: at }).where('id', '=', id).execute();
    },

    async insertEarning(values: Omit<SplitEarningRow, 'id' | 'created_at' | 'amount_minor'> & { amount_minor: number }): Promise<SplitEarningRecord> {
      return earning(await db.insertInto('split_earnings').values({ ...values, created_at: nowIso() }).returningAll().executeTakeFirstOrThrow());
    },

    async insertPart(values: Omit<SplitEarningPartRow, 'id' | 'amount_minor'> & { amount_minor: number }): Promise<SplitEarningPartRecord> {
      return part(await db.insertInto('split_earning_parts').values(values).returningAll().executeTakeFirstOrThrow());
    },

    async findEarning(id: number): Promise<SplitEarningRecord | undefined> {
      const row = await db.selectFrom('split_earnings').selectAll().where('id', '=', id).executeTakeFirst();
      return row && earning(row);
    },

    async reversalOf(id: number): Promise<SplitEarningRecord | undefined> {
      const row = await db.selectFrom('split_earnings').selectAll().where('reverses_id', '=', id).executeTakeFirst();
      return row && earning(row);
    },

    /** Newest first. */
    async listEarnings(songId: number): Promise<SplitEarningRecord[]> {
      return (await db.selectFrom('split_earnings').selectAll().where('song_id', '=', songId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(earning);
    },

    async partsOf(earningIds: readonly number[]): Promise<SplitEarningPartRecord[]> {
      if (earningIds.length === 0) return [];
      return (await db.selectFrom('split_earning_parts').selectAll().where('earning_id', 'in', [...earningIds]).orderBy('earning_id').orderBy('position').execute()).map(part);
    },

    /** Whether a ledger entry is a member's part of a song earning (reversed only with the whole earning). */
    async isPartEntry(ledgerEntryId: number): Promise<boolean> {
      return (await db.selectFrom('split_earning_parts').select('id').where('ledger_entry_id', '=', ledgerEntryId).executeTakeFirst()) !== undefined;
    },

    /** What is owed to invited people (parts with no member), per contributor and currency; reversals included. */
    async owedByContributor(contributorIds: readonly number[]): Promise<{ contributor_id: number; currency: string; amount_minor: number }[]> {
      if (contributorIds.length === 0) return [];
      const rows = await db
        .selectFrom('split_earning_parts as p')
        .innerJoin('split_earnings as e', 'e.id', 'p.earning_id')
        .select(['p.contributor_id', 'e.currency', (eb) => eb.fn.sum<number | string>('p.amount_minor').as('amount_minor')])
        .where('p.contributor_id', 'in', [...contributorIds])
        .where('p.user_id', 'is', null)
        .groupBy(['p.contributor_id', 'e.currency'])
        .execute();
      return rows.map((r) => ({ contributor_id: Number(r.contributor_id), currency: r.currency, amount_minor: Number(r.amount_minor) }));
    },

    /** Every invited person owed anything, across songs (the admin ledger's list). */
    async owedAll(): Promise<{ name: string; email: string | null; currency: string; amount_minor: number }[]> {
      const rows = await db
        .selectFrom('split_earning_parts as p')
        .innerJoin('split_earnings as e', 'e.id', 'p.earning_id')
        .select(['p.name', 'p.email', 'e.currency', (eb) => eb.fn.sum<number | string>('p.amount_minor').as('amount_minor')])
        .where('p.user_id', 'is', null)
        .groupBy(['p.name', 'p.email', 'e.currency'])
        .orderBy('p.name')
        .execute();
      return rows.map((r) => ({ name: r.name, email: r.email, currency: r.currency, amount_minor: Number(r.amount_minor) })).filter((r) => r.amount_minor !== 0);
    },
  };
}
export type SplitRepository = ReturnType<typeof createSplitRepository>;
