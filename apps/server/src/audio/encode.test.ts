import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateBeat } from '@members-only/engines/beats';
import { analyzeAudio } from '@members-only/engines/audio';
import { decodeAudioFile, ffmpegPath } from './decode';
import { encodeMp3, id3Key } from './encode';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beat-mp3-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('beats as MP3', () => {
  it('decodes as an MP3 of the requested length with its ID3 tags, tempo, key and loudness intact', async () => {
    const beat = await generateBeat({ style: 'trap', description: 'dark 140 bpm in F# minor, 25 seconds', seed: 3 });
    const mp3 = await encodeMp3(beat.channels, beat.sampleRate, { title: 'Night Drive', artist: 'mc test', bpm: beat.plan.bpm, key: id3Key(beat.plan.key), copyright: 'mc test' });
    expect(mp3.subarray(0, 3).toString('latin1')).toBe('ID3');
    const file = path.join(dir, 'beat.mp3');
    fs.writeFileSync(file, mp3);
    const decoded = await decodeAudioFile(file);
    expect(decoded.sampleRate).toBe(44100);
    expect(decoded.channels).toHaveLength(2);
    // Gapless: the LAME header's encoder delay and padding give back the samples that went in, from
    // the first (this decoder may keep a few of the last frame's padding samples at the end).
    expect(decoded.channels[0].length).toBeGreaterThanOrEqual(25 * 44100);
    expect(decoded.channels[0].length).toBeLessThan(25 * 44100 + 64);
    const error = (lag: number) => {
      let e = 0;
      for (let i = 44100; i < 5 * 44100; i++) e += (decoded.channels[0][i + lag] - beat.channels[0][i]) ** 2;
      return e;
    };
    for (const lag of [-1105, -2, -1, 1, 2, 1105]) expect(error(0)).toBeLessThan(error(lag));
    const a = analyzeAudio(decoded);
    expect(Math.abs(a.bpm! - 140)).toBeLessThanOrEqual(2);
    expect(Math.abs(a.lufs! + 14)).toBeLessThanOrEqual(1.5);
    const meta = spawnSync(ffmpegPath(), ['-hide_banner', '-i', file, '-f', 'ffmetadata', '-'], { encoding: 'utf8' }).stdout;
    expect(meta).toContain('title=Night Drive');
    expect(meta).toContain('artist=mc test');
    expect(meta).toMatch(/TBPM=140/);
    expect(meta).toMatch(/TKEY=F\\?#m/); // ffmetadata escapes #
  });
});
