/** Test audio made here, so no journey downloads a file. */

/** A 16-bit PCM WAV of `samples` (mono, -1..1, clipped), the same signal on every channel. */
export function wavFile(samples: Float32Array, { sampleRate = 44_100, channels = 2 } = {}): Buffer {
  const dataBytes = samples.length * channels * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * channels * 2, 28);
  wav.writeUInt16LE(channels * 2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  let offset = 44;
  for (const sample of samples) {
    const value = Math.round(Math.max(-1, Math.min(1, sample)) * 32767);
    for (let c = 0; c < channels; c++, offset += 2) wav.writeInt16LE(value, offset);
  }
  return wav;
}

/** A click on every beat (30 ms 1 kHz bursts) over a steady, loud A minor chord, as stereo WAV. */
export function clickOverChordWav({ seconds, bpm, sampleRate = 44_100 }: { seconds: number; bpm: number; sampleRate?: number }): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const beat = (60 / bpm) * sampleRate;
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const sinceBeat = i % beat;
    let v = sinceBeat < 0.03 * sampleRate ? 0.8 * Math.exp(-sinceBeat / (0.006 * sampleRate)) * Math.sin((2 * Math.PI * 1000 * sinceBeat) / sampleRate) : 0;
    for (const note of [57, 60, 64]) v += 0.25 * Math.sin((2 * Math.PI * 440 * 2 ** ((note - 69) / 12) * i) / sampleRate);
    samples[i] = v;
  }
  return wavFile(samples, { sampleRate });
}

/** Mono samples (channels averaged) and rate of a canonical 16-bit PCM WAV, as the app's stems are written. */
export function readWav16(wav: Uint8Array): { sampleRate: number; samples: Float32Array } {
  const buf = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let at = 12;
  let channels = 0;
  let sampleRate = 0;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      if (buf.readUInt16LE(at + 8) !== 1 || buf.readUInt16LE(at + 22) !== 16) throw new Error('not 16-bit PCM');
      channels = buf.readUInt16LE(at + 10);
      sampleRate = buf.readUInt32LE(at + 12);
    } else if (id === 'data') {
      const frames = Math.floor(Math.min(size, buf.length - at - 8) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let v = 0;
        for (let c = 0; c < channels; c++) v += buf.readInt16LE(at + 8 + 2 * (i * channels + c));
        samples[i] = v / channels / 32768;
      }
      return { sampleRate, samples };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV without data');
}

/**
 * Onsets (seconds) of clicks in `samples`: the first sample whose magnitude reaches `fraction`
 * of the loudest one after at least `quietMs` under it. A plain energy detector for test audio
 * made of separated clicks; the click's rise (a sine from phase 0) is under a millisecond.
 */
export function clickOnsets(samples: Float32Array, sampleRate: number, { fraction = 0.3, quietMs = 100 } = {}): number[] {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  if (peak === 0) return [];
  const threshold = fraction * peak;
  const quiet = (quietMs / 1000) * sampleRate;
  const onsets: number[] = [];
  let lastLoud = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]) < threshold) continue;
    if (i - lastLoud > quiet) onsets.push(i / sampleRate);
    lastLoud = i;
  }
  return onsets;
}
