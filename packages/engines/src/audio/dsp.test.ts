import { describe, expect, it } from 'vitest';
import { decimate, decimatorTaps } from './dsp';
import { seededRandom } from './synth';

/** decimate() as one plain loop: every tap of every output, inputs outside the signal read as zeros. */
function naiveDecimate(x: Float32Array, factor: number): Float32Array {
  const { offsets, taps, len } = decimatorTaps(factor);
  const mid = (len - 1) >> 1;
  const out = new Float32Array(Math.ceil(x.length / factor));
  for (let m = 0; m < out.length; m++) {
    let acc = 0;
    for (let k = 0; k < taps.length; k++) {
      const i = m * factor - mid + offsets[k];
      if (i >= 0 && i < x.length) acc += taps[k] * x[i];
    }
    out[m] = acc;
  }
  return out;
}

describe('decimate', () => {
  it('equals the plain loop to the bit (the half-band written out, the general loop four outputs at a time, the edges)', () => {
    const rnd = seededRandom(31);
    for (const factor of [2, 3, 4]) {
      for (const n of [0, 1, 5, 16, 33, 34, 35, 37, 100, 1001, 4096, 9999]) {
        const x = new Float32Array(n).map(() => 2 * rnd() - 1);
        expect(decimate(x, factor)).toEqual(naiveDecimate(x, factor));
      }
    }
  });

  it('keeps every other tap of the half-band zero (its written-out loop assumes the odd ones and the centre)', () => {
    const { offsets, len } = decimatorTaps(2);
    expect(len).toBe(33);
    expect(Array.from(offsets)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 16, 17, 19, 21, 23, 25, 27, 29, 31]);
  });
});
