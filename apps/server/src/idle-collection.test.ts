import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, heldBytes } from './idle-collection';
import { collectAllGarbage, mallocTrim, reduceMemory } from './young-garbage';

const MB = 1024 * 1024;

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

  it('gives back the pages a burst grew the heap by, which a plain full collection keeps', async () => {
    vi.useRealTimers();
    // Garbage once the function returns.
    const grown = (() => {
      const garbage: { i: number; s: string }[] = [];
      for (let i = 0; i < 1_500_000; i++) garbage.push({ i, s: `item ${i}` });
      return process.memoryUsage().heapTotal;
    })();
    expect(await reduceMemory()).toBe(true);
    const { heapTotal, heapUsed } = process.memoryUsage();
    expect(heapTotal).toBeLessThan(grown - 50 * MB);
    // gc() would free the same objects but leave the heap at well over a hundred megabytes.
    expect(heapTotal - heapUsed).toBeLessThan(24 * MB);
  });

  it("gives glibc's freed memory back on Linux", async () => {
    const trim = await mallocTrim();
    if (process.platform !== 'linux') return expect(trim).toBeNull();
    expect(trim).toBeTypeOf('function');
    // Many small blocks freed in the middle of the allocator's heap: only a trim gives them back.
    const rss = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
    // Other suites of this worker may hold buffers of their own: counted from here.
    const base = process.memoryUsage().arrayBuffers;
    const kept = Array.from({ length: 20_000 }, () => Buffer.allocUnsafeSlow(4096).fill(1)).filter((_, i) => i % 64 === 0);
    // V8 frees the blocks' memory a moment after a collection.
    await vi.waitFor(
      () => {
        collectAllGarbage();
        expect(process.memoryUsage().arrayBuffers).toBeLessThan(base + 16 * MB);
      },
      { timeout: 10_000, interval: 100 },
    );
    const before = rss();
    trim!();
    expect(rss()).toBeLessThan(before - 8 * MB);
    expect(kept.length).toBeGreaterThan(0);
  });
});
