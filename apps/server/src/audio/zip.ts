import { Zip, ZipPassThrough } from 'fflate';

/** A file in a stored ZIP: its name and its bytes, in chunks (e.g. `wavChunks` from the beat engine). */
export type ZipEntry = [name: string, chunks: Iterable<Uint8Array>];

/** Every entry's date: fixed, so the same files give the same ZIP bytes. */
const MTIME = new Date(Date.UTC(2026, 0, 1));

/**
 * A ZIP of stored (not deflated: audio barely compresses, and storing keeps it quick) files,
 * streamed: the archive's bytes are yielded as each input chunk is added, and the generator yields
 * to the event loop between input chunks, so an encoder in another process (ffmpeg) keeps being fed
 * while the ZIP is built. Used by the built-in beat engine's stems ZIP and the Booth's mix stems.
 */
export async function* storedZip(entries: Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const flush = function* () {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  };
  for (const [name, chunks] of entries) {
    const file = new ZipPassThrough(name);
    file.mtime = MTIME;
    zip.add(file);
    for (const chunk of chunks) {
      file.push(chunk);
      yield* flush();
      await new Promise((resolve) => setImmediate(resolve));
    }
    file.push(new Uint8Array(0), true);
    yield* flush();
  }
  zip.end();
  yield* flush();
}
