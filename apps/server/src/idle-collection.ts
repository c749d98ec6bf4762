import type { EventEmitter } from 'node:events';
import { reduceMemory } from './young-garbage';

/** What the heap and the buffers outside it hold now, in bytes (live and garbage alike). */
export function heldBytes(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

export interface IdleCollectionOptions {
  /** How often the check runs, and how long without a request counts as idle. */
  idleMs?: number;
  /**
   * How much the heap and buffers may grow past what the last collection left before an idle
   * check collects again.
   */
  growthBytes?: number;
  /** The collection: V8's low-memory collection by default (young-garbage.ts). */
  collect?: () => unknown;
  held?: () => number;
}

/**
 * Gives memory back once the web process falls idle (ADRs 064 and 067): after a burst of requests,
 * V8's heap is several times what is live (it grows its old generation with the allocation rate)
 * and stays that size until it next fills. Every `idleMs` (5 s), when no request arrived in the
 * last interval and the heap with its buffers has grown by more than `growthBytes` (8 MiB) since
 * the last collection left it, one collection runs: V8's low-memory collection, which
 * also gives the emptied pages back (young-garbage.ts). Growth rather than requests decides, so
 * garbage made after the last request (jobs and renders finishing, answers still streaming) is
 * collected too, and a quiet process that makes none is left alone. A request costs a boolean
 * write; the check is one unref'd timer reading the heap's size. Returns the stop function.
 */
export function collectWhenIdle(server: EventEmitter, options: IdleCollectionOptions = {}): () => void {
  const collect = options.collect ?? reduceMemory;
  const held = options.held ?? heldBytes;
  const growth = options.growthBytes ?? 8 * 1024 * 1024;
  let requested = false;
  // What the last collection left (start-up's own garbage counts as growth), read a second after
  // it: V8 frees the buffers outside the heap a moment after a collection.
  let left = 0;
  let collecting = false;
  const onRequest = () => {
    requested = true;
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (requested) {
      requested = false;
      return;
    }
    if (collecting) return;
    if (held() - left <= growth) return;
    collecting = true;
    void Promise.resolve()
      .then(collect)
      .catch(() => undefined)
      .finally(() => {
        collecting = false;
        left = held();
        setTimeout(() => (left = Math.min(left, held())), 1000).unref();
      });
  }, options.idleMs ?? 5000);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
