import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoverDesign } from '@members-only/engines/cover';
import { renderCover } from '../providers/image/built-in-renderer';
import { acquireSlot, configureHeavyWork, heavyThreads, heavyWorkerCount, runHeavy, takeIdle } from './pool';

/** The fields of a /proc stat file after the command name: [0] the state, [1] the parent's pid, [16] the nice value. */
const statFields = (file: string) => {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};
/** The nice value of the calling thread, as Linux keeps it (field 19 of its stat). */
const threadNice = () => Number(statFields('/proc/thread-self/stat')[16]);
const linux = process.platform === 'linux';
const design: CoverDesign = { title: 'Neon Chrome', artist: 'Pool', style: 'dark-moody', mood: 'dark', motifs: ['orb', 'rain'], energy: 0.6, advisory: false, seed: 1234 };

describe('the heavy-work pool (ADR 055, ADR 066)', () => {
  afterEach(() => configureHeavyWork({}));

  it('has one process per core unless told otherwise, and 0 means inline', () => {
    configureHeavyWork({});
    expect(heavyThreads()).toBe(Math.max(1, os.availableParallelism()));
    configureHeavyWork({ threads: 0 });
    expect(heavyThreads()).toBe(0);
  });

  it.runIf(linux)('runs tasks in a child process at a lower OS priority than the web process, every thread of it, started on first use', async () => {
    configureHeavyWork({ threads: 1 });
    const main = threadNice();
    const seen = await runHeavy('probe', undefined);
    expect(seen.pid).not.toBe(process.pid);
    expect(seen.nice).toBe(Math.max(main, 10));
    // V8's and the loader's threads, started before the child lowered itself, are lowered too.
    expect(seen.threadNices.length).toBeGreaterThan(1);
    expect(new Set(seen.threadNices)).toEqual(new Set([Math.max(main, 10)]));
    expect(threadNice()).toBe(main);
    expect(heavyWorkerCount()).toBeGreaterThanOrEqual(1);
  });

  it.runIf(linux)('lets an idle child not keep the web process alive, and ends its children with it, even killed outright', async () => {
    const { spawn } = await import('node:child_process');
    const pool = new URL('./pool.ts', import.meta.url).href;
    /** Runs a task in a pool from another process; answers that process and its child's pid. */
    const parentRunning = async (then: string) => {
      // At nice 0: what is tested is how the child ends, and at nice 10 a child on a loaded machine
      // waits behind every other process for the little CPU its ending takes.
      const script = `const { configureHeavyWork, runHeavy } = await import(${JSON.stringify(pool)}); configureHeavyWork({ nice: 0 }); const p = await runHeavy('probe', undefined); console.log(p.pid); ${then}`;
      const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise<number | null>((resolve) => parent.on('exit', resolve));
      const child = await new Promise<number>((resolve) => parent.stdout.once('data', (c: Buffer) => resolve(Number(c.toString().trim()))));
      expect(child).toBeGreaterThan(0);
      return { parent, exited, child };
    };
    /** Running: a process that has ended but is not yet reaped (a zombie) counts as ended. */
    const alive = (pid: number) => () => {
      try {
        return statFields(`/proc/${pid}/stat`)[0] !== 'Z';
      } catch {
        return false;
      }
    };
    // Nothing else to do: the parent exits by itself although its child waits for work (a minute's
    // idle timeout), and takes the child with it.
    const done = await parentRunning('');
    expect(await done.exited).toBe(0);
    await expect.poll(alive(done.child), { timeout: 20_000, interval: 50 }).toBe(false);
    // Killed outright, the parent runs no exit handler: the child ends when its IPC channel closes.
    const killed = await parentRunning('setInterval(() => {}, 1000);');
    killed.parent.kill('SIGKILL');
    await killed.exited;
    await expect.poll(alive(killed.child), { timeout: 20_000, interval: 50 }).toBe(false);
  }, 60_000);

  it.runIf(linux)('runs its processes at HEAVY_WORK_NICE, and a new setting replaces idle processes of another', async () => {
    configureHeavyWork({ threads: 1, nice: 15 });
    expect((await runHeavy('probe', undefined)).nice).toBe(Math.max(threadNice(), 15));
    configureHeavyWork({ threads: 1, nice: 0 });
    expect((await runHeavy('probe', undefined)).nice).toBe(threadNice());
  });

  it('ends a process idle for HEAVY_WORK_IDLE_SECONDS, and with it its memory', async () => {
    configureHeavyWork({ threads: 1, idleSeconds: 1 });
    await runHeavy('probe', undefined);
    expect(heavyWorkerCount()).toBeGreaterThanOrEqual(1);
    // The default keeps an idle process for a minute; told one second, it is gone well before ten.
    await expect.poll(() => heavyWorkerCount(), { timeout: 10_000, interval: 100 }).toBe(0);
  });

  it('ends a process parked under a longer idle time once a shorter one is set', async () => {
    // Parked with the default minute (as a process another suite left behind in this test process is).
    configureHeavyWork({ threads: 1 });
    await runHeavy('probe', undefined);
    expect(heavyWorkerCount()).toBeGreaterThanOrEqual(1);
    configureHeavyWork({ threads: 1, idleSeconds: 1 });
    await expect.poll(() => heavyWorkerCount(), { timeout: 10_000, interval: 100 }).toBe(0);
  });

  it('runs inline, in the web process, with 0 threads', async () => {
    configureHeavyWork({ threads: 0 });
    const seen = await runHeavy('probe', undefined);
    expect(seen.pid).toBe(process.pid);
  });

  it('never runs more tasks at once than it has slots; a waiting task can be aborted', async () => {
    configureHeavyWork({ threads: 2 });
    const a = await acquireSlot();
    const b = await acquireSlot();
    let third = false;
    const c = acquireSlot().then((slot) => {
      third = true;
      return slot;
    });
    const aborter = new AbortController();
    const d = acquireSlot(aborter.signal);
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    aborter.abort(new Error('stop'));
    await expect(d).rejects.toThrow('stop');
    a.release();
    const slot = await c;
    expect(third).toBe(true);
    b.release();
    slot.release();
    // All free again: two at once without waiting.
    const [x, y] = await Promise.all([acquireSlot(), acquireSlot()]);
    x.release();
    y.release();
  });

  // The tests below that render run their processes at nice 0: the priority has its own tests above,
  // and at nice 10 a render waits behind every other suite sharing a loaded machine's cores.
  it('renders a cover in a child process with the same bytes as in the web process', async () => {
    configureHeavyWork({ threads: 1, nice: 0 });
    const pooled = await runHeavy('cover', { design, options: { size: 320 } });
    // As the renderer draws on the main thread (resvg in libuv's pool there, on the child's main thread here).
    const inline = await renderCover(design, { size: 320 });
    expect(pooled.png.byteLength).toBeGreaterThan(1000);
    expect(Buffer.from(pooled.png).equals(Buffer.from(inline.png))).toBe(true);
    expect(pooled.layout).toEqual(inline.layout);
  });

  it('stops a task aborted before or during its render (its process goes) and runs the next on a fresh one; a failing task rejects with its name, message and code', async () => {
    // At nice 0: loading the beat engine's sounds at nice 10 on a busy machine takes long.
    configureHeavyWork({ threads: 1, nice: 0 });
    const early = new AbortController();
    const never = runHeavy('probe', undefined, { signal: early.signal });
    early.abort(new DOMException('Aborted', 'AbortError'));
    await expect(never).rejects.toMatchObject({ name: 'AbortError' });
    const aborter = new AbortController();
    const beat = runHeavy(
      'beat',
      { style: 'trap', description: 'dark trap, 60 seconds', seed: 1, variation: 0, extensions: 0, extras: false, title: null, artist: 'Pool' },
      { signal: aborter.signal, progress: () => aborter.abort(new DOMException('Aborted', 'AbortError')) },
    );
    await expect(beat).rejects.toMatchObject({ name: 'AbortError' });
    const bad = runHeavy('cover', { design: { ...design, style: 'no-such-style' as CoverDesign['style'] }, options: { size: 64 } });
    await expect(bad).rejects.toThrow();
    const missing = await runHeavy('analyze', { file: '/nonexistent/track.wav' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'AudioDecodeError', code: expect.any(String) });
    expect((await runHeavy('probe', undefined)).pid).not.toBe(process.pid);
  }, 60_000);

  it.runIf(linux)('rejects the task of a child that dies mid-task, and does not reuse it', async () => {
    configureHeavyWork({ threads: 1, nice: 0 });
    const { pid } = await runHeavy('probe', undefined);
    const beat = runHeavy(
      'beat',
      { style: 'trap', description: 'dark trap, 60 seconds', seed: 1, variation: 0, extensions: 0, extras: false, title: null, artist: 'Pool' },
      { progress: () => process.kill(pid, 'SIGKILL') },
    );
    await expect(beat).rejects.toThrow('exited with SIGKILL');
    expect((await runHeavy('probe', undefined)).pid).not.toBe(pid);
  }, 60_000);

  it('streams a task\'s chunks to the caller in order', async () => {
    configureHeavyWork({ threads: 1, nice: 0 });
    const chunks: (Uint8Array | null)[] = [];
    const out = await runHeavy(
      'beat',
      { style: 'trap', description: 'dark trap, 8 seconds', seed: 2, variation: 0, extensions: 0, extras: true, title: null, artist: 'Pool' },
      { onChunk: (stream, data) => stream === 'stems' && chunks.push(data) },
    );
    expect(out.mp3.byteLength).toBeGreaterThan(10_000);
    expect(chunks.at(-1)).toBeNull();
    const zip = Buffer.concat(chunks.slice(0, -1) as Uint8Array[]);
    // A stored ZIP: a local header first, the end of the central directory last.
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
  }, 60_000);

  it('sends big typed arrays both ways in pieces and puts them back in place, the caller keeping its own', async () => {
    configureHeavyWork({ threads: 1, nice: 0 });
    const backing = Float32Array.from({ length: 700_000 }, (_, i) => Math.sin(i));
    const small = new Int16Array([1, -2, 3]);
    const input = { backing: [backing, backing.subarray(1000, 400_000)], takes: [{ samples: new Uint8Array(3_000_001).fill(7), startMs: 5 }], small, n: 3 };
    const echo = (await runHeavy('probe', input as never)).echo as typeof input;
    // Byte for byte (toEqual walks millions of elements one by one).
    const same = (a: ArrayBufferView, b: ArrayBufferView) => a.constructor === b.constructor && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
    expect([same(echo.backing[0]!, input.backing[0]!), same(echo.backing[1]!, input.backing[1]!), same(echo.takes[0]!.samples, input.takes[0]!.samples), same(echo.small, small)]).toEqual([true, true, true, true]);
    expect([echo.backing[1]!.length, echo.takes[0]!.startMs, echo.n]).toEqual([399_000, 5, 3]);
    // Copied, not transferred: the caller's arrays are whole.
    expect(backing.length).toBe(700_000);
  }, 60_000);

  it('keeps each kind of task to the process that has run it, so no process loads every engine (ADR 064)', async () => {
    configureHeavyWork({ threads: 2, nice: 0, idleSeconds: 30 });
    const first = (await runHeavy('probe', undefined)).pid;
    // Another kind, while the pool has room for a second process: it starts one instead of taking the probe's.
    await runHeavy('cover', { design, options: { size: 64 } });
    expect(heavyWorkerCount()).toBe(2);
    expect((await runHeavy('probe', undefined)).pid).toBe(first);
    expect((await runHeavy('probe', undefined)).pid).toBe(first);
  }, 60_000);

  it('runs light tasks (a marketing plan, holidays) without waiting for a render\'s slot, one at a time in a process of their own (ADR 068)', async () => {
    configureHeavyWork({ threads: 1, idleSeconds: 30 });
    const first = (await runHeavy('probe', undefined)).pid;
    const before = heavyWorkerCount();
    // The pool's only slot is taken (a render would wait): the light task does not wait for it.
    const slot = await acquireSlot();
    try {
      // Three at once: they take turns in one light process, not one process each.
      const [found, plan, other] = await Promise.all([
        runHeavy('holidays', { country: 'US', years: [2026] }),
        runHeavy('marketingPlan', {
          plan: { title: 'Neon Chrome', lyrics: 'Rain on the window, neon on the chrome\nI stay up all night', context: 'Late-night listeners in Atlanta', releaseDate: '2027-03-05', today: '2026-11-28', duration: 95, holidays: [] },
          prompt: { title: 'Neon Chrome', duration: 95, transcription: null, context: 'Late-night listeners', releaseDate: '2027-03-05' },
        }),
        runHeavy('holidays', { country: 'XX', years: [2026] }),
      ]);
      expect(found.known).toBe(true);
      expect(found.years[0]).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
      expect(other).toEqual({ known: false, years: [] });
      expect(plan.markdown).toContain('Neon Chrome');
      expect(plan.calendar.length).toBeGreaterThan(0);
      expect(plan.prompt).toContain('Neon Chrome');
    } finally {
      slot.release();
    }
    // One light process beside the render's, which the next heavy task takes again. The light one
    // keeps the web process's priority (its work ran on the request thread before); renders' are lower.
    expect(heavyWorkerCount()).toBe(before + 1);
    if (linux) {
      const childNices = readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .flatMap((pid) => {
          try {
            const fields = statFields(`/proc/${pid}/stat`);
            return Number(fields[1]) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('heavy-worker') ? [Number(fields[16])] : [];
          } catch {
            return [];
          }
        });
      expect(childNices).toContain(threadNice());
      expect(childNices).toContain(Math.max(threadNice(), 10));
    }
    expect((await runHeavy('probe', undefined)).pid).toBe(first);
    expect(heavyWorkerCount()).toBe(before + 1);
  }, 60_000);

  it('chooses an idle process that has run the task, else a new one while there is room, else a fresh one, else the last parked', () => {
    const w = (...ran: string[]) => ({ ran: new Set(ran) });
    const beat = w('beat');
    const cover = w('cover', 'mixdown');
    const blank = w();
    expect(takeIdle([beat, cover], 'cover', 2, 2)).toBe(cover);
    expect(takeIdle([cover, beat], 'beat', 2, 2)).toBe(beat);
    expect(takeIdle([cover], 'beat', 1, 2)).toBeUndefined();
    expect(takeIdle([blank, cover], 'beat', 2, 2)).toBe(blank);
    expect(takeIdle([beat, cover], 'probe', 2, 2)).toBe(cover);
    expect(takeIdle([], 'beat', 0, 2)).toBeUndefined();
    const idle = [beat, cover];
    takeIdle(idle, 'beat', 2, 2);
    expect(idle).toEqual([cover]);
  });
});
