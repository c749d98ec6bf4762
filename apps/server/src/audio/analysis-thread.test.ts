import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio } from '@members-only/engines/audio';
import { configureHeavyWork } from '../heavy/pool';
import { analyzeFileInThread } from './analysis-thread';
import { AudioDecodeError, decodeAudioFile } from './decode';
import { makeClickTrack, makeNotAudioFile, removeFixtureDir } from './fixtures';

// At the web process's priority, as the API suites run (test/helpers.ts): on a busy machine a pool
// process and ffmpeg at nice 10 can take seconds to act on the abort, which is not what this file tests.
beforeAll(() => configureHeavyWork({ nice: 0 }));
afterAll(() => {
  configureHeavyWork({});
  removeFixtureDir();
});

/** ffmpeg processes below this process: its children, or the pool processes' (Linux /proc). */
function ffmpegChildren(): number[] {
  const parents = new Map<number, number>();
  const ffmpeg: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (/\(ffmpeg\)/.test(stat)) ffmpeg.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    const parent = parents.get(pid);
    return parent === process.pid || (parent !== undefined && parent > 1 && below(parent));
  };
  return ffmpeg.filter(below);
}

describe('analyzeFileInThread', () => {
  it('decodes and analyses a file block by block with the whole-signal answers', async () => {
    const wav = await makeClickTrack({ bpm: 120, seconds: 10 });
    const progress: number[] = [];
    const streamed = await analyzeFileInThread(wav, {}, (f) => progress.push(f));
    const whole = analyzeAudio(await decodeAudioFile(wav));
    // Without the total length up front the waveform's bucket edges may differ by a few samples.
    expect({ ...streamed, waveform: null }).toEqual({ ...whole, waveform: null });
    expect(streamed.waveform).toHaveLength(whole.waveform.length);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('stops at maxDurationSec', async () => {
    const wav = await makeClickTrack({ bpm: 100, seconds: 6 });
    expect((await analyzeFileInThread(wav, { maxDurationSec: 2 })).durationSec).toBeCloseTo(2, 2);
  });

  it('rejects a file that is not audio with AudioDecodeError NOT_AUDIO', async () => {
    const error = await analyzeFileInThread(await makeNotAudioFile()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as AudioDecodeError).code).toBe('NOT_AUDIO');
  });

  it.skipIf(process.platform !== 'linux')('aborts: rejects with AbortError and leaves no ffmpeg running', async () => {
    const wav = await makeClickTrack({ bpm: 90, seconds: 120 });
    const controller = new AbortController();
    const running = analyzeFileInThread(wav, {}, (f) => {
      if (f > 0.1) controller.abort();
    }, controller.signal);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    for (let i = 0; i < 50 && ffmpegChildren().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ffmpegChildren()).toEqual([]);
  });
});
