/**
 * Test fixtures: audio files synthesised in TypeScript (16-bit PCM WAV) and transcoded with the
 * same ffmpeg the decoder uses. Nothing is downloaded. Files go to `options.path`, or into
 * `options.dir`, or into a per-process temp directory (see `fixtureDir` / `removeFixtureDir`).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { synth } from '@members-only/engines/audio';
import { ffmpegPath } from './decode';

let defaultDir: string | null = null;
let counter = 0;

/** The per-process fixture directory (created on first use). */
export function fixtureDir(): string {
  if (!defaultDir) defaultDir = mkdtempSync(join(tmpdir(), 'members-only-audio-'));
  return defaultDir;
}

/** Delete the per-process fixture directory (call from afterAll). */
export function removeFixtureDir(): void {
  if (defaultDir) rmSync(defaultDir, { recursive: true, force: true });
  defaultDir = null;
}

export interface OutputOptions {
  /** Exact output path. */
  path?: string;
  /** Directory for an auto-named file (default: fixtureDir()). */
  dir?: string;
}

function outputPath(options: OutputOptions, stem: string, ext: string): string {
  if (options.path) {
    mkdirSync(dirname(options.path), { recursive: true });
    return options.path;
  }
  const dir = options.dir ?? fixtureDir();
  mkdirSync(dir, { recursive: true });
  counter += 1;
  return join(dir, `${stem}-${process.pid}-${counter}.${ext}`);
}

/** Encode channels as a 16-bit PCM RIFF/WAVE byte buffer (clipped, rounded). */
export function encodeWav16(channels: readonly Float32Array[], sampleRate: number): Buffer {
  const nc = channels.length;
  if (nc === 0) throw new RangeError('encodeWav16: need at least one channel');
  const frames = Math.min(...channels.map((c) => c.length));
  const dataBytes = frames * nc * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(nc, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * nc * 2, 28); // byte rate
  buf.writeUInt16LE(nc * 2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  let off = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < nc; c++) {
      const v = Math.max(-1, Math.min(1, channels[c][i]));
      buf.writeInt16LE(Math.round(v < 0 ? v * 32768 : v * 32767), off);
      off += 2;
    }
  }
  return buf;
}

/** Write a 16-bit PCM WAV file; resolves to its path. */
export async function writeWav(path: string, channels: readonly Float32Array[], sampleRate: number): Promise<string> {
  mkdirSync(dirname(path), { recursive: true });
  await writeFile(path, encodeWav16(channels, sampleRate));
  return path;
}

/** Write synthesised channels as a WAV at an auto path (or `options.path`). */
export async function makeWav(channels: readonly Float32Array[], sampleRate: number, options: OutputOptions & { name?: string } = {}): Promise<string> {
  return writeWav(outputPath(options, options.name ?? 'audio', 'wav'), channels, sampleRate);
}

export interface ToneOptions extends OutputOptions {
  seconds: number;
  freq: number;
  sampleRate?: number;
  /** Linear peak amplitude (default 0.5). */
  amplitude?: number;
  /** 1 (default) or 2 identical channels. */
  channels?: 1 | 2;
}

/** Sine tone WAV. */
export async function makeToneWav({ seconds, freq, sampleRate = 44100, amplitude = 0.5, channels = 1, ...out }: ToneOptions): Promise<string> {
  const x = synth.synthSine({ freq, seconds, sampleRate, amplitude });
  return makeWav(Array.from({ length: channels }, () => x), sampleRate, { ...out, name: `tone-${freq}hz` });
}

export interface ClickTrackFileOptions extends OutputOptions {
  bpm: number;
  seconds: number;
  sampleRate?: number;
  channels?: 1 | 2;
}

/** Metronome WAV (accented downbeat every 4 beats). */
export async function makeClickTrack({ bpm, seconds, sampleRate = 44100, channels = 2, ...out }: ClickTrackFileOptions): Promise<string> {
  const x = synth.synthClickTrack({ bpm, seconds, sampleRate });
  return makeWav(Array.from({ length: channels }, () => x), sampleRate, { ...out, name: `click-${bpm}bpm` });
}

export interface ChordFileOptions extends OutputOptions {
  /** MIDI chords, default Am - Dm - Em - Am. */
  chords?: number[][];
  secondsPerChord?: number;
  sampleRate?: number;
  channels?: 1 | 2;
}

/** Sustained chord progression WAV (default A minor: Am - Dm - Em - Am, 2 s each). */
export async function makeChordWav({ chords = synth.A_MINOR_PROGRESSION, secondsPerChord = 2, sampleRate = 44100, channels = 2, ...out }: ChordFileOptions = {}): Promise<string> {
  const x = synth.synthChordProgression({ chords, secondsPerChord, sampleRate });
  return makeWav(Array.from({ length: channels }, () => x), sampleRate, { ...out, name: 'chords' });
}

/** A text file with an audio extension (default `.mp3`), for rejection tests. */
export async function makeNotAudioFile(options: OutputOptions & { ext?: string } = {}): Promise<string> {
  const path = outputPath(options, 'not-audio', options.ext ?? 'mp3');
  await writeFile(path, 'This is not audio, just a text file with an audio extension.\n'.repeat(40));
  return path;
}

/** Run ffmpeg `-i input <args> output` and resolve to the output path. */
export function encodeWithFfmpeg(input: string, output: string, args: readonly string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', input, ...args, output], { timeout: timeoutMs }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg encode of ${input} -> ${output} failed: ${String(stderr).trim() || error.message}`));
      else resolve(output);
    });
  });
}

const swapExt = (path: string, ext: string): string => path.replace(/\.[^./\\]*$/, '') + `.${ext}`;

/** WAV -> MP3 (libmp3lame CBR, default 192 kb/s) next to the input or at `outPath`. */
export function toMp3(wavPath: string, options: { bitrateKbps?: number; outPath?: string } = {}): Promise<string> {
  const out = options.outPath ?? swapExt(wavPath, 'mp3');
  return encodeWithFfmpeg(wavPath, out, ['-codec:a', 'libmp3lame', '-b:a', `${options.bitrateKbps ?? 192}k`]);
}

/** WAV -> M4A (ffmpeg's native AAC-LC, default 160 kb/s) next to the input or at `outPath`. */
export function toM4a(wavPath: string, options: { bitrateKbps?: number; outPath?: string } = {}): Promise<string> {
  const out = options.outPath ?? swapExt(wavPath, 'm4a');
  return encodeWithFfmpeg(wavPath, out, ['-codec:a', 'aac', '-b:a', `${options.bitrateKbps ?? 160}k`, '-movflags', '+faststart']);
}
