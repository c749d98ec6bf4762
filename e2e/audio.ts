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
