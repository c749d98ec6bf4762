// Facts about split sheets that the split service and its commands both need (ADR 051: commands
// do not import services): the exact text that is signed, its hash, and whether a sheet is agreed.
import { createHash } from 'node:crypto';
import { canonicalSheetText, type SplitStatus } from '@members-only/shared/splits';
import type { SplitContributorRow, SplitSheetRow } from '../db/types';
import type { Repositories } from '../repositories/index';
import type { LedgerEntryRecord, NewLedgerEntry } from '../repositories/ledger.repository';
import type { Actor } from '../policies/index';

type SheetPart = Pick<SplitSheetRow, 'song_id' | 'title' | 'isrc' | 'sheet_date' | 'statement'>;
type LinePart = Pick<SplitContributorRow, 'user_id' | 'email' | 'name' | 'roles' | 'publishing_bps' | 'master_bps'>;

/** How a line is told apart: a member by id, an invited person by e-mail (case aside). */
export const contributorKey = (c: Pick<SplitContributorRow, 'user_id' | 'email'>) => (c.user_id !== null ? `u:${c.user_id}` : `e:${(c.email ?? '').toLowerCase()}`);

export const rolesOf = (c: Pick<SplitContributorRow, 'roles'>) => JSON.parse(c.roles) as string[];

/** The text every signature is made over (`canonicalSheetText`, ADR 049). */
export function sheetText(sheet: SheetPart, lines: readonly LinePart[]): string {
  return canonicalSheetText({
    songId: String(sheet.song_id),
    title: sheet.title,
    isrc: sheet.isrc,
    date: sheet.sheet_date,
    statement: sheet.statement,
    contributors: lines.map((c) => ({ key: contributorKey(c), name: c.name, roles: rolesOf(c), publishingBps: c.publishing_bps, masterBps: c.master_bps })),
  });
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The sheet's content hash as it is now. */
export const sheetHash = (sheet: SheetPart, lines: readonly LinePart[]) => sha256Hex(sheetText(sheet, lines));

/** A line has signed this exact content. */
export const hasSigned = (c: Pick<SplitContributorRow, 'signed_at' | 'signed_hash'>, hash: string) => c.signed_at !== null && c.signed_hash === hash;

/** Draft until the first signature; agreed when every line has signed the current content. */
export function sheetStatus(lines: readonly Pick<SplitContributorRow, 'signed_at' | 'signed_hash'>[], hash: string): SplitStatus {
  const signed = lines.filter((c) => hasSigned(c, hash)).length;
  if (lines.length > 0 && signed === lines.length) return 'agreed';
  return signed === 0 ? 'draft' : 'awaiting_signatures';
}

/**
 * One member's ledger entry for a song earning or its reversal, with its payout-audit row and its
 * admin Audit log row, in the caller's transaction (the one place both song-earning commands write
 * a share).
 */
export async function writeShareEntry(
  r: Repositories,
  actor: Actor,
  values: NewLedgerEntry,
  audit: { payoutAction: 'ledger.song_earning_share' | 'ledger.entry_reversed'; payoutDetail: Record<string, unknown>; action: 'ledger-earning' | 'ledger-reversal'; detail: string },
): Promise<LedgerEntryRecord> {
  const entry = await r.ledger.insert(values);
  await r.payoutAudit.record({ actorId: actor.id, subjectUserId: values.user_id, action: audit.payoutAction, entity: 'ledger_entry', entityId: entry.id, detail: audit.payoutDetail });
  await auditShare(r, actor, values.user_id, { action: audit.action, amountMinor: entry.amount_minor, currency: entry.currency, detail: audit.detail });
  return entry;
}

/** The admin Audit log's row for one member's share (same transaction as the entry). */
export async function auditShare(r: Repositories, actor: Actor, userId: number, event: { action: 'ledger-earning' | 'ledger-reversal'; amountMinor: number; currency: string; detail: string }) {
  const name = (await r.users.findById(actor.id))?.username ?? `user ${actor.id}`;
  const subject = (await r.users.findById(userId))?.username ?? 'deleted user';
  await r.audit.record({ actorId: actor.id, actor: name, subject, ...event });
}

