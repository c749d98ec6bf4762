/**
 * Start-up and memory of the server process (`node --import tsx bench/memory.ts`; part of
 * `npm run bench`). Starts the app as production runs it (see bench/lib/server.ts) on SQLite and
 * measures, from /proc:
 * - start-up: spawn to the first 200 from /api/health on an existing data folder (median of
 *   BENCH_ROUNDS starts; the first start, which creates the folder, is not counted), each beside a
 *   bare `node -e 0` (spawn to exit) in the same round: the ratio is what the machine's load
 *   cannot move much (issue 31: first answer < 0.5 s after `node` starts);
 * - idle RSS 2 s after start;
 * - peak RSS while a 5-minute stereo 44.1 kHz WAV (generated) is uploaded and analysed as a job,
 *   twice (BENCH_ANALYSES), and RSS 10 s after each analysis finished (back to idle? growing?).
 * Targets (issue "Fast and lean"): start < 0.5 s, idle < 120 MB, analysis peak < idle + 64 MB and
 * back to idle afterwards.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { synth } from '@members-only/engines/audio';
import { writeWav } from '../apps/server/src/audio/fixtures';
import { cpuMicros, ensureBuilt, isMain, machine, median, memoryOf, resetPeak, serverLabel, settings, signUp, startApp } from './lib/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SONG_SECONDS = Number(process.env.BENCH_SONG_SECONDS ?? 300);
/** Analyses in a row: the second shows whether memory left after the first is reused or grows. */
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 2);

/** A song-like stereo signal: a 92 BPM click track over an A minor chord progression. */
async function makeSong(file: string): Promise<void> {
  const sampleRate = 44_100;
  const click = synth.synthClickTrack({ bpm: 92, seconds: SONG_SECONDS, sampleRate, amplitude: 0.5 });
  const chords = synth.synthChordProgression({ chords: synth.A_MINOR_PROGRESSION, secondsPerChord: 2, sampleRate });
  const left = new Float32Array(click.length);
  for (let i = 0; i < left.length; i++) left[i] = click[i] + 0.4 * chords[i % chords.length];
  const right = Float32Array.from(left, (v, i) => 0.9 * v + 0.05 * chords[(i + 441) % chords.length]);
  await writeWav(file, [left, right], sampleRate);
}

/**
 * Spawn to exit of a bare `node -e 0`: the floor any start-up sits on, on this machine, now; and
 * the CPU time it used (its own process.cpuUsage() at exit), which the machine's load moves less.
 */
async function bareNode(): Promise<{ ms: number; cpuMs: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', 'const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000))'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  return { ms: performance.now() - t0, cpuMs: Number(out) };
}

export interface MemoryFigures {
  startMs: number;
  bareNodeMs: number;
  idleRssMb: number;
  analysisPeakMb: number;
  afterRssMb: number;
  analysisSeconds: number;
}

