import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './types';

/** What write() names a file until commit(): the key, 8 hex digits, `.partial`. */
const PARTIAL_NAME = /\.[0-9a-f]{8}\.partial$/;

/** Files under one root folder; writes land in `.partial` files and are renamed into place. */
export function createLocalDiskStorage(root: string): FileStorage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };

  return {
    async write(key, source) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${crypto.randomBytes(4).toString('hex')}.partial`;
      try {
        await pipeline(source, fs.createWriteStream(partial, { mode: 0o600 }));
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      const { size } = await fs.promises.stat(partial);
      return {
        size,
        commit: async (finalKey?: string) => {
          const destination = finalKey ? resolve(finalKey) : target;
          await fs.promises.mkdir(path.dirname(destination), { recursive: true });
          await fs.promises.rename(partial, destination);
        },
        discard: () => fs.promises.rm(partial, { force: true }),
      };
    },

    async size(key) {
      try {
        return (await fs.promises.stat(resolve(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    read(key, range) {
      return fs.createReadStream(resolve(key), range ? { start: range.start, end: range.end } : undefined);
    },

    async withLocalPath(key, fn) {
      return fn(resolve(key));
    },

    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },

    async removeStalePartials(olderThanMs) {
      const before = Date.now() - olderThanMs;
      let removed = 0;
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        // Only our own partial names (`<key>.<8 hex>.partial`): a finished file never ends so.
        if (!entry.isFile() || !PARTIAL_NAME.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        try {
          if ((await fs.promises.stat(file)).mtimeMs > before) continue;
          await fs.promises.rm(file, { force: true });
          removed++;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return removed;
    },

    engine: `Local disk: ${path.resolve(root)}`,

    async check() {
      await fs.promises.access(root, fs.constants.W_OK);
    },
  };
}
