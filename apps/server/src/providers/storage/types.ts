import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the local disk (local-disk.ts) or an S3-compatible bucket (s3.ts),
 * chosen in index.ts. Keys are relative names such as `tracks/<file>`.
 */
export interface FileStorage {
  /**
   * Streams `source` to a temporary place named after `key`; nothing is visible until commit(),
   * which may give it a final key (known only once the content has been checked).
   */
  write(key: string, source: Readable): Promise<{ size: number; commit(finalKey?: string): Promise<void>; discard(): Promise<void> }>;
  size(key: string): Promise<number | undefined>;
  /** Reads a byte range (inclusive end), or the whole file. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Runs `fn` with a path on local disk (a temp copy for remote stores). */
  withLocalPath<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  delete(key: string): Promise<void>;
  /**
   * Removes what writes left behind when a process died mid-write (local `*.partial` files, S3
   * objects and unfinished multipart uploads under `partial/`) untouched for `olderThanMs`: a
   * write in progress keeps its file fresh, and a finished file is never a partial one. Returns
   * how many were removed.
   */
  removeStalePartials(olderThanMs: number): Promise<number>;
  /** Where files go, in a few words for the admin page ("Local disk: /srv/data/uploads"). */
  readonly engine: string;
  /** Resolves when files can be written now; rejects otherwise (the admin page's check). */
  check(): Promise<void>;
}
