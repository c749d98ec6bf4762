/**
 * The beat engine's instruments: drum one-shots synthesised from oscillators and seeded noise, and
 * pitched voices read from band-limited wavetables (cheap enough to render minutes of audio in a
 * fraction of a second). Everything is deterministic for a given random source.
 */
import { midiToHz } from './theory';
import { cascade } from './production';

export type Rng = () => number;

/** Two channels of the same length. */
export interface Stereo {
  l: Float32Array;
  r: Float32Array;
}

export function stereo(frames: number): Stereo {
  return { l: new Float32Array(frames), r: new Float32Array(frames) };
}

/** Equal-power pan gains for pan in [-1, 1]. */
export function panGains(pan: number): [number, number] {
  const a = ((pan + 1) * Math.PI) / 4;
  return [Math.cos(a), Math.sin(a)];
}

/** Adds a mono one-shot into a stereo buffer at a frame offset. */
export function place(shot: Float32Array, into: Stereo, at: number, gain: number, pan = 0): void {
  const [gl, gr] = panGains(pan);
  const a = gain * gl, b = gain * gr;
  const { l, r } = into;
  const start = Math.max(0, at);
  const end = Math.min(l.length, at + shot.length);
  for (let i = start; i < end; i++) {
    const v = shot[i - at];
    l[i] += a * v;
    r[i] += b * v;
  }
}

// ---------------------------------------------------------------------------------------------
// Filters

/** RBJ biquad coefficients. */
/** RBJ low-, high- or band-pass coefficients (a0 normalised to 1), as `filter` runs them. */
export function filterCoeffs(type: 'lowpass' | 'highpass' | 'bandpass', sr: number, f: number, q = 0.707): { b0: number; b1: number; b2: number; a1: number; a2: number } {
  const w = (2 * Math.PI * Math.min(f, sr * 0.45)) / sr;
  const cos = Math.cos(w), alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  let b0: number, b1: number, b2: number;
  if (type === 'lowpass') { b0 = (1 - cos) / 2; b1 = 1 - cos; b2 = (1 - cos) / 2; }
  else if (type === 'highpass') { b0 = (1 + cos) / 2; b1 = -(1 + cos); b2 = (1 + cos) / 2; }
  else { b0 = alpha; b1 = 0; b2 = -alpha; }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

/** Filters a signal in place (direct form I; production.ts's `cascade` of one stage). */
export function filter(x: Float32Array, type: 'lowpass' | 'highpass' | 'bandpass', sr: number, f: number, q = 0.707): Float32Array {
  cascade(x, [filterCoeffs(type, sr, f, q)]);
  return x;
}

// ---------------------------------------------------------------------------------------------
// Drums (mono one-shots)

const seconds = (sr: number, s: number) => Math.max(1, Math.round(sr * s));

/** Kick: a sine swept down from `punch` Hz to `tune` Hz, with a short click. */
export function kick(sr: number, rng: Rng, opts: { tune: number; decay: number; punch?: number; click?: number }): Float32Array {
  const n = seconds(sr, opts.decay * 1.6);
  const out = new Float32Array(n);
  const punch = opts.punch ?? opts.tune * 3;
  let phase = 0;
  const sweep = 0.035 + rng() * 0.01;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const f = opts.tune + (punch - opts.tune) * Math.exp(-t / sweep);
    phase += (2 * Math.PI * f) / sr;
    const env = Math.exp(-t / opts.decay) * Math.min(1, i / (0.001 * sr));
    out[i] = Math.tanh(1.6 * Math.sin(phase) * env);
  }
  const click = seconds(sr, 0.004);
  for (let i = 0; i < click; i++) out[i] += (rng() * 2 - 1) * (opts.click ?? 0.35) * (1 - i / click);
  return out;
}

/** Snare: a tuned body plus band-passed noise. */
export function snare(sr: number, rng: Rng, opts: { tone: number; decay: number; noise?: number }): Float32Array {
  const n = seconds(sr, opts.decay * 2.5);
  const noise = new Float32Array(n);
  for (let i = 0; i < n; i++) noise[i] = rng() * 2 - 1;
  filter(noise, 'highpass', sr, 1200, 0.8);
  filter(noise, 'lowpass', sr, 9000, 0.7);
  const out = new Float32Array(n);
  const nAmt = opts.noise ?? 0.8;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const body = Math.sin(2 * Math.PI * opts.tone * t) * Math.exp(-t / 0.05) + 0.5 * Math.sin(2 * Math.PI * opts.tone * 1.6 * t) * Math.exp(-t / 0.03);
    out[i] = 0.7 * body + nAmt * 1.4 * noise[i] * Math.exp(-t / opts.decay);
  }
  return out;
}

