import { randomBytes } from 'node:crypto';
import type { RecordEarning } from '@members-only/shared/payouts';
import type { SplitDeclineInput, SplitSheetInput, SplitSignInput } from '@members-only/shared/splits';
import type { SongRow, SplitContributorRow, SplitSheetRow } from '../db/types';
import type { SongRepository } from '../repositories/song.repository';
import type { SplitEarningPartRecord, SplitEarningRecord, SplitRepository } from '../repositories/split.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { UnitOfWork } from '../repositories/index';
import { authorize, type Actor } from '../policies/index';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors';
import { toIso } from '../db/index';
import { hasSigned, sha256Hex, sheetHash, sheetStatus } from '../domain/splits';
import { saveSplitSheetCommand } from '../commands/save-split-sheet.command';
import { signSplitSheetCommand } from '../commands/sign-split-sheet.command';
import { recordSongEarningCommand } from '../commands/record-song-earning.command';
import { reverseSongEarningCommand } from '../commands/reverse-song-earning.command';

/** An invitation link is valid this long (issue 30). */
export const INVITE_DAYS = 30;

/** Who is looking at a sheet, which decides what of it they see. */
export type SplitViewer = { kind: 'owner' | 'admin' | 'member'; actorId: number } | { kind: 'invitee'; contributorId: number };

/** A sheet as it is now, with what the viewer may see of it (the presenter shapes it for the API). */
export interface SplitSheetRecord {
  song: SongRow;
  owner: string;
  sheet: SplitSheetRow;
  lines: SplitContributorRow[];
  hash: string;
  status: ReturnType<typeof sheetStatus>;
  viewer: SplitViewer;
  /** Owed to invited people, by contributor id. */
  owed: Map<number, { currency: string; amountMinor: number }[]>;
}

/** One line of GET /api/splits. */
export interface MySplitSheetRecord {
  songId: number;
  title: string;
  owner: string;
  status: ReturnType<typeof sheetStatus>;
  isOwner: boolean;
  myState: 'signed' | 'declined' | 'unsigned' | null;
  updatedAt: string;
}

export interface SongEarningRecord {
  earning: SplitEarningRecord;
  parts: SplitEarningPartRecord[];
  title: string;
  reversedById: number | null;
}

const gone = (message: string) => new AppError(410, message, 'gone');
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Split sheets (issue 30, ADR 049). The service authorizes itself: the song's owner edits and
 * reads; members on the sheet and admins read (and members sign their own line); anyone else gets
 * 404 as if there were no sheet. Invited people reach only their sheet, by a private link whose
 * token is stored as a hash. Multi-step writes are commands (ADR 051).
 */
