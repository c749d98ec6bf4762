/**
 * Listen-proxy for the beat engine: renders 12 beats (every style, some twice), prints each
 * part's level (RMS and peak in dBFS, after the master gain), the master's loudness and true peak,
 * what the app's analyser hears (tempo, key), and draws a spectrogram of each beat as an 800×200
 * PNG in docs/beats/ (log frequency 30 Hz–20 kHz bottom to top, 90 dB of range).
 *
 *   node --import tsx bench/beats-listen.ts [seconds]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import FFT from 'fft.js';
import { analyzeAudio } from '@members-only/engines/audio/analyze';
import { generateBeat, STEM_NAMES, type BeatStyle } from '@members-only/engines/beats';

const seconds = Number(process.argv[2] ?? 40);
const out = join(import.meta.dirname, '..', 'docs', 'beats');
mkdirSync(out, { recursive: true });

const all: [BeatStyle, number, string][] = [
  ['rap', 1, 'boom bap with piano'],
  ['rap', 2, 'dusty hip-hop'],
  ['trap', 1, 'dark trap with bells'],
  ['trap', 2, 'sad trap'],
  ['drill', 1, 'UK drill 142 bpm in F# minor'],
  ['drill', 2, 'NY drill with strings'],
  ['pop', 1, 'happy pop'],
  ['dance', 1, 'house'],
  ['lofi', 1, 'chill lo-fi'],
  ['afrobeats', 1, 'afrobeats with guitar'],
  ['rnb', 1, 'smooth R&B'],
  ['jersey', 1, 'jersey club'],
];

const db = (x: number) => (x > 0 ? 20 * Math.log10(x) : -Infinity);
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-inf');

function levels([l, r]: [Float32Array, Float32Array]): { rms: number; peak: number } {
  let e = 0, p = 0;
  for (let i = 0; i < l.length; i++) { e += l[i] * l[i] + r[i] * r[i]; p = Math.max(p, Math.abs(l[i]), Math.abs(r[i])); }
  return { rms: db(Math.sqrt(e / (2 * l.length))), peak: db(p) };
}

/** A magnitude spectrogram (Hann, 4096-point FFT), mapped to an 800×200 heat image. */
async function spectrogram([l, r]: [Float32Array, Float32Array], sr: number, file: string): Promise<void> {
  const W = 800, H = 200, N = 4096;
  const fft = new FFT(N);
  const input = new Array<number>(N).fill(0);
  const spec = fft.createComplexArray() as number[];
  const hann = Float32Array.from({ length: N }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N));
  const img = Buffer.alloc(W * H * 3);
  const lo = Math.log(30), hi = Math.log(20000);
  for (let x = 0; x < W; x++) {
    const at = Math.floor((x / W) * (l.length - N));
    for (let i = 0; i < N; i++) input[i] = 0.5 * (l[at + i] + r[at + i]) * hann[i];
    fft.realTransform(spec, input);
    for (let y = 0; y < H; y++) {
      const f0 = Math.exp(lo + ((hi - lo) * y) / H), f1 = Math.exp(lo + ((hi - lo) * (y + 1)) / H);
      const b0 = Math.max(1, Math.floor((f0 * N) / sr)), b1 = Math.max(b0 + 1, Math.ceil((f1 * N) / sr));
      let m = 0;
      for (let b = b0; b < b1 && b < N / 2; b++) m = Math.max(m, Math.hypot(spec[2 * b], spec[2 * b + 1]));
      const v = Math.max(0, Math.min(1, (db(m / (N / 4)) + 90) / 90));
      // Black → purple → orange → yellow-white.
      const p = ((H - 1 - y) * W + x) * 3;
      img[p] = Math.round(255 * Math.min(1, v * 1.6));
      img[p + 1] = Math.round(255 * Math.max(0, v * 1.5 - 0.5));
      img[p + 2] = Math.round(255 * (v < 0.5 ? v * 1.2 : Math.max(0, 1.2 - v) * 0.9 + (v > 0.9 ? (v - 0.9) * 8 : 0)));
    }
  }
  await sharp(img, { raw: { width: W, height: H, channels: 3 } }).png({ compressionLevel: 9, palette: true }).toFile(file);
}

console.log(`beat                 bpm/key asked → heard        LUFS   dBTP   ${STEM_NAMES.map((s) => `${s} rms/peak`.padEnd(18)).join('')}`);
const only = process.env.ONLY?.split(',');
const beats = only ? all.filter(([s, n]) => only.includes(`${s}-${n}`)) : all;
for (const [style, seed, words] of beats) {
  const beat = await generateBeat({ style, description: `${words}, ${seconds} seconds`, seed }, { stems: true });
  const a = analyzeAudio({ channels: beat.channels, sampleRate: beat.sampleRate });
  const name = `${beat.plan.style}-${seed}`;
  const parts = STEM_NAMES.map((s) => { const v = levels(beat.stems![s]); return `${fmt(v.rms)}/${fmt(v.peak)}`.padEnd(18); }).join('');
  const heard = `${a.bpm} ${a.keyLabel}`;
  console.log(`${name.padEnd(20)} ${`${beat.plan.bpm} ${beat.plan.key} → ${heard}`.padEnd(30)} ${fmt(beat.integratedLufs ?? NaN).padStart(5)} ${fmt(beat.truePeakDbtp ?? NaN).padStart(6)}   ${parts}`);
  await spectrogram(beat.channels, beat.sampleRate, join(out, `${name}.png`));
}
