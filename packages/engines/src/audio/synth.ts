/**
 * Deterministic test-signal synthesis (pure; used by tests and by server-side fixtures).
 */

/** Seeded PRNG (mulberry32), uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SineOptions {
  freq: number;
  seconds: number;
  sampleRate?: number;
  /** Linear peak amplitude (default 1). */
  amplitude?: number;
  /** Starting phase in radians (default 0). */
  phase?: number;
}

export function synthSine({ freq, seconds, sampleRate = 44100, amplitude = 1, phase = 0 }: SineOptions): Float32Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Float32Array(n);
  const w = (2 * Math.PI * freq) / sampleRate;
  for (let i = 0; i < n; i++) out[i] = amplitude * Math.sin(w * i + phase);
  return out;
}

export interface ClickTrackOptions {
  bpm: number;
  seconds: number;
  sampleRate?: number;
  /** Peak amplitude of the accented (downbeat) click; other clicks are 0.6x (default 0.9). */
  amplitude?: number;
  /** Beats per bar for accents (default 4; 0 = no accents). */
  beatsPerBar?: number;
}

/** Metronome: 30 ms exponentially decaying tone bursts (2 kHz downbeat, 1 kHz other beats). */
export function synthClickTrack({ bpm, seconds, sampleRate = 44100, amplitude = 0.9, beatsPerBar = 4 }: ClickTrackOptions): Float32Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Float32Array(n);
  const period = (60 / bpm) * sampleRate;
  const clickLen = Math.round(0.03 * sampleRate);
  const tau = 0.006 * sampleRate;
  for (let beat = 0; ; beat++) {
    const start = Math.round(beat * period);
    if (start >= n) break;
    const accent = beatsPerBar > 0 && beat % beatsPerBar === 0;
    const f = accent ? 2000 : 1000;
    const a = accent ? amplitude : 0.6 * amplitude;
    const w = (2 * Math.PI * f) / sampleRate;
    for (let i = 0; i < clickLen && start + i < n; i++) out[start + i] += a * Math.exp(-i / tau) * Math.sin(w * i);
  }
  return out;
}

export const midiToHz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

export interface ChordProgressionOptions {
  /** Chords as MIDI note numbers, e.g. [[45, 57, 60, 64], ...] for Am with an A2 bass. */
  chords: number[][];
  secondsPerChord: number;
  sampleRate?: number;
  /** Relative amplitudes of harmonics 1..k of each tone (default [1, 0.5, 0.33, 0.25]). */
  harmonics?: number[];
  /** Peak amplitude after normalisation (default 0.8). */
  amplitude?: number;
  /** Times to play the whole progression (default 1). */
  repeats?: number;
}

/** Sustained additive-synthesis chords with 10 ms attack / 50 ms release, normalised to `amplitude`. */
export function synthChordProgression({
  chords,
  secondsPerChord,
  sampleRate = 44100,
  harmonics = [1, 0.5, 0.33, 0.25],
  amplitude = 0.8,
  repeats = 1,
}: ChordProgressionOptions): Float32Array {
  const chordLen = Math.round(secondsPerChord * sampleRate);
  const total = chordLen * chords.length * repeats;
  const out = new Float32Array(total);
  const attack = Math.round(0.01 * sampleRate);
  const release = Math.round(0.05 * sampleRate);
  let off = 0;
  for (let r = 0; r < repeats; r++) {
    for (const chord of chords) {
      for (const note of chord) {
        const f0 = midiToHz(note);
        for (let h = 0; h < harmonics.length; h++) {
          const f = f0 * (h + 1);
          if (f >= sampleRate / 2) break;
          const w = (2 * Math.PI * f) / sampleRate;
          const a = harmonics[h];
          for (let i = 0; i < chordLen; i++) {
            const env = Math.min(1, i / attack, (chordLen - i) / release);
            out[off + i] += a * env * Math.sin(w * i);
          }
        }
      }
      off += chordLen;
    }
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 0) for (let i = 0; i < total; i++) out[i] *= amplitude / peak;
  return out;
}

/** Am - Dm - Em - Am with root basses (A minor, i - iv - v - i). */
export const A_MINOR_PROGRESSION: number[][] = [
  [45, 57, 60, 64],
  [50, 62, 65, 69],
  [40, 64, 67, 71],
  [45, 57, 60, 64],
];

/** C - F - G - C with root basses (C major, I - IV - V - I). */
export const C_MAJOR_PROGRESSION: number[][] = [
  [48, 60, 64, 67],
  [41, 53, 57, 60],
  [43, 55, 59, 62],
  [48, 60, 64, 67],
];

/** Multiply a signal in place by a linear gain; returns it. */
export function applyGain(x: Float32Array, gain: number): Float32Array {
  for (let i = 0; i < x.length; i++) x[i] *= gain;
  return x;
}

/** Sample-wise sum of signals (length of the longest). */
export function mix(...signals: Float32Array[]): Float32Array {
  const n = Math.max(0, ...signals.map((s) => s.length));
  const out = new Float32Array(n);
  for (const s of signals) for (let i = 0; i < s.length; i++) out[i] += s[i];
  return out;
}

/** Concatenate signals. */
export function concat(...signals: Float32Array[]): Float32Array {
  const out = new Float32Array(signals.reduce((a, s) => a + s.length, 0));
  let off = 0;
  for (const s of signals) { out.set(s, off); off += s.length; }
  return out;
}
