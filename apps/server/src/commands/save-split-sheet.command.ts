import type { SplitSheetInput } from '@members-only/shared/splits';
import type { SongRow } from '../db/types';
import type { UnitOfWork } from '../repositories/index';
import type { NewSplitContributor } from '../repositories/split.repository';
import { contributorKey, sheetText } from '../domain/splits';

export interface SaveSplitSheetResult {
  sheetId: number;
  /** The signed content changed (a new sheet counts as changed). */
  changed: boolean;
  /** Signatures that had been given were voided by the change. */
  signaturesVoided: boolean;
}

/**
 * Saves a song's split sheet in one transaction (ADR 049): the sheet, its lines in order (a line
 * keeps its row, and so an invited person's link, while its member or e-mail stays on the sheet),
 * lines taken off, and, when the content that is signed changed, every signature and decline
 * cleared and the sheet's date set to today. Saving the same content changes nothing. The caller
 * (the split service) has authorized the song's owner and checked that every member exists;
 * `members` maps each member's id to the username the sheet records.
 */
export async function saveSplitSheetCommand(
  { song, input, members, today }: { song: SongRow; input: SplitSheetInput; members: ReadonlyMap<number, string>; today: string },
  deps: { uow: UnitOfWork },
): Promise<SaveSplitSheetResult> {
  return deps.uow.run(async (r) => {
    await r.splits.lockSong(song.id);
    const existing = await r.splits.findSheetBySong(song.id);
    const before = existing ? await r.splits.listContributors(existing.id) : [];
    const lines: NewSplitContributor[] = input.contributors.map((c, position) => {
      const userId = c.userId ?? null;
      return {
        position,
        user_id: userId,
        name: userId !== null ? members.get(userId)! : c.name!,
        email: userId !== null ? null : c.email!,
        roles: JSON.stringify([...new Set(c.roles)]),
        publishing_bps: c.publishingBps,
        master_bps: c.masterBps,
      };
    });
    const head = {
      song_id: song.id,
      title: song.title,
      isrc: input.isrc !== undefined ? input.isrc : (existing?.isrc ?? song.isrc ?? null),
      statement: input.statement ?? existing?.statement ?? '',
    };
    if (existing) {
      const same = sheetText({ ...head, sheet_date: existing.sheet_date }, lines) === sheetText(existing, before);
      // Nothing that is signed changed: an e-mail's case or a role listed twice is not a change.
      if (same) return { sheetId: existing.id, changed: false, signaturesVoided: false };
    }
    const sheet = existing ?? (await r.splits.insertSheet({ ...head, user_id: song.user_id, sheet_date: today }));
    if (existing) await r.splits.updateSheet(existing.id, { title: head.title, isrc: head.isrc, statement: head.statement, sheet_date: today });
    const byKey = new Map(before.map((c) => [contributorKey(c), c]));
    const kept = new Set<number>();
    for (const line of lines) {
      const old = byKey.get(contributorKey(line));
      if (old) {
        kept.add(old.id);
        await r.splits.updateContributor(old.id, line);
      } else {
        await r.splits.insertContributor(sheet.id, line);
      }
    }
    await r.splits.deleteContributors(before.filter((c) => !kept.has(c.id)).map((c) => c.id));
    const voided = existing ? await r.splits.voidSignatures(sheet.id) : 0;
    return { sheetId: sheet.id, changed: true, signaturesVoided: voided > 0 };
  });
}
