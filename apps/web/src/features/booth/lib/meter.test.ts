import { describe, expect, it } from 'vitest';
import { FALL_DB_PER_SECOND, HOLD_MS, SILENT_METER, nextMeter } from './meter';

const db = (x: number) => 10 ** (x / 20);

describe('Booth meter ballistics', () => {
  it('rises at once to a new peak', () => {
    const m = nextMeter(SILENT_METER, db(-12), 1000);
    expect(m.db).toBeCloseTo(-12, 6);
    expect(m.holdDb).toBeCloseTo(-12, 6);
  });

  it('falls back at its rate after a click, instead of dropping to silence', () => {
    let m = nextMeter(SILENT_METER, db(-6), 1000);
    // The next blocks (about 85 ms apart) are silent between words.
    m = nextMeter(m, 0, 1085);
    expect(m.db).toBeCloseTo(-6 - (FALL_DB_PER_SECOND * 85) / 1000, 6);
    m = nextMeter(m, 0, 1500);
    expect(m.db).toBeCloseTo(-6 - FALL_DB_PER_SECOND * 0.5, 6);
    // A quieter block does not pull the bar under where it is falling to.
    m = nextMeter(m, db(-40), 1600);
    expect(m.db).toBeCloseTo(-6 - FALL_DB_PER_SECOND * 0.6, 6);
  });

  it('reads silent only once the level has fallen under the scale', () => {
    let m = nextMeter(SILENT_METER, db(-30), 0);
    m = nextMeter(m, 0, 1000);
    expect(m.db).toBeCloseTo(-50, 6);
    m = nextMeter(m, 0, 2000);
    expect(m.db).toBe(-Infinity);
  });

  it('holds the highest peak for a moment, then lets it go', () => {
    let m = nextMeter(SILENT_METER, db(-3), 0);
    m = nextMeter(m, db(-20), 500);
    expect(m.holdDb).toBeCloseTo(-3, 6);
    m = nextMeter(m, db(-20), HOLD_MS + 1);
    // The hold restarts from what the bar shows now (falling from -3 or the new peak, the louder).
    expect(m.holdDb).toBeCloseTo(Math.max(-20, -3 - (FALL_DB_PER_SECOND * (HOLD_MS + 1)) / 1000), 6);
    // A louder peak takes the hold at once.
    m = nextMeter(m, db(-1), HOLD_MS + 100);
    expect(m.holdDb).toBeCloseTo(-1, 6);
  });
});
