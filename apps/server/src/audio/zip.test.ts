import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { storedZip } from './zip';

const collect = async (gen: AsyncGenerator<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const chunk of gen) parts.push(chunk);
  return Buffer.concat(parts);
};

describe('storedZip', () => {
  it('writes a stored ZIP that readers open, with each file whole, in order and CRC-checked', async () => {
    const big = Buffer.alloc(300_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) & 255;
    const zip = await collect(storedZip([
      ['README.txt', [Buffer.from('hello\r\n')]],
      ['Mix.wav', [big.subarray(0, 100_000), big.subarray(100_000, 250_000), big.subarray(250_000)]],
      ['empty.txt', []],
      ['Beat – “naïve”.wav', [Buffer.from([1, 2, 3])]],
    ]));
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['README.txt', 'Mix.wav', 'empty.txt', 'Beat – “naïve”.wav']);
    expect(Buffer.from(files['README.txt']).toString()).toBe('hello\r\n');
    expect(Buffer.from(files['Mix.wav']).equals(big)).toBe(true);
    expect(files['empty.txt'].length).toBe(0);
    expect([...files['Beat – “naïve”.wav']]).toEqual([1, 2, 3]);
    // Stored, not deflated: the archive is the files plus headers.
    expect(zip.length).toBeLessThan(big.length + 1000);
    // Info-ZIP's own check reads the central directory and tests every CRC.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mo-zip-')), 'test.zip');
    fs.writeFileSync(file, zip);
    try {
      const out = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(out).toContain('No errors detected');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('stays whole when the consumer hands each chunk on to another thread (its buffer detached here)', async () => {
    // A consumer may transfer each chunk to a worker thread (the heavy-work pool did before its
    // processes, ADR 066): a buffer the writer still measured after yielding it would read as 0 bytes
    // and shift the directory's offsets.
    const parts: Uint8Array[] = [];
    for await (const chunk of storedZip([['a.wav', [Buffer.alloc(70_000, 1), Buffer.alloc(70_000, 2)]], ['b.txt', [Buffer.alloc(5_000, 3)]]])) {
      const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : new Uint8Array(chunk);
      parts.push(structuredClone(own, { transfer: [own.buffer as ArrayBuffer] }));
      expect(own.byteLength).toBe(0);
    }
    const files = unzipSync(Buffer.concat(parts));
    expect(Object.keys(files)).toEqual(['a.wav', 'b.txt']);
    expect([files['a.wav'].length, files['a.wav'][69_999], files['a.wav'][70_000], files['b.txt'].length]).toEqual([140_000, 1, 2, 5_000]);
  });

  it('gives the same bytes for the same files (a fixed date)', async () => {
    const make = () => collect(storedZip([['a.txt', [Buffer.from('a')]]]));
    expect((await make()).equals(await make())).toBe(true);
  });
});