/** Clap: three quick noise bursts and a tail, band-passed around 1.2 kHz. */
export function clap(sr: number, rng: Rng, opts: { decay: number }): Float32Array {
  const n = seconds(sr, opts.decay * 3 + 0.04);
  const out = new Float32Array(n);
  const gap = 0.009 + rng() * 0.004;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    let env = 0;
    for (let b = 0; b < 3; b++) {
      const tb = t - b * gap;
      if (tb >= 0) env = Math.max(env, Math.exp(-tb / 0.006));
    }
    const tail = t - 2 * gap;
    if (tail >= 0) env = Math.max(env, 0.7 * Math.exp(-tail / opts.decay));
    out[i] = (rng() * 2 - 1) * env;
  }
  filter(out, 'bandpass', sr, 1150 + rng() * 200, 0.9);
  return scalePeak(out, 1);
}

/** Hi-hat: high-passed metallic noise (square partials plus noise), closed or open. */
export function hat(sr: number, rng: Rng, opts: { decay: number }): Float32Array {
  const n = seconds(sr, opts.decay * 4);
  const out = new Float32Array(n);
  const ratios = [2, 3, 4.16, 5.43, 6.79, 8.21];
  const base = 330 + rng() * 40;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    let m = 0;
    for (const r of ratios) m += Math.sin(2 * Math.PI * base * r * t) > 0 ? 1 : -1;
    out[i] = (0.5 * m / ratios.length + (rng() * 2 - 1)) * Math.exp(-t / opts.decay);
  }
  filter(out, 'highpass', sr, 7000, 0.7);
  filter(out, 'highpass', sr, 7000, 0.7);
  return scalePeak(out, 1);
}

/** Rim shot / wood block: a short two-tone click. */
export function rim(sr: number, rng: Rng): Float32Array {
  const n = seconds(sr, 0.06);
  const out = new Float32Array(n);
  const f = 800 + rng() * 300;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    out[i] = (Math.sin(2 * Math.PI * f * t) + 0.6 * Math.sin(2 * Math.PI * f * 2.3 * t)) * Math.exp(-t / 0.012);
  }
  return scalePeak(out, 1);
}

/** Shaker: band-passed noise with a soft attack. */
export function shaker(sr: number, rng: Rng): Float32Array {
  const n = seconds(sr, 0.09);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    out[i] = (rng() * 2 - 1) * Math.min(1, t / 0.015) * Math.exp(-t / 0.03);
  }
  filter(out, 'bandpass', sr, 6000, 1.2);
  return scalePeak(out, 1);
}

/** A reversed cymbal swell into a section (the riser before a hook). */
export function swell(sr: number, rng: Rng, length: number): Float32Array {
  const n = seconds(sr, length);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (rng() * 2 - 1) * (i / n) ** 3;
  filter(out, 'highpass', sr, 4000, 0.7);
  return scalePeak(out, 1);
}

function scalePeak(x: Float32Array, peak: number): Float32Array {
  let m = 0;
  for (let i = 0; i < x.length; i++) m = Math.max(m, Math.abs(x[i]));
  if (m > 0) for (let i = 0; i < x.length; i++) x[i] *= peak / m;
  return x;
}

// ---------------------------------------------------------------------------------------------
// Pitched voices

const TABLE = 2048;

/** A single-cycle wavetable from harmonic amplitudes (index 0 = fundamental), peak-normalised. */
export function wavetable(harmonics: readonly number[]): Float32Array {
  const t = new Float32Array(TABLE + 1);
  for (let i = 0; i < TABLE; i++) {
    let v = 0;
    for (let h = 0; h < harmonics.length; h++) v += harmonics[h] * Math.sin((2 * Math.PI * (h + 1) * i) / TABLE);
    t[i] = v;
  }
  t[TABLE] = t[0];
  return scalePeak(t, 1);
}

export const SINE = wavetable([1]);
const saw = (count: number, tilt = 1) => wavetable(Array.from({ length: count }, (_, h) => 1 / (h + 1) ** tilt));

export interface VoiceLayer {
  table: Float32Array;
  /** Frequency multiple of the note. */
  ratio: number;
  gain: number;
  /** Decay time constant in seconds (Infinity = sustained). */
  decay: number;
  /** Detune in cents (a second copy is added at minus this, for width). */
  detune?: number;
}

export interface Voice {
  layers: VoiceLayer[];
  attack: number;
  release: number;
  /** Fraction of the level each layer keeps while held (after its decay). */
  sustain: number;
}

