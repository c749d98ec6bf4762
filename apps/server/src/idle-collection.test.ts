import { EventEmitter } from 'node:events';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, heldBytes } from './idle-collection';

const MB = 1024 * 1024;
const SCENARIO = path.resolve(import.meta.dirname, '../test/reduce-memory-scenario.ts');

describe('collectWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A heap that grows by what the test allocates and shrinks to `live` when collected. */
  function fakeHeap(live: number) {
    const heap = { size: live, live };
    const collect = vi.fn(() => {
      heap.size = heap.live;
    });
    return { heap, collect, held: () => heap.size };
  }

  it('collects once the heap has grown and no request came in the last interval, not while requests keep coming', async () => {
    const server = new EventEmitter();
    const { heap, collect, held } = fakeHeap(30 * MB);
    const stop = collectWhenIdle(server, { idleMs: 1000, growthBytes: 8 * MB, collect, held });

    // Start-up's own heap counts as growth: one collection at the first quiet check.
    await vi.advanceTimersByTimeAsync(1000);
    expect(collect).toHaveBeenCalledTimes(1);

    // Busy: a request in every interval, however much the heap grows.
    for (let i = 0; i < 10; i++) {
      server.emit('request');
      heap.size += 20 * MB;
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(collect).toHaveBeenCalledTimes(1);

    // Idle: one collection within two intervals, then none while nothing grows.
    await vi.advanceTimersByTimeAsync(1000);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(heap.size).toBe(30 * MB);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(collect).toHaveBeenCalledTimes(2);

    stop();
    server.emit('request');
    heap.size += 50 * MB;
    await vi.advanceTimersByTimeAsync(5000);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(server.listenerCount('request')).toBe(0);
  });

  it('collects garbage made after the last request (jobs finishing), but not growth under the bound', async () => {
    const server = new EventEmitter();
    const { heap, collect, held } = fakeHeap(30 * MB);
    const stop = collectWhenIdle(server, { idleMs: 1000, growthBytes: 8 * MB, collect, held });
    await vi.advanceTimersByTimeAsync(1000);
    expect(collect).toHaveBeenCalledTimes(1);

    // A little garbage: left alone.
    heap.size += 5 * MB;
    await vi.advanceTimersByTimeAsync(3000);
    expect(collect).toHaveBeenCalledTimes(1);

    // A render finishing with no request: collected at the next check.
    heap.size += 40 * MB;
    await vi.advanceTimersByTimeAsync(1000);
    expect(collect).toHaveBeenCalledTimes(2);

    // What stays live after a collection is the new starting point.
    heap.live = 60 * MB;
    heap.size = 60 * MB;
    await vi.advanceTimersByTimeAsync(1000);
    expect(collect).toHaveBeenCalledTimes(3);
    heap.size += 6 * MB;
    await vi.advanceTimersByTimeAsync(3000);
    expect(collect).toHaveBeenCalledTimes(3);
    stop();
  });

  it('reads the heap and the buffers outside it', () => {
    const before = heldBytes();
    const kept = Buffer.alloc(16 * MB, 1);
    expect(heldBytes() - before).toBeGreaterThanOrEqual(16 * MB);
    expect(kept[0]).toBe(1);
  });

  /** A scenario of test/reduce-memory-scenario.ts, in a process of its own. */
  const scenario = (name: string): Record<string, number | boolean> =>
    JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', SCENARIO, name], { encoding: 'utf8' }).trim().split('\n').at(-1)!) as Record<string, number | boolean>;

  it('gives back the pages a burst grew the heap by, which a plain full collection keeps', () => {
    vi.useRealTimers();
    const reduced = scenario('heap') as Record<string, number>;
    expect(reduced.heapTotal).toBeLessThan(reduced.grown! - 50 * MB);
    expect(reduced.heapTotal! - reduced.heapUsed!).toBeLessThan(24 * MB);
    // gc() leaves the heap at the size the burst grew it to.
    const plain = scenario('plain-gc') as Record<string, number>;
    expect(plain.heapTotal).toBeGreaterThan(reduced.heapTotal! + 50 * MB);
  });

  it("gives glibc's freed memory back on Linux", { timeout: 90_000 }, () => {
    vi.useRealTimers();
    if (process.platform !== 'linux') return;
    const trimmed = scenario('trim') as Record<string, number | boolean>;
    expect(trimmed.trim).toBe(true);
    expect(trimmed.arrayBuffers, `the freed blocks still counted: ${JSON.stringify(trimmed)}`).toBeLessThan(16 * MB);
    expect(trimmed.after).toBeLessThan((trimmed.before as number) - 8 * MB);
    // Without the trim, glibc keeps those pages.
    const kept = scenario('no-trim') as Record<string, number>;
    expect(kept.after).toBeGreaterThan(kept.before! - 4 * MB);
  });
});
