import { allocateByShares, formatBps } from '@members-only/shared/splits';
import type { RecordEarning } from '@members-only/shared/payouts';
import type { Repositories, UnitOfWork } from '../repositories/index';
import type { SplitEarningPartRecord, SplitEarningRecord } from '../repositories/split.repository';
import type { Actor } from '../policies/index';
import { conflict } from '../errors';
import { hasSigned, sheetHash, sheetStatus, writeShareEntry } from '../domain/splits';

/**
 * Records an earning for a song and splits it by the song's agreed sheet, in one transaction (issue
 * 30, ADR 049): the song earning, each line's part by master share (largest remainder over whole
 * cents, `allocateByShares`, so the parts add up to the amount), a ledger entry in each member's
 * ledger naming the song (with the payout and admin audit rows), and an invited person's part kept
 * as owed. A sheet that is not agreed, checked again under the song's lock, is a 409 and nothing
 * is written. The caller has authorized the admin.
 */
export async function recordSongEarningCommand(
  { actor, songId, input }: { actor: Actor; songId: number; input: RecordEarning },
  deps: { uow: UnitOfWork },
): Promise<SongEarningResult> {
  return deps.uow.run((r) => splitSongEarning(r, { actor, songId, input }));
}

export type SongEarningResult = { earning: SplitEarningRecord; parts: SplitEarningPartRecord[] };

/**
 * The command's writes inside a transaction the caller holds, so a CSV statement whose lines name
 * songs (ledger.service `importEarnings`) splits each of them with this same code, all in the
 * statement's one transaction.
 */
export async function splitSongEarning(r: Repositories, { actor, songId, input }: { actor: Actor; songId: number; input: RecordEarning }): Promise<SongEarningResult> {
  await r.splits.lockSong(songId);
  const sheet = await r.splits.findSheetBySong(songId);
  if (!sheet) throw conflict('This song has no split sheet yet; its earnings cannot be split until one is agreed.');
  const lines = await r.splits.listContributors(sheet.id);
  const hash = sheetHash(sheet, lines);
  if (sheetStatus(lines, hash) !== 'agreed') {
    const signed = lines.filter((c) => hasSigned(c, hash)).length;
    throw conflict(`The song's split sheet is not agreed yet (${signed} of ${lines.length} signed); record the earning once everyone has signed.`);
  }
  const amounts = allocateByShares(input.amountMinor, lines.map((c) => c.master_bps));
  const earning = await r.splits.insertEarning({
    song_id: songId,
    amount_minor: input.amountMinor,
    currency: input.currency,
    source: input.source,
    period: input.period,
    note: input.note,
    content_hash: hash,
    created_by: actor.id,
    reverses_id: null,
    reason: null,
  });
  const parts: SplitEarningPartRecord[] = [];
  for (const [position, line] of lines.entries()) {
    const amount = amounts[position]!;
    let ledgerEntryId: number | null = null;
    if (line.user_id !== null && amount !== 0) {
      await r.ledger.lockArtist(line.user_id);
      const entry = await writeShareEntry(
        r,
        actor,
        {
          user_id: line.user_id,
          kind: 'earning',
          amount_minor: amount,
          currency: input.currency,
          source: input.source,
          period: input.period,
          note: `${sheet.title}: ${formatBps(line.master_bps)} of the master (split sheet)${input.note ? ` · ${input.note}` : ''}`,
          status: 'recorded',
          payment_method_id: null,
          paid_to: null,
          paid_at: null,
          created_by: actor.id,
        },
        {
          payoutAction: 'ledger.song_earning_share',
          payoutDetail: { songId, songEarningId: earning.id, amountMinor: amount, currency: input.currency, masterBps: line.master_bps },
          action: 'ledger-earning',
          detail: `${sheet.title} (split sheet) · ${input.source} · ${input.period}`,
        },
      );
      ledgerEntryId = entry.id;
    }
    parts.push(
      await r.splits.insertPart({
        earning_id: earning.id,
        position,
        contributor_id: line.id,
        user_id: line.user_id,
        name: line.name,
        email: line.email,
        master_bps: line.master_bps,
        amount_minor: amount,
        ledger_entry_id: ledgerEntryId,
      }),
    );
  }
  return { earning, parts };
}
