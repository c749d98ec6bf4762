import type { UnitOfWork } from '../repositories/index';
import { conflict, notFound } from '../errors';
import { sheetHash } from '../domain/splits';

/**
 * A contributor signs the sheet as it is at this moment (ADR 049): under the song's lock the
 * content is read again and hashed, and the signature records the typed name, the time, the
 * address and that hash. When the signer sent the hash of the sheet they read and the sheet has
 * changed since, nothing is signed (409). Returns the hash signed.
 */
export async function signSplitSheetCommand(
  { songId, contributorId, fullName, ip, expectedHash }: { songId: number; contributorId: number; fullName: string; ip: string | null; expectedHash?: string | undefined },
  deps: { uow: UnitOfWork },
): Promise<string> {
  return deps.uow.run(async (r) => {
    await r.splits.lockSong(songId);
    const sheet = await r.splits.findSheetBySong(songId);
    if (!sheet) throw notFound('Split sheet');
    const lines = await r.splits.listContributors(sheet.id);
    if (!lines.some((c) => c.id === contributorId)) throw notFound('Split sheet');
    const hash = sheetHash(sheet, lines);
    if (expectedHash !== undefined && expectedHash !== hash) throw conflict('The split sheet changed since you opened it; read it again before signing.', 'contentHash');
    await r.splits.sign(contributorId, { name: fullName, at: new Date().toISOString(), ip, hash });
    return hash;
  });
}
