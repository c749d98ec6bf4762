/**
 * 16-bit PCM for the beat's files: the MP3 encoder's input and the WAV stems. Rounded to the
 * nearest step and clipped at full scale, no dither, so the same beat gives the same bytes.
 */

/** Interleaves frames [start, end) of a stereo pair as little-endian signed 16-bit samples. */
export function interleaveS16(left: Float32Array, right: Float32Array, start: number, end: number): Buffer {
  const frames = Math.max(0, end - start);
  const out = Buffer.allocUnsafe(frames * 4);
  const view = new Int16Array(out.buffer, out.byteOffset, frames * 2);
  for (let i = 0; i < frames; i++) {
    view[2 * i] = toS16(left[start + i]);
    view[2 * i + 1] = toS16(right[start + i]);
  }
  return out;
}

function toS16(x: number): number {
  const v = x * 32767;
  if (v >= 32767) return 32767;
  if (v <= -32768) return -32768;
  return v >= 0 ? (v + 0.5) | 0 : -((-v + 0.5) | 0);
}

/** The 44-byte header of a canonical 16-bit PCM WAV file (stereo unless told) holding `frames` frames. */
export function wavHeader(frames: number, sampleRate: number, channels = 2): Buffer {
  const bytesPerFrame = channels * 2;
  const data = frames * bytesPerFrame;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * bytesPerFrame, 28);
  h.writeUInt16LE(bytesPerFrame, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data, 40);
  return h;
}

/** A mono signal as 16-bit PCM, frames [start, end). */
export function monoS16(x: Float32Array, start: number, end: number): Buffer {
  const frames = Math.max(0, end - start);
  const out = Buffer.allocUnsafe(frames * 2);
  const view = new Int16Array(out.buffer, out.byteOffset, frames);
  for (let i = 0; i < frames; i++) view[i] = toS16(x[start + i]);
  return out;
}

/** A stereo pair as WAV file chunks of about `chunkFrames` frames each (header first). */
export function* wavChunks(left: Float32Array, right: Float32Array, sampleRate: number, chunkFrames = 65_536): Generator<Buffer> {
  const n = Math.min(left.length, right.length);
  yield wavHeader(n, sampleRate);
  for (let at = 0; at < n; at += chunkFrames) yield interleaveS16(left, right, at, Math.min(n, at + chunkFrames));
}

/** A mono signal as WAV file chunks of about `chunkFrames` frames each (header first). */
export function* monoWavChunks(x: Float32Array, sampleRate: number, chunkFrames = 65_536): Generator<Buffer> {
  yield wavHeader(x.length, sampleRate, 1);
  for (let at = 0; at < x.length; at += chunkFrames) yield monoS16(x, at, Math.min(x.length, at + chunkFrames));
}

/** A stereo WAV file of `frames` frames as chunks (header first) from consecutive pieces of its frames, e.g. a beat's `streamStem`. */
export function* wavChunksOf(frames: number, sampleRate: number, pieces: Iterable<readonly [Float32Array, Float32Array]>): Generator<Buffer> {
  yield wavHeader(frames, sampleRate);
  let written = 0;
  for (const [l, r] of pieces) {
    const n = Math.min(l.length, r.length);
    yield interleaveS16(l, r, 0, n);
    written += n;
  }
  if (written !== frames) throw new Error(`wavChunksOf: ${written} frames given for a header of ${frames}`);
}
