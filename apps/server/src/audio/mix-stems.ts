/** The 44-byte header of a 16-bit mono PCM WAV holding `dataBytes`. */
export function monoWavHeader(dataBytes: number, sampleRate: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/**
 * vocal-processed.wav (stereo: its sends are), vocal-dry.wav (mono), beat.wav: the mix's length,
 * lined up from 0, stored (WAV hardly deflates; storing keeps it quick). Built a chunk at a time,
 * yielding between chunks, so the MP3 encoder (another process) is fed meanwhile.
 */
export async function mixStemsZip(result: { vocalDry: Float32Array; vocalProcessed: [Float32Array, Float32Array] }, beat: [Float32Array, Float32Array], sr: number): Promise<Buffer> {
  const { Zip, ZipPassThrough } = await import('fflate');
  const { wavChunks } = await import('@members-only/engines/beats/wav');
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const mtime = new Date(Date.UTC(2026, 0, 1));
  function* monoChunks(x: Float32Array, frames = 65_536): Generator<Buffer> {
    yield monoWavHeader(x.length * 2, sr);
    for (let at = 0; at < x.length; at += frames) {
      const end = Math.min(x.length, at + frames);
      const pcm = Buffer.allocUnsafe((end - at) * 2);
      for (let i = at; i < end; i++) pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(x[i] * 32767))), (i - at) * 2);
      yield pcm;
    }
  }
  const files: [string, Iterable<Buffer>][] = [
    ['vocal-processed.wav', wavChunks(result.vocalProcessed[0], result.vocalProcessed[1], sr)],
    ['vocal-dry.wav', monoChunks(result.vocalDry)],
    ['beat.wav', wavChunks(beat[0], beat[1], sr)],
  ];
  for (const [name, chunks] of files) {
    const file = new ZipPassThrough(name);
    file.mtime = mtime;
    zip.add(file);
    for (const chunk of chunks) {
      file.push(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(out);
}
