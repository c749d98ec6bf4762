/**
 * vocal-processed.wav (stereo: its sends are), vocal-dry.wav (mono), beat.wav: the mix's length,
 * lined up from 0, stored (WAV hardly deflates; storing keeps it quick). Built a chunk at a time
 * by the shared stored-ZIP writer (audio/zip.ts), which yields between chunks, so the MP3 encoder
 * (another process) is fed meanwhile.
 */
export async function mixStemsZip(result: { vocalDry: Float32Array; vocalProcessed: [Float32Array, Float32Array] }, beat: [Float32Array, Float32Array], sr: number): Promise<Buffer> {
  const { storedZip } = await import('./zip');
  const { monoWavChunks, wavChunks } = await import('@members-only/engines/beats/wav');
  const out: Uint8Array[] = [];
  for await (const chunk of storedZip([
    ['vocal-processed.wav', wavChunks(result.vocalProcessed[0], result.vocalProcessed[1], sr)],
    ['vocal-dry.wav', monoWavChunks(result.vocalDry, sr)],
    ['beat.wav', wavChunks(beat[0], beat[1], sr)],
  ])) out.push(chunk);
  return Buffer.concat(out);
}
