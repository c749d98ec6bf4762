import fs from 'node:fs';
import { diskFull } from '../errors';

/**
 * The data folder's free space (ADR 031). Below `minFreeMb` the process reports not ready, and
 * uploads and generations are refused with 507 before they write anything, so what is left keeps
 * sign-ins, sign-outs and the database's small writes working. 0 turns the floor off.
 */
export function createDiskSpace(deps: { dataDir: string; minFreeMb: number }) {
  const { dataDir, minFreeMb } = deps;

  async function freeMb(): Promise<number> {
    const disk = await fs.promises.statfs(dataDir);
    return Math.floor((disk.bavail * disk.bsize) / (1024 * 1024));
  }

  return {
    minFreeMb,
    freeMb,

    /** How much is free when that is under the floor; undefined when there is room (or no floor). */
    async shortOfRoom(): Promise<number | undefined> {
      if (minFreeMb <= 0) return undefined;
      const free = await freeMb();
      return free < minFreeMb ? free : undefined;
    },

    /** 507 when the data folder is under its floor: for work that writes files or rows. */
    async assertRoom(): Promise<void> {
      if (minFreeMb > 0 && (await freeMb()) < minFreeMb) throw diskFull();
    },
  };
}
export type DiskSpace = ReturnType<typeof createDiskSpace>;