export async function runMemoryBench(): Promise<MemoryFigures> {
  ensureBuilt();
  console.log(`Memory benchmark; app: ${serverLabel}`);
  console.log(`Machine: ${machine()}`);
  const starts: number[] = [];
  const bare: number[] = [];
  const startCpu: number[] = [];
  const bareCpu: number[] = [];
  const existing = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-bench-data-'));
  try {
    // The first start creates the database and runs the migrations: not what a restart costs.
    await (await startApp({ LOG_LEVEL: 'warn', DATA_DIR: existing })).stop();
    for (let i = 0; i < Math.max(1, settings.rounds); i++) {
      const b = await bareNode();
      bare.push(b.ms);
      bareCpu.push(b.cpuMs);
      const app = await startApp({ LOG_LEVEL: 'warn', DATA_DIR: existing });
      starts.push(app.startMs);
      // CPU time (user + system, 10 ms ticks) the server used up to its first answer.
      startCpu.push(cpuMicros(app.pid) / 1000);
      await app.stop();
    }
  } finally {
    fs.rmSync(existing, { recursive: true, force: true });
  }
  const app = await startApp({ LOG_LEVEL: 'warn', MAX_UPLOAD_MB: '100' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-bench-song-'));
  try {
    console.log(`  start to first 200 (existing data folder): ${starts.map((s) => `${s.toFixed(0)} ms`).join(', ')}`);
    console.log(`  bare node -e 0 in the same rounds: ${bare.map((s) => `${s.toFixed(0)} ms`).join(', ')}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`  CPU time to the first 200: ${startCpu.map((s) => `${s.toFixed(0)} ms`).join(', ')}; bare node -e 0: ${bareCpu.map((s) => `${s.toFixed(0)} ms`).join(', ')}`);
    await sleep(2000);
    const idle = memoryOf(app.pid).rssMb;
    console.log(`  idle RSS 2 s after start: ${idle.toFixed(0)} MB`);

    const song = path.join(tmp, 'song.wav');
    await makeSong(song);
    const cookie = await signUp(app.origin);
    const canReset = resetPeak(app.pid);
    let peak = memoryOf(app.pid).rssMb;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(app.pid).rssMb);
    }, 20);
    const afterEach: number[] = [];
    let analysisSeconds = 0;
    try {
      for (let run = 1; run <= ANALYSES; run++) {
        const t0 = performance.now();
        const form = new FormData();
        form.append('audioFile', new Blob([fs.readFileSync(song)], { type: 'audio/wav' }), 'song.wav');
        const upload = await fetch(`${app.origin}/api/tracks/upload`, { method: 'POST', headers: { cookie }, body: form });
        if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
        const { id } = (await upload.json()) as { id: number };
        let track: { analysis: { status: string; bpm: number | null; key: string | null; lufs: number | null; truePeak: number | null; error: string | null } } | undefined;
        const deadline = performance.now() + 300_000;
        while (!['done', 'failed'].includes(track?.analysis.status ?? '') && performance.now() < deadline) {
          await sleep(100);
          track = (await (await fetch(`${app.origin}/api/tracks/${id}`, { headers: { cookie } })).json()) as typeof track;
        }
        const seconds = (performance.now() - t0) / 1000;
        if (run === 1) analysisSeconds = seconds;
        if (track?.analysis.status !== 'done') throw new Error(`analysis ended as ${track?.analysis.status}: ${track?.analysis.error ?? 'timed out'}`);
        const a = track.analysis;
        console.log(`  analysis ${run}: ${SONG_SECONDS} s song uploaded and analysed in ${seconds.toFixed(1)} s: ${a.bpm} BPM, ${a.key}, ${a.lufs} LUFS, ${a.truePeak} dBTP`);
        const after: number[] = [];
        for (let s = 1; s <= 10; s++) {
          await sleep(1000);
          after.push(memoryOf(app.pid).rssMb);
        }
        afterEach.push(after[after.length - 1]);
        console.log(`  RSS after analysis ${run}, each second for 10 s: ${after.map((m) => m.toFixed(0)).join(', ')} MB`);
      }
    } finally {
      clearInterval(sampler);
    }
    if (canReset) peak = Math.max(peak, memoryOf(app.pid).peakMb);
    const afterRss = afterEach[afterEach.length - 1];
    console.log(`  peak RSS ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB over idle)${canReset ? '' : ' (sampled every 20 ms)'}`);
    const figures = { startMs: median(starts), bareNodeMs: median(bare), idleRssMb: idle, analysisPeakMb: peak - idle, afterRssMb: afterRss, analysisSeconds };
    console.table([
      {
        'start to first 200 (ms, median)': Math.round(figures.startMs),
        'bare node -e 0 (ms, median)': Math.round(figures.bareNodeMs),
        'start minus bare node (ms)': Math.round(figures.startMs - figures.bareNodeMs),
        'CPU to first 200 (ms, median)': Math.round(median(startCpu)),
        'bare node CPU (ms, median)': Math.round(median(bareCpu)),
        'idle RSS (MB)': Math.round(idle),
        'analysis peak over idle (MB)': Math.round(figures.analysisPeakMb),
        [`RSS 10 s after each of ${ANALYSES} analyses (MB)`]: afterEach.map((m) => Math.round(m)).join(', '),
      },
    ]);
    return figures;
  } finally {
    await app.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  runMemoryBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
