/**
 * Meter ballistics for the Booth's input level, as a peak programme meter behaves: the bar rises
 * at once to a new peak and falls back slowly, and the highest recent peak is held for a moment.
 * A click or a plosive then reads as a level that eases off instead of a flicker, and "Silent"
 * means the microphone has been quiet for a while, not that the last block fell between words.
 */

/** How fast the bar falls once the sound stops (dB a second). */
export const FALL_DB_PER_SECOND = 20;
/** How long the highest recent peak stays marked (ms). */
export const HOLD_MS = 1500;
/** The meter's scale ends here: quieter than this reads as silence. */
export const FLOOR_DB = -60;

export interface MeterState {
  /** What the bar shows (dB full scale; -Infinity: silent). */
  db: number;
  /** The highest peak of the last HOLD_MS (dB; -Infinity: none). */
  holdDb: number;
  /** When the held peak was set (ms, the caller's clock). */
  holdAt: number;
  /** When this state was computed (ms). */
  at: number;
}

export const SILENT_METER: MeterState = { db: -Infinity, holdDb: -Infinity, holdAt: 0, at: 0 };

const toDb = (peak: number) => (peak > 0 ? 20 * Math.log10(peak) : -Infinity);

/** The meter after a block whose peak (0..1, linear) arrived at `now` (ms). */
export function nextMeter(state: MeterState, peak: number, now: number): MeterState {
  const incoming = toDb(peak);
  const elapsed = Math.max(0, now - state.at);
  const fallen = state.db - (FALL_DB_PER_SECOND * elapsed) / 1000;
  let db = Math.max(incoming, fallen);
  if (!(db >= FLOOR_DB)) db = -Infinity;
  const holdExpired = now - state.holdAt > HOLD_MS;
  const [holdDb, holdAt] = incoming >= state.holdDb || holdExpired ? [Math.max(incoming, db), now] : [state.holdDb, state.holdAt];
  return { db, holdDb: holdDb >= FLOOR_DB ? holdDb : -Infinity, holdAt, at: now };
}
