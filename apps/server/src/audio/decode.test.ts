import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { analyzeAudio, measureLoudness, measureTruePeak, synth } from '@members-only/engines/audio';
import { AudioDecodeError, decodeAudioFile, ffmpegPath, parseProbe, probeDuration } from './decode';
import { makeChordWav, makeClickTrack, makeNotAudioFile, makeToneWav, makeWav, removeFixtureDir, toM4a, toMp3, writeWav, fixtureDir } from './fixtures';

afterAll(() => removeFixtureDir());

const savedFfmpegPath = process.env.FFMPEG_PATH;
afterEach(() => {
  if (savedFfmpegPath === undefined) delete process.env.FFMPEG_PATH;
  else process.env.FFMPEG_PATH = savedFfmpegPath;
});

const durationOf = (a: { channels: Float32Array[]; sampleRate: number }): number => a.channels[0].length / a.sampleRate;

describe('ffmpegPath', () => {
  it('defaults to the binary inside @ffmpeg-installer/ffmpeg and honours FFMPEG_PATH', () => {
    delete process.env.FFMPEG_PATH;
    const p = ffmpegPath();
    expect(p).toMatch(/@ffmpeg-installer/);
    expect(existsSync(p)).toBe(true);
    process.env.FFMPEG_PATH = '/opt/custom/ffmpeg';
    expect(ffmpegPath()).toBe('/opt/custom/ffmpeg');
  });

  it('rejects with a clear Error when FFMPEG_PATH points nowhere', async () => {
    const wav = await makeToneWav({ seconds: 0.2, freq: 440 });
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    await expect(decodeAudioFile(wav)).rejects.toThrow(/Could not run ffmpeg/);
  });
});

