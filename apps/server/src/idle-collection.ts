import type { EventEmitter } from 'node:events';
import { collectAllGarbage } from './young-garbage';

/**
 * Gives memory back once the web process falls idle (ADR 064): after a burst of requests, V8's
 * heap is several times what is live (it grows its old generation with the allocation rate) and
 * stays that size until it next fills. `collectWhenIdle(server)` runs one full collection when no
 * request has arrived for between `idleMs` and twice that, then none until requests come again.
 * A request costs a boolean write; the check is one unref'd timer. Returns the stop function.
 */
export function collectWhenIdle(server: EventEmitter, options: { idleMs?: number; collect?: () => unknown } = {}): () => void {
  const collect = options.collect ?? collectAllGarbage;
  let requested = false;
  let dirty = false;
  const onRequest = () => {
    requested = true;
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (requested) {
      requested = false;
      dirty = true;
    } else if (dirty) {
      dirty = false;
      collect();
    }
  }, options.idleMs ?? 5000);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
