import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers';
import { createRepositories, createUnitOfWork, type Repositories, type UnitOfWork } from '../repositories/index';
import type { Actor } from '../policies/index';
import type { SongRow } from '../db/types';
import { saveSplitSheetCommand } from './save-split-sheet.command';
import { signSplitSheetCommand } from './sign-split-sheet.command';
import { recordSongEarningCommand } from './record-song-earning.command';
import { reverseSongEarningCommand } from './reverse-song-earning.command';

const TABLES = ['split_sheets', 'split_contributors', 'split_earnings', 'split_earning_parts', 'ledger_entries', 'payout_audit_events', 'audit_events'] as const;

/**
 * The split sheet's multi-step writes are one transaction each (ADR 051): their last step failing,
 * as a lost connection would, leaves every table they touch as it was.
 */
describe.each(dialects)('split commands hold together on %s', (dialect) => {
  let database: TestDatabase;
  let repos: Repositories;
  let admin: Actor;
  let artist: Actor;
  let guest: Actor;
  let song: SongRow;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    repos = createRepositories(database.db.kysely);
    const user = async (isAdmin: boolean) => {
      const row = await repos.users.insert({ username: `u${crypto.randomBytes(5).toString('hex')}`, email: `${crypto.randomBytes(5).toString('hex')}@example.com`, phone_number: null, password_hash: 'x', is_admin: isAdmin ? 1 : 0, is_premium: 0 });
      return { id: row.id, isAdmin, plan: 'free' as const };
    };
    admin = await user(true);
    artist = await user(false);
    guest = await user(false);
    song = await repos.songs.insert({ user_id: artist.id, title: 'Held Together' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const uow = (): UnitOfWork => createUnitOfWork(database.db.kysely);
  const failingAt = (change: (r: Repositories) => Repositories): UnitOfWork => ({ run: (work) => uow().run((r) => work(change(r))) });
  const lost = () => Promise.reject(new Error('connection lost'));
  const snapshot = async () => {
    const out: Record<string, string> = {};
    for (const table of TABLES) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db.kysely);
      out[table] = JSON.stringify(rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort());
    }
    return out;
  };
  const members = () => new Map([[artist.id, 'artist'], [guest.id, 'guest']]);
  const input = (artistBps: number) => ({
    contributors: [
      { userId: artist.id, roles: ['writer' as const], publishingBps: artistBps, masterBps: artistBps },
      { userId: guest.id, roles: ['producer' as const], publishingBps: 6000 - artistBps, masterBps: 6000 - artistBps },
      { name: 'Invited Person', email: 'invited@example.com', roles: ['featured' as const], publishingBps: 4000, masterBps: 4000 },
    ],
  });

  it('saving a change whose last step fails keeps the sheet and its signatures as they were', async () => {
    await saveSplitSheetCommand({ song, input: input(3000), members: members(), today: '2026-11-27' }, { uow: uow() });
    const sheet = (await repos.splits.findSheetBySong(song.id))!;
    const lines = await repos.splits.listContributors(sheet.id);
    await signSplitSheetCommand({ songId: song.id, contributorId: lines[0]!.id, fullName: 'Artist Name', ip: '127.0.0.1' }, { uow: uow() });
    const before = await snapshot();
    const broken = failingAt((r) => ({ ...r, splits: { ...r.splits, voidSignatures: lost } }));
    await expect(saveSplitSheetCommand({ song, input: input(2000), members: members(), today: '2026-11-28' }, { uow: broken })).rejects.toThrow('connection lost');
    expect(await snapshot()).toEqual(before);
  });

  it('an earning whose last part fails writes no earning, part, ledger entry or audit row; its reversal likewise', async () => {
    const sheet = (await repos.splits.findSheetBySong(song.id))!;
    for (const line of await repos.splits.listContributors(sheet.id)) {
      await signSplitSheetCommand({ songId: song.id, contributorId: line.id, fullName: `Signer ${line.id}`, ip: null }, { uow: uow() });
    }
    const earning = { amountMinor: 10_001, currency: 'USD', source: 'Distro', period: '2026-10', note: '' };
    let before = await snapshot();
    let parts = 0;
    const lastPartFails = failingAt((r) => ({ ...r, splits: { ...r.splits, insertPart: (values) => (++parts === 3 ? lost() : r.splits.insertPart(values)) } }));
    await expect(recordSongEarningCommand({ actor: admin, songId: song.id, input: earning }, { uow: lastPartFails })).rejects.toThrow('connection lost');
    expect(await snapshot()).toEqual(before);

    const recorded = await recordSongEarningCommand({ actor: admin, songId: song.id, input: earning }, { uow: uow() });
    expect(recorded.parts.map((p) => p.amount_minor)).toEqual([3000, 3000, 4001]);
    before = await snapshot();
    parts = 0;
    await expect(reverseSongEarningCommand({ actor: admin, earningId: recorded.earning.id, reason: 'wrong' }, { uow: lastPartFails })).rejects.toThrow('connection lost');
    expect(await snapshot()).toEqual(before);
    const reversed = await reverseSongEarningCommand({ actor: admin, earningId: recorded.earning.id, reason: 'wrong' }, { uow: uow() });
    expect(reversed.parts.map((p) => p.amount_minor)).toEqual([-3000, -3000, -4001]);
  });
});
