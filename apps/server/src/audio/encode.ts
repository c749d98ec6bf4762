import { spawn } from 'node:child_process';
import { ffmpegPath } from './decode';

/** ID3 tags written into a beat's MP3 (ID3v2.3: TIT2, TPE1, TBPM, TKEY, TCOP, TSSE via ffmpeg's names). */
export interface Mp3Tags {
  title: string;
  artist: string;
  bpm?: number;
  /** e.g. "F#m" or "Eb" (ID3 TKEY notation). */
  key?: string;
  copyright?: string;
  comment?: string;
}

/** ID3 TKEY notation of "F# minor" -> "F#m", "Eb major" -> "Eb". */
export function id3Key(label: string): string {
  const [tonic, mode] = label.split(' ');
  return mode === 'minor' ? `${tonic}m` : tonic;
}

const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200);

/**
 * Encodes stereo float PCM to MP3 (LAME via the bundled ffmpeg, 192 kbit/s CBR, 44.1 kHz) with ID3
 * tags. The PCM goes in on stdin as interleaved little-endian float32; the MP3 comes back whole.
 */
export function encodeMp3(channels: readonly [Float32Array, Float32Array], sampleRate: number, tags: Mp3Tags, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Buffer> {
  const [l, r] = channels;
  const n = Math.min(l.length, r.length);
  const interleaved = new Float32Array(2 * n);
  for (let i = 0; i < n; i++) { interleaved[2 * i] = l[i]; interleaved[2 * i + 1] = r[i]; }
  const pcm = Buffer.from(interleaved.buffer, interleaved.byteOffset, interleaved.byteLength);
  const meta: [string, string][] = [['title', tags.title], ['artist', tags.artist]];
  if (tags.bpm !== undefined) meta.push(['TBPM', String(Math.round(tags.bpm))]);
  if (tags.key) meta.push(['TKEY', tags.key]);
  if (tags.copyright) meta.push(['copyright', tags.copyright]);
  if (tags.comment) meta.push(['comment', tags.comment]);
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-f', 'f32le', '-ar', String(sampleRate), '-ac', '2', '-i', 'pipe:0',
    '-c:a', 'libmp3lame', '-b:a', '192k', '-id3v2_version', '3', '-write_xing', '1',
    ...meta.flatMap(([k, v]) => ['-metadata', `${k}=${clean(v)}`]),
    '-f', 'mp3', 'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => { if (err.length < 4096) err += c.toString(); });
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`MP3 encoding failed (${code ?? 'killed'}): ${err.trim().slice(0, 300)}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(pcm);
  });
}
