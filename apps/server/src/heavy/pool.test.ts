import { readFileSync } from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoverDesign } from '@members-only/engines/cover';
import { renderCover } from '../providers/image/built-in-renderer';
import { acquireSlot, configureHeavyWork, heavyThreads, heavyWorkerCount, runHeavy, takeIdle, transferablesOf } from './pool';

/** The nice value of the calling thread, as Linux keeps it (field 19 of its stat). */
const threadNice = () => {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const linux = process.platform === 'linux';
const design: CoverDesign = { title: 'Neon Chrome', artist: 'Pool', style: 'dark-moody', mood: 'dark', motifs: ['orb', 'rain'], energy: 0.6, advisory: false, seed: 1234 };

describe('the heavy-work pool (ADR 055)', () => {
  afterEach(() => configureHeavyWork({}));

  it('has one thread per core unless told otherwise, and 0 means inline', () => {
    configureHeavyWork({});
    expect(heavyThreads()).toBe(Math.max(1, os.availableParallelism()));
    configureHeavyWork({ threads: 0 });
    expect(heavyThreads()).toBe(0);
  });

  it.runIf(linux)('runs tasks in a thread at a lower OS priority than the request thread, started on first use', async () => {
    configureHeavyWork({ threads: 1 });
    const main = threadNice();
    const seen = await runHeavy('probe', undefined);
    expect(seen.threadId).toBeGreaterThan(0);
    expect(seen.nice).toBe(Math.max(main, 10));
    // The main thread's priority is untouched: setpriority on a worker thread is that thread's only.
    expect(threadNice()).toBe(main);
    expect(heavyWorkerCount()).toBeGreaterThanOrEqual(1);
  });

  it.runIf(linux)('runs its threads at HEAVY_WORK_NICE, and a new setting replaces idle threads of another', async () => {
    configureHeavyWork({ threads: 1, nice: 15 });
    expect((await runHeavy('probe', undefined)).nice).toBe(Math.max(threadNice(), 15));
    configureHeavyWork({ threads: 1, nice: 0 });
    expect((await runHeavy('probe', undefined)).nice).toBe(threadNice());
  });

  it('ends a thread idle for HEAVY_WORK_IDLE_SECONDS, and with it its memory', async () => {
    configureHeavyWork({ threads: 1, idleSeconds: 1 });
    await runHeavy('probe', undefined);
    expect(heavyWorkerCount()).toBeGreaterThanOrEqual(1);
    // The default keeps an idle thread for a minute; told one second, it is gone well before ten.
    await expect.poll(() => heavyWorkerCount(), { timeout: 10_000, interval: 100 }).toBe(0);
  });

  it('runs inline, on the main thread, with 0 threads', async () => {
    configureHeavyWork({ threads: 0 });
    const seen = await runHeavy('probe', undefined);
    expect(seen.threadId).toBe(0);
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

  it('renders a cover in a thread with the same bytes as on the main thread, the PNG handed back without a copy', async () => {
    configureHeavyWork({ threads: 1 });
    const pooled = await runHeavy('cover', { design, options: { size: 320 } });
    // As the renderer draws on the main thread (resvg in libuv's pool there, on the pool's own thread here).
    const inline = await renderCover(design, { size: 320 });
    expect(pooled.png.byteLength).toBeGreaterThan(1000);
    expect(pooled.png.byteOffset).toBe(0);
    expect(Buffer.from(pooled.png).equals(Buffer.from(inline.png))).toBe(true);
    expect(pooled.layout).toEqual(inline.layout);
  });

  it('stops a task aborted before or during its render (its thread goes) and runs the next on a fresh one; a failing task rejects', async () => {
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
    expect((await runHeavy('probe', undefined)).threadId).toBeGreaterThan(0);
  }, 60_000);

  it('keeps each kind of task to the thread that has run it, so no thread loads every engine (ADR 064)', async () => {
    configureHeavyWork({ threads: 2, idleSeconds: 30 });
    const first = (await runHeavy('probe', undefined)).threadId;
    // Another kind, while the pool has room for a second thread: it starts one instead of taking the probe's.
    await runHeavy('cover', { design, options: { size: 64 } });
    expect(heavyWorkerCount()).toBe(2);
    expect((await runHeavy('probe', undefined)).threadId).toBe(first);
    expect((await runHeavy('probe', undefined)).threadId).toBe(first);
  }, 60_000);

  it('chooses an idle thread that has run the task, else a new one while there is room, else a fresh one, else the last parked', () => {
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

  it('collects each buffer to transfer once', () => {
    const f = new Float32Array(8);
    const list = transferablesOf({ backing: [f, f], takes: [{ samples: new Float32Array(2) }], n: 3 });
    expect(list).toHaveLength(2);
  });
});
