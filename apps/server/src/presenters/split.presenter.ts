import type { z } from 'zod';
import type { SplitSheet, SongEarning, splitInvitePageSchema } from '@members-only/shared/splits';
import type { SplitContributorRow } from '../db/types';
import { toIso } from '../db/index';
import { hasSigned, rolesOf } from '../domain/splits';
import type { SongEarningRecord, SplitSheetRecord } from '../services/split.service';

const signatureState = (c: SplitContributorRow, hash: string) => (hasSigned(c, hash) ? 'signed' : c.declined_at !== null ? 'declined' : 'unsigned');

function inviteState(c: SplitContributorRow): { state: 'none' | 'active' | 'expired' | 'revoked'; expiresAt: string | null } {
  if (c.invite_token_hash === null || c.invite_expires_at === null) return { state: 'none', expiresAt: null };
  const expiresAt = toIso(c.invite_expires_at);
  if (c.invite_revoked_at !== null) return { state: 'revoked', expiresAt };
  return { state: expiresAt <= new Date().toISOString() ? 'expired' : 'active', expiresAt };
}

/**
 * The sheet for a member, its owner or an admin. E-mail addresses and invitation links are shown
 * to the owner and admins only; the signer's address (IP) is never sent.
 */
export function presentSplitSheet(record: SplitSheetRecord): SplitSheet {
  const { viewer, hash } = record;
  const manager = viewer.kind === 'owner' || viewer.kind === 'admin';
  const me = viewer.kind === 'invitee' ? undefined : record.lines.find((c) => c.user_id === viewer.actorId);
  return {
    songId: record.song.id,
    title: record.sheet.title,
    isrc: record.sheet.isrc,
    date: record.sheet.sheet_date,
    statement: record.sheet.statement,
    status: record.status,
    contentHash: hash,
    contributors: record.lines.map((c) => {
      const signed = hasSigned(c, hash);
      return {
        id: c.id,
        userId: c.user_id,
        name: c.name,
        email: manager ? c.email : null,
        roles: rolesOf(c),
        publishingBps: c.publishing_bps,
        masterBps: c.master_bps,
        signature: {
          state: signatureState(c, hash),
          fullName: signed ? c.signed_name : null,
          signedAt: signed && c.signed_at !== null ? toIso(c.signed_at) : null,
          declinedAt: c.declined_at !== null ? toIso(c.declined_at) : null,
          declineReason: c.decline_reason,
        },
        invite: manager && c.user_id === null ? inviteState(c) : null,
        owed: c.user_id === null ? (record.owed.get(c.id) ?? []) : [],
      };
    }),
    canEdit: viewer.kind === 'owner',
    myContributorId: me?.id ?? null,
    updatedAt: toIso(record.sheet.updated_at),
  };
}

/** What an invitation link shows: the sheet's names, roles, shares and signature states; no addresses, ids or e-mails. */
export function presentSplitInvite(record: SplitSheetRecord & { expiresAt: string }): z.infer<typeof splitInvitePageSchema> {
  const you = record.viewer.kind === 'invitee' ? record.viewer.contributorId : null;
  return {
    title: record.sheet.title,
    isrc: record.sheet.isrc,
    date: record.sheet.sheet_date,
    statement: record.sheet.statement,
    status: record.status,
    contentHash: record.hash,
    owner: record.owner,
    contributors: record.lines.map((c) => ({
      name: c.name,
      roles: rolesOf(c),
      publishingBps: c.publishing_bps,
      masterBps: c.master_bps,
      state: signatureState(c, record.hash),
      signedAt: hasSigned(c, record.hash) && c.signed_at !== null ? toIso(c.signed_at) : null,
      you: c.id === you,
    })),
    expiresAt: record.expiresAt,
  };
}

export function presentSongEarning(record: SongEarningRecord): SongEarning {
  const e = record.earning;
  return {
    id: e.id,
    songId: e.song_id,
    title: record.title,
    amountMinor: e.amount_minor,
    currency: e.currency,
    source: e.source,
    period: e.period,
    note: e.note,
    contentHash: e.content_hash,
    reversesId: e.reverses_id,
    reversedById: record.reversedById,
    reason: e.reason,
    createdAt: toIso(e.created_at),
    parts: record.parts.map((p) => ({
      contributorName: p.name,
      userId: p.user_id,
      masterBps: p.master_bps,
      amountMinor: p.amount_minor,
      ledgerEntryId: p.ledger_entry_id,
      owed: p.user_id === null && p.amount_minor !== 0,
    })),
  };
}
