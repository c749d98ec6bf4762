import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './idle-collection';

describe('collectWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects once after requests stop, not while they keep coming, and again after the next burst', () => {
    const server = new EventEmitter();
    const collect = vi.fn();
    const stop = collectWhenIdle(server, { idleMs: 1000, collect });

    // Never before any request: a process that has served nothing has nothing to give back.
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();

    // Busy: a request in every interval.
    for (let i = 0; i < 10; i++) {
      server.emit('request');
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();

    // Idle: one collection within two intervals, then no more.
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);

    server.emit('request');
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(2);

    stop();
    server.emit('request');
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(server.listenerCount('request')).toBe(0);
  });
});
