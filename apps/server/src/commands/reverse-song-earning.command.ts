import type { UnitOfWork } from '../repositories/index';
import type { SplitEarningPartRecord, SplitEarningRecord } from '../repositories/split.repository';
import type { Actor } from '../policies/index';
import { conflict, notFound } from '../errors';
import { toIso } from '../db/index';
import { writeShareEntry } from '../domain/splits';

/**
 * Reverses a song earning and every part of it in one transaction (ADR 030, ADR 049): a reversing
 * song earning with the reason, a reversing ledger entry for each member's entry (the exact
 * negative, naming it), and a negative part for each owed one, so every ledger and every amount
 * owed returns to where it was. A song earning is reversed at most once; a reversal is not itself
 * reversed. The caller has authorized the admin.
 */
export async function reverseSongEarningCommand(
  { actor, earningId, reason }: { actor: Actor; earningId: number; reason: string },
  deps: { uow: UnitOfWork },
): Promise<{ earning: SplitEarningRecord; parts: SplitEarningPartRecord[] }> {
  return deps.uow.run(async (r) => {
    const found = await r.splits.findEarning(earningId);
    if (!found) throw notFound('Song earning');
    await r.splits.lockSong(found.song_id);
    if (found.reverses_id !== null) throw conflict('This is itself a reversal; record a new earning instead of reversing it.');
    if (await r.splits.reversalOf(found.id)) throw conflict('This song earning has already been reversed.');
    const earning = await r.splits.insertEarning({
      song_id: found.song_id,
      amount_minor: -found.amount_minor,
      currency: found.currency,
      source: found.source,
      period: found.period,
      note: '',
      content_hash: found.content_hash,
      created_by: actor.id,
      reverses_id: found.id,
      reason,
    });
    const parts: SplitEarningPartRecord[] = [];
    for (const original of await r.splits.partsOf([found.id])) {
      let ledgerEntryId: number | null = null;
      if (original.ledger_entry_id !== null) {
        const entry = await r.ledger.findById(original.ledger_entry_id);
        if (entry) {
          await r.ledger.lockArtist(entry.user_id);
          if (await r.ledger.reversalOf(entry.id)) throw conflict(`Ledger entry #${entry.id} of this earning was already reversed on its own; nothing was changed.`);
          const reversal = await writeShareEntry(
            r,
            actor,
            {
              user_id: entry.user_id,
              kind: entry.kind,
              amount_minor: -entry.amount_minor,
              currency: entry.currency,
              source: entry.source,
              period: entry.period,
              note: '',
              status: entry.status,
              payment_method_id: entry.payment_method_id,
              paid_to: entry.paid_to,
              paid_at: entry.paid_at === null ? null : toIso(entry.paid_at),
              created_by: actor.id,
              reverses_id: entry.id,
              reason,
            },
            {
              payoutAction: 'ledger.entry_reversed',
              payoutDetail: { reverses: entry.id, songEarningId: earning.id, amountMinor: -entry.amount_minor, currency: entry.currency, reason },
              action: 'ledger-reversal',
              detail: `Reversed entry #${entry.id} (song earning #${found.id}): ${reason}`,
            },
          );
          ledgerEntryId = reversal.id;
        }
      }
      parts.push(
        await r.splits.insertPart({
          earning_id: earning.id,
          position: original.position,
          contributor_id: original.contributor_id,
          user_id: original.user_id,
          name: original.name,
          email: original.email,
          master_bps: original.master_bps,
          amount_minor: -original.amount_minor,
          ledger_entry_id: ledgerEntryId,
        }),
      );
    }
    return { earning, parts };
  });
}
