import type { MixTake } from '@members-only/shared/booth';

/** A take's place in the comp as the page holds it: in the mix or not, and the bars typed (empty: its own range). */
export interface CompEntry {
  takeId: number;
  use: boolean;
  fromBar: string;
  toBar: string;
}

/**
 * The mixdown's `takes` from the page's choices (issue 29): chosen takes in recording order, so a
 * later take (a punch-in) wins where ranges overlap, as the server paints them. Answers a
 * message instead when a bar is not a bar of the beat or a range runs backwards.
 */
export function compTakes(entries: readonly CompEntry[], bars: number): { takes: MixTake[] } | { message: string } {
  const chosen = entries.filter((e) => e.use).sort((a, b) => a.takeId - b.takeId);
  if (chosen.length === 0) return { message: 'Choose at least one take for the mix.' };
  const takes: MixTake[] = [];
  for (const e of chosen) {
    const take: MixTake = { takeId: e.takeId };
    for (const key of ['fromBar', 'toBar'] as const) {
      const raw = e[key].trim();
      if (!raw) continue;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > bars) return { message: `Bars go from 1 to ${bars} in this beat.` };
      take[key] = n;
    }
    if (take.fromBar !== undefined && take.toBar !== undefined && take.fromBar > take.toBar) return { message: 'A take’s first bar must not come after its last.' };
    takes.push(take);
  }
  return { takes };
}