describe('decodeAudioFile', () => {
  it('round-trips a 16-bit stereo WAV sample-exactly (channels, rate, values)', async () => {
    const sr = 48000;
    const l = synth.synthSine({ freq: 440, seconds: 1, sampleRate: sr, amplitude: 0.5 });
    const r = synth.synthSine({ freq: 660, seconds: 1, sampleRate: sr, amplitude: 0.25 });
    const wav = await writeWav(`${fixtureDir()}/roundtrip.wav`, [l, r], sr);
    const out = await decodeAudioFile(wav);
    expect(out.sampleRate).toBe(sr);
    expect(out.channels).toHaveLength(2);
    expect(out.channels[0]).toHaveLength(sr);
    let maxErr = 0;
    for (let i = 0; i < sr; i++) {
      maxErr = Math.max(maxErr, Math.abs(out.channels[0][i] - l[i]), Math.abs(out.channels[1][i] - r[i]));
    }
    expect(maxErr).toBeLessThan(1.5 / 32768);
  });

  it('keeps mono mono, downmixes with maxChannels 1 and resamples on request', async () => {
    const mono = await makeToneWav({ seconds: 1, freq: 440, channels: 1 });
    expect((await decodeAudioFile(mono)).channels).toHaveLength(1);
    const stereo = await makeToneWav({ seconds: 1, freq: 440, channels: 2 });
    const down = await decodeAudioFile(stereo, { maxChannels: 1, sampleRate: 22050 });
    expect(down.channels).toHaveLength(1);
    expect(down.sampleRate).toBe(22050);
    expect(Math.abs(durationOf(down) - 1)).toBeLessThan(0.01);
    const capped = await decodeAudioFile(stereo, { maxDurationSec: 0.25 });
    expect(Math.abs(durationOf(capped) - 0.25)).toBeLessThan(0.01);
  });

  it('measures a 2.0 s file as 2.0 s +-0.05 after decoding WAV, MP3 and M4A', async () => {
    const wav = await makeToneWav({ seconds: 2, freq: 440, channels: 2 });
    const [mp3, m4a] = await Promise.all([toMp3(wav), toM4a(wav)]);
    for (const file of [wav, mp3, m4a]) {
      const decoded = await decodeAudioFile(file);
      expect(Math.abs(durationOf(decoded) - 2), file).toBeLessThan(0.05);
      const probed = await probeDuration(file);
      expect(Math.abs(probed! - 2), file).toBeLessThan(0.06);
    }
  });

  it('rejects a text file renamed .mp3 with an Error', async () => {
    const bogus = await makeNotAudioFile({ ext: 'mp3' });
    const err = await decodeAudioFile(bogus).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toBeInstanceOf(AudioDecodeError);
    expect((err as AudioDecodeError).code).toBe('NOT_AUDIO');
    expect((err as Error).message).toMatch(/not-audio/);
  });

  it('rejects missing files and times out', async () => {
    await expect(decodeAudioFile(`${fixtureDir()}/missing.wav`)).rejects.toThrow(/No such file/);
    const wav = await makeToneWav({ seconds: 1, freq: 440 });
    await expect(decodeAudioFile(wav, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('parses ffmpeg input banners', () => {
    const banner = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.m4a':",
      '  Duration: 00:03:02.51, start: 0.000000, bitrate: 111 kb/s',
      '    Stream #0:0(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, 5.1(side), fltp, 107 kb/s (default)',
    ].join('\n');
    expect(parseProbe(banner)).toEqual({ durationSec: 182.51, sampleRate: 48000, channels: 6, codec: 'aac' });
    expect(parseProbe('x.mp3: Invalid data found when processing input')).toBeNull();
  });
});

describe('analysis through real codecs', () => {
  for (const bpm of [90, 120, 140]) {
    it(`click track at ${bpm} BPM: WAV -> MP3 -> decode -> analyse within +-1 BPM`, async () => {
      const mp3 = await toMp3(await makeClickTrack({ bpm, seconds: 20 }));
      const r = analyzeAudio(await decodeAudioFile(mp3));
      expect(Math.abs(r.bpm! - bpm)).toBeLessThanOrEqual(1);
    });
  }

  it('A-minor progression survives AAC: WAV -> M4A -> decode -> A minor', async () => {
    const m4a = await toM4a(await makeChordWav());
    const r = analyzeAudio(await decodeAudioFile(m4a));
    expect(r.keyLabel).toBe('A minor');
  });

  it('-14 LUFS calibration survives the WAV round trip', async () => {
    const x = synth.synthSine({ freq: 997, seconds: 10, sampleRate: 44100, amplitude: 10 ** ((-14 + 3.01) / 20) });
    const decoded = await decodeAudioFile(await makeWav([x], 44100));
    expect(Math.abs(measureLoudness(decoded.channels, decoded.sampleRate).integratedLufs! - -14)).toBeLessThan(0.1);
  });

  it('agrees with ffmpeg ebur128 (integrated, LRA, true peak) on a music-like signal', async () => {
    const sr = 48000;
    const clicks = synth.synthClickTrack({ bpm: 100, seconds: 20, sampleRate: sr });
    const chords = synth.synthChordProgression({ chords: synth.C_MAJOR_PROGRESSION, secondsPerChord: 5, sampleRate: sr });
    const rnd = synth.seededRandom(11);
    const l = new Float32Array(clicks.length), r = new Float32Array(clicks.length);
    for (let i = 0; i < l.length; i++) {
      const fade = i < l.length / 2 ? 1 : 0.3; // second half quieter, for a non-trivial LRA
      const noise = (rnd() - 0.5) * 0.1;
      l[i] = fade * (0.6 * clicks[i] + 0.3 * chords[i] + noise);
      r[i] = fade * (0.4 * clicks[i] + 0.35 * chords[i] - noise);
    }
    const wav = await makeWav([l, r], sr);
    const decoded = await decodeAudioFile(wav);
    const ours = measureLoudness(decoded.channels, sr);
    const ourTp = measureTruePeak(decoded.channels)!;
    const stderr = await new Promise<string>((resolve, reject) => {
      execFile(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', wav, '-af', 'ebur128=peak=true', '-f', 'null', '-'], (error, _o, se) =>
        error ? reject(error) : resolve(String(se)),
      );
    });
    const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
    const num = (re: RegExp): number => Number(re.exec(summary)![1]);
    const ffI = num(/I:\s+(-?[\d.]+) LUFS/);
    const ffLra = num(/LRA:\s+(-?[\d.]+) LU/);
    const ffTp = num(/True peak:\s+Peak:\s+(-?[\d.]+) dBFS/);
    expect(Math.abs(ours.integratedLufs! - ffI)).toBeLessThan(0.2);
    expect(Math.abs(ours.loudnessRangeLu! - ffLra)).toBeLessThan(1);
    expect(Math.abs(ourTp - ffTp)).toBeLessThan(0.3);
  });
});