export const VOICES = {
  piano: {
    attack: 0.003, release: 0.25, sustain: 0.25,
    layers: [
      { table: wavetable([1, 0.45, 0.25, 0.16, 0.1, 0.06, 0.04]), ratio: 1, gain: 1, decay: 1.4 },
      { table: wavetable([1, 0.3, 0.1]), ratio: 2, gain: 0.25, decay: 0.35 },
    ],
  },
  strings: {
    attack: 0.28, release: 0.5, sustain: 1,
    layers: [{ table: saw(14, 1.3), ratio: 1, gain: 1, decay: Infinity, detune: 9 }],
  },
  synth: {
    attack: 0.02, release: 0.18, sustain: 0.55,
    layers: [{ table: saw(24), ratio: 1, gain: 1, decay: 0.5, detune: 12 }],
  },
  bells: {
    attack: 0.002, release: 0.6, sustain: 0,
    layers: [
      { table: SINE, ratio: 1, gain: 1, decay: 0.9 },
      { table: SINE, ratio: 2.76, gain: 0.45, decay: 0.25 },
      { table: SINE, ratio: 5.4, gain: 0.2, decay: 0.1 },
      { table: SINE, ratio: 2, gain: 0.3, decay: 0.6 },
    ],
  },
  bass: {
    attack: 0.006, release: 0.08, sustain: 0.7,
    layers: [
      { table: wavetable([1, 0.35, 0.12, 0.05]), ratio: 1, gain: 1, decay: 0.6 },
    ],
  },
  synthBass: {
    attack: 0.004, release: 0.06, sustain: 0.5,
    layers: [{ table: saw(10, 1.4), ratio: 1, gain: 1, decay: 0.18 }],
  },
} satisfies Record<string, Voice>;

/** One copy of one layer of a note at unit gain: mixed into a stem with its own gains. */
interface NoteCopy {
  shot: Float32Array;
  gain: number;
  /** Pan offset of this copy (detuned copies spread left and right). */
  spread: number;
}

/**
 * Renders one note of a voice at unit gain, mono per copy: held for `hold` frames, then released.
 * Each layer reads its wavetable with linear interpolation; `detune` adds a second copy that is
 * panned to the other side.
 */
function renderVoiceNote(voice: Voice, hold: number, midi: number, sr: number): NoteCopy[] {
  const attack = Math.max(1, voice.attack * sr);
  const release = Math.max(1, voice.release * sr);
  const length = hold + Math.round(release);
  const f0 = midiToHz(midi);
  const copiesOut: NoteCopy[] = [];
  for (const layer of voice.layers) {
    const copies = layer.detune ? [-1, 1] : [0];
    for (const side of copies) {
      const f = f0 * layer.ratio * 2 ** ((side * (layer.detune ?? 0)) / 1200);
      if (f >= sr * 0.45) continue;
      const shot = new Float32Array(length);
      const inc = (f * TABLE) / sr;
      const decays = Number.isFinite(layer.decay);
      const decayK = decays ? Math.exp(-1 / (layer.decay * sr)) : 1;
      const sustain = voice.sustain;
      const table = layer.table;
      let phase = (side + 1) * 0.37 * TABLE;
      let dec = 1;
      let env = 0;
      const held = Math.min(hold, length);
      for (let k = 0; k < held; k++) {
        const att = k < attack ? k / attack : 1;
        env = decays ? att * (sustain + (1 - sustain) * dec) : att;
        dec *= decayK;
        const idx = phase | 0;
        const a = table[idx];
        shot[k] = (a + (table[idx + 1] - a) * (phase - idx)) * env;
        phase += inc;
        if (phase >= TABLE) phase -= TABLE;
      }
      // Release: a straight line from the level at the hold's end.
      const relLevel = hold > 0 ? env : 0;
      for (let k = held; k < length; k++) {
        const e = relLevel * (1 - (k - held) / release);
        const idx = phase | 0;
        const a = table[idx];
        shot[k] = (a + (table[idx + 1] - a) * (phase - idx)) * e;
        phase += inc;
        if (phase >= TABLE) phase -= TABLE;
      }
      copiesOut.push({ shot, gain: layer.gain / copies.length, spread: side * 0.35 });
    }
  }
  return copiesOut;
}

/**
 * Plays notes of the wavetable voices into stereo stems. A beat repeats the same chords and
 * motif many times, so each distinct note (voice, pitch, length, pan) is synthesised once, its
 * layers and detuned copies mixed down to one stereo pair, and then added in at its gain.
 */
export class NotePlayer {
  private readonly cache = new Map<string, Stereo>();
  private readonly ids = new Map<Voice, number>();
  constructor(private readonly sr: number) {}

  play(into: Stereo, voice: Voice, at: number, hold: number, midi: number, gain: number, pan: number): void {
    if (at >= into.l.length) return;
    let id = this.ids.get(voice);
    if (id === undefined) this.ids.set(voice, (id = this.ids.size));
    const key = `${id}:${midi}:${hold}:${pan}`;
    let shot = this.cache.get(key);
    if (!shot) {
      const copies = renderVoiceNote(voice, hold, midi, this.sr);
      shot = stereo(copies.reduce((n, c) => Math.max(n, c.shot.length), 0));
      for (const c of copies) place(c.shot, shot, 0, c.gain, Math.max(-1, Math.min(1, pan + c.spread)));
      this.cache.set(key, shot);
    }
    const { l, r } = into;
    const end = Math.min(l.length, at + shot.l.length);
    const sl = shot.l, sr = shot.r;
    for (let i = Math.max(0, at); i < end; i++) {
      l[i] += sl[i - at] * gain;
      r[i] += sr[i - at] * gain;
    }
  }
}

