import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options?: { type?: 'minor' | 'major' }) => void;
let gc: Gc | null | undefined;

/**
 * Streams of big bodies (uploads, decoded audio) allocate a fresh buffer for every read, and V8
 * frees those only at its next collection, which external memory triggers only after tens of
 * megabytes of them. `collectYoungGarbage(bytes)` runs a young-generation collection (a scavenge,
 * about a millisecond) after every few megabytes passed on, so such a stream costs a few
 * megabytes, not tens. V8 exposes gc() to contexts made after --expose-gc is set, hence the vm
 * context (Node cannot take V8 flags per worker thread).
 */
export function youngGarbageCollector(everyBytes = 4 * 1024 * 1024): (bytes: number) => void {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = (vm.runInNewContext('gc') as Gc | undefined) ?? null;
    } catch {
      gc = null;
    }
  }
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < everyBytes || !gc) return;
    since = 0;
    gc({ type: 'minor' });
  };
}