export function createSplitService(deps: { splits: SplitRepository; songs: SongRepository; users: UserRepository; uow: UnitOfWork }) {
  const { splits, songs, users, uow } = deps;

  /** The song and how the actor stands to its sheet; 404 for anyone with no part in it. */
  async function access(actor: Actor, songId: number): Promise<{ song: SongRow; viewer: SplitViewer }> {
    const song = await songs.findById(songId);
    if (!song) throw notFound('Split sheet');
    if (song.user_id === actor.id) return { song, viewer: { kind: 'owner', actorId: actor.id } };
    if (await splits.isMemberOf(songId, actor.id)) return { song, viewer: { kind: 'member', actorId: actor.id } };
    if (actor.isAdmin) return { song, viewer: { kind: 'admin', actorId: actor.id } };
    throw notFound('Split sheet');
  }

  async function load(song: SongRow, viewer: SplitViewer): Promise<SplitSheetRecord> {
    const sheet = await splits.findSheetBySong(song.id);
    if (!sheet) throw notFound('Split sheet');
    const lines = await splits.listContributors(sheet.id);
    const hash = sheetHash(sheet, lines);
    const owedRows = await splits.owedByContributor(lines.filter((c) => c.user_id === null).map((c) => c.id));
    const owed = new Map<number, { currency: string; amountMinor: number }[]>();
    for (const row of owedRows) if (row.amount_minor !== 0) owed.set(row.contributor_id, [...(owed.get(row.contributor_id) ?? []), { currency: row.currency, amountMinor: row.amount_minor }]);
    const owner = (await users.findById(song.user_id))?.username ?? '';
    return { song, owner, sheet, lines, hash, status: sheetStatus(lines, hash), viewer, owed };
  }

  async function ownerOf(actor: Actor, songId: number) {
    const found = await access(actor, songId);
    if (found.viewer.kind !== 'owner') throw forbidden("Only the song's artist can change its split sheet.");
    return found;
  }

  /** The invited person's line by the link's token: 404 unknown, 410 revoked or expired. */
  async function invited(token: string) {
    const line = await splits.findContributorByTokenHash(sha256Hex(token));
    if (!line || line.user_id !== null || line.invite_expires_at === null) throw notFound('Invitation');
    if (line.invite_revoked_at !== null) throw gone('This invitation link was revoked. Ask the artist for a new one.');
    if (toIso(line.invite_expires_at) <= new Date().toISOString()) throw gone('This invitation link has expired. Ask the artist for a new one.');
    const sheet = await splits.findSheetById(line.sheet_id);
    const song = sheet && (await songs.findById(sheet.song_id));
    if (!song) throw notFound('Invitation');
    return { line, song };
  }

  async function earningRecords(list: SplitEarningRecord[]): Promise<SongEarningRecord[]> {
    const parts = await splits.partsOf(list.map((e) => e.id));
    const reversedBy = new Map<number, number>();
    for (const e of list) if (e.reverses_id !== null) reversedBy.set(e.reverses_id, e.id);
    const titles = new Map<number, string>();
    for (const e of list) if (!titles.has(e.song_id)) titles.set(e.song_id, (await songs.findById(e.song_id))?.title ?? '');
    return list.map((earning) => ({
      earning,
      parts: parts.filter((p) => p.earning_id === earning.id),
      title: titles.get(earning.song_id) ?? '',
      reversedById: reversedBy.get(earning.id) ?? null,
    }));
  }

  return {
    /** The sheets the actor owns or is on as a member, newest change first, with where the actor's own line stands. */
    async listMine(actor: Actor): Promise<MySplitSheetRecord[]> {
      const sheets = await splits.listSheetsFor(actor.id);
      const owners = new Map<number, string>();
      const result: MySplitSheetRecord[] = [];
      for (const { sheet, songId, ownerId } of sheets) {
        const lines = await splits.listContributors(sheet.id);
        const hash = sheetHash(sheet, lines);
        if (!owners.has(ownerId)) owners.set(ownerId, (await users.findById(ownerId))?.username ?? '');
        const mine = lines.find((c) => c.user_id === actor.id);
        const myState = !mine ? null : hasSigned(mine, hash) ? ('signed' as const) : mine.declined_at !== null ? ('declined' as const) : ('unsigned' as const);
        result.push({ songId, title: sheet.title, owner: owners.get(ownerId)!, status: sheetStatus(lines, hash), isOwner: ownerId === actor.id, myState, updatedAt: toIso(sheet.updated_at) });
      }
      return result;
    },

    async get(actor: Actor, songId: number): Promise<SplitSheetRecord> {
      const { song, viewer } = await access(actor, songId);
      return load(song, viewer);
    },

    /**
     * Saves the sheet (owner only). Members are given by id and must exist; a change to what is
     * signed voids every signature given so far, and the answer says so.
     */
    async save(actor: Actor, songId: number, input: SplitSheetInput): Promise<SplitSheetRecord & { changed: boolean; signaturesVoided: boolean }> {
      const { song, viewer } = await ownerOf(actor, songId);
      const members = new Map<number, string>();
      const fieldErrors: Record<string, string[]> = {};
      const seen = new Set<number>();
      const contributors: SplitSheetInput['contributors'] = [];
      for (const [i, c] of input.contributors.entries()) {
        if (c.userId === undefined && c.username === undefined) {
          contributors.push(c);
          continue;
        }
        let user;
        if (c.username !== undefined) {
          // Found as sign-in finds a name: case aside (the username key).
          user = await users.findByUsername(c.username);
          if (!user) fieldErrors[`contributors.${i}.username`] = [`No member is called ${c.username.slice(0, 64)}.`];
        } else {
          user = await users.findById(c.userId!);
          if (!user) fieldErrors[`contributors.${i}.userId`] = [`There is no member with the id ${c.userId}.`];
        }
        if (!user) continue;
        if (seen.has(user.id)) fieldErrors[`contributors.${i}`] = ['This contributor is listed twice.'];
        seen.add(user.id);
        members.set(user.id, user.username);
        const { username: _username, ...rest } = c;
        contributors.push({ ...rest, userId: user.id });
      }
      const bad = Object.values(fieldErrors)[0];
      if (bad) throw badRequest(bad[0]!, fieldErrors);
      const result = await saveSplitSheetCommand({ song, input: { ...input, contributors }, members, today: today() }, { uow });
      return { ...(await load(song, viewer)), changed: result.changed, signaturesVoided: result.signaturesVoided };
    },

    /** A member on the sheet signs their own line. */
    async sign(actor: Actor, songId: number, input: SplitSignInput, ip: string | null): Promise<SplitSheetRecord> {
      const { song, viewer } = await access(actor, songId);
      const record = await load(song, viewer);
      const line = record.lines.find((c) => c.user_id === actor.id);
      if (!line) throw forbidden('Only the people on the split sheet sign it.');
      await signSplitSheetCommand({ songId, contributorId: line.id, fullName: input.fullName, ip, expectedHash: input.contentHash }, { uow });
      return load(song, viewer);
    },

    async decline(actor: Actor, songId: number, input: SplitDeclineInput): Promise<SplitSheetRecord> {
      const { song, viewer } = await access(actor, songId);
      const record = await load(song, viewer);
      const line = record.lines.find((c) => c.user_id === actor.id);
      if (!line) throw forbidden('Only the people on the split sheet can decline it.');
      await splits.decline(line.id, { reason: input.reason, at: new Date().toISOString() });
      return load(song, viewer);
    },

    /** A new private link for an invited person (owner only); any earlier link of theirs stops working. */
    async createInvite(actor: Actor, songId: number, contributorId: number): Promise<{ contributorId: number; token: string; expiresAt: string }> {
      const { song } = await ownerOf(actor, songId);
      const sheet = await splits.findSheetBySong(song.id);
      const line = sheet && (await splits.findContributor(sheet.id, contributorId));
      if (!line) throw notFound('Contributor');
      if (line.user_id !== null) throw conflict('Members sign in the app; invitation links are for people who are not members.');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000).toISOString();
      await splits.setInvite(line.id, sha256Hex(token), expiresAt);
      return { contributorId: line.id, token, expiresAt };
    },

    async revokeInvite(actor: Actor, songId: number, contributorId: number): Promise<SplitSheetRecord> {
      const { song, viewer } = await ownerOf(actor, songId);
      const sheet = await splits.findSheetBySong(song.id);
      const line = sheet && (await splits.findContributor(sheet.id, contributorId));
      if (!line || line.invite_token_hash === null) throw notFound('Invitation');
      if (line.invite_revoked_at === null) await splits.revokeInvite(line.id, new Date().toISOString());
      return load(song, viewer);
    },

    /** What an invitation link shows: only its sheet. */
    async invitePage(token: string): Promise<SplitSheetRecord & { expiresAt: string }> {
      const { line, song } = await invited(token);
      return { ...(await load(song, { kind: 'invitee', contributorId: line.id })), expiresAt: toIso(line.invite_expires_at!) };
    },

    async inviteSign(token: string, input: SplitSignInput, ip: string | null): Promise<SplitSheetRecord & { expiresAt: string }> {
      const { line, song } = await invited(token);
      await signSplitSheetCommand({ songId: song.id, contributorId: line.id, fullName: input.fullName, ip, expectedHash: input.contentHash }, { uow });
      return { ...(await load(song, { kind: 'invitee', contributorId: line.id })), expiresAt: toIso(line.invite_expires_at!) };
    },

    async inviteDecline(token: string, input: SplitDeclineInput): Promise<SplitSheetRecord & { expiresAt: string }> {
      const { line, song } = await invited(token);
      await splits.decline(line.id, { reason: input.reason, at: new Date().toISOString() });
      return { ...(await load(song, { kind: 'invitee', contributorId: line.id })), expiresAt: toIso(line.invite_expires_at!) };
    },

    /** An admin records an earning for the song; it is split by the agreed sheet (409 until agreed). */
    async recordEarning(actor: Actor, songId: number, input: RecordEarning): Promise<SongEarningRecord> {
      authorize(actor, 'manage', 'ledger');
      const song = await songs.findById(songId);
      if (!song) throw notFound('Song');
      const { earning, parts } = await recordSongEarningCommand({ actor, songId, input }, { uow });
      return { earning, parts, title: song.title, reversedById: null };
    },

    async reverseEarning(actor: Actor, earningId: number, reason: string): Promise<SongEarningRecord> {
      authorize(actor, 'manage', 'ledger');
      const { earning, parts } = await reverseSongEarningCommand({ actor, earningId, reason }, { uow });
      return { earning, parts, title: (await songs.findById(earning.song_id))?.title ?? '', reversedById: null };
    },

    /** The song's earnings and their parts, with what invited people are owed across all sheets (admins). */
    async listEarnings(actor: Actor, songId: number) {
      authorize(actor, 'read', 'ledger');
      if (!(await songs.findById(songId))) throw notFound('Song');
      return { earnings: await earningRecords(await splits.listEarnings(songId)), owed: await splits.owedAll() };
    },
  };
}
export type SplitService = ReturnType<typeof createSplitService>;