/** Renders one note of a voice into a stereo buffer (see NotePlayer for many notes). */
export function playNote(into: Stereo, voice: Voice, at: number, hold: number, midi: number, gain: number, pan: number, sr: number): void {
  new NotePlayer(sr).play(into, voice, at, hold, midi, gain, pan);
}

/** Plucked string (Karplus-Strong with a seeded noise burst). */
export function pluck(into: Stereo, at: number, hold: number, midi: number, gain: number, pan: number, sr: number, rng: Rng): void {
  const f = midiToHz(midi);
  const period = sr / f;
  const size = Math.max(2, Math.floor(period));
  const frac = period - size;
  const buf = new Float32Array(size + 2);
  for (let i = 0; i < buf.length; i++) buf[i] = rng() * 2 - 1;
  const [gl, gr] = panGains(pan);
  const len = Math.min(into.l.length - at, hold + Math.round(0.12 * sr));
  const damp = 0.996;
  let p = 0;
  let prev = 0;
  for (let k = 0; k < len; k++) {
    const i0 = p % buf.length;
    const i1 = (p + 1) % buf.length;
    const v = buf[i0];
    const next = damp * (0.5 * (v + buf[i1]) * (1 - frac * 0.5) + prev * frac * 0.5);
    prev = v;
    buf[i0] = next;
    p++;
    const rel = k > hold ? 1 - (k - hold) / (0.12 * sr) : 1;
    const out = v * gain * rel;
    into.l[at + k] += out * gl;
    into.r[at + k] += out * gr;
  }
}

/** An 808 note: a sine with a fast pitch drop, gliding from the previous note when asked, soft-clipped. */
export interface Bass808Note {
  at: number;
  hold: number;
  midi: number;
  /** Glide from this MIDI note over `glideSec`. */
  from?: number;
  velocity: number;
}

/** One cycle of tanh(drive * sin) / tanh(drive): the 808's soft-clipped sine, read as a wavetable. */
function driveTable(drive: number): Float32Array {
  const t = new Float32Array(TABLE + 1);
  const norm = Math.tanh(drive);
  for (let i = 0; i <= TABLE; i++) t[i] = Math.tanh(drive * Math.sin((2 * Math.PI * i) / TABLE)) / norm;
  return t;
}

/**
 * 808 notes into a stereo buffer (mono in the middle). The pitch drop (or glide) and the amplitude
 * decay are exponentials stepped by multiplication, the tone a soft-clipped sine wavetable; each
 * distinct note (pitch, glide, length) is rendered once.
 */
export function render808(into: Stereo, notes: Bass808Note[], sr: number, drive: number, glideSec = 0.09): void {
  const { l, r } = into;
  const table = driveTable(drive);
  const release = Math.round(0.05 * sr);
  const cache = new Map<string, Float32Array>();
  const attack = 0.002 * sr;
  const ampK = Math.exp(-1 / (1.1 * sr));
  for (const note of notes) {
    if (note.at >= l.length) continue;
    const key = `${note.midi}:${note.from ?? ''}:${note.hold}`;
    let shot = cache.get(key);
    if (!shot) {
      const length = note.hold + release;
      shot = new Float32Array(length);
      const target = midiToHz(note.midi);
      const start = note.from !== undefined ? midiToHz(note.from) : target * 1.5;
      const tau = note.from !== undefined ? glideSec / 3 : 0.012;
      const sweepK = Math.exp(-1 / (tau * sr));
      const toTable = TABLE / sr;
      let sweep = start - target;
      let decay = 1;
      let phase = 0;
      for (let k = 0; k < length; k++) {
        const f = target + sweep;
        sweep *= sweepK;
        phase += f * toTable;
        if (phase >= TABLE) phase -= TABLE;
        const amp = (k < attack ? k / attack : 1) * (0.35 + 0.65 * decay) * (k > note.hold ? 1 - (k - note.hold) / release : 1);
        decay *= ampK;
        const idx = phase | 0;
        const a = table[idx];
        shot[k] = (a + (table[idx + 1] - a) * (phase - idx)) * amp;
      }
      cache.set(key, shot);
    }
    const g = note.velocity;
    const end = Math.min(l.length, note.at + shot.length);
    for (let i = note.at; i < end; i++) {
      const v = shot[i - note.at] * g;
      l[i] += v;
      r[i] += v;
    }
  }
}
