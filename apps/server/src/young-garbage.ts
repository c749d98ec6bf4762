import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options?: { type?: 'minor' | 'major' }) => void;
let gc: Gc | null | undefined;

/**
 * V8's gc(), or null where it cannot be had. V8 exposes gc() to contexts made after --expose-gc is
 * set, hence the vm context (Node cannot take V8 flags per worker thread).
 */
function collector(): Gc | null {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = (vm.runInNewContext('gc') as Gc | undefined) ?? null;
    } catch {
      gc = null;
    }
  }
  return gc;
}

/**
 * Streams of big bodies (uploads, decoded audio) allocate a fresh buffer for every read, and V8
 * frees those only at its next collection, which external memory triggers only after tens of
 * megabytes of them. `collectYoungGarbage(bytes)` runs a young-generation collection (a scavenge,
 * about a millisecond) after every few megabytes passed on, so such a stream costs a few
 * megabytes, not tens.
 */
export function youngGarbageCollector(everyBytes = 4 * 1024 * 1024): (bytes: number) => void {
  const collect = collector();
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < everyBytes || !collect) return;
    since = 0;
    collect({ type: 'minor' });
  };
}

/**
 * A full collection now (ADR 064). V8 sizes its old generation by the rate it allocates at: a
 * burst of requests or a render leaves a heap several times what is live, and V8 collects it
 * again only when it next fills, or, idle, after its memory reducer's delays. Called where the
 * garbage is known to be dead: after a heavy task in its thread, and once the web process has
 * been idle a few seconds (idle-collection.ts). Returns false where gc() cannot be had.
 */
export function collectAllGarbage(): boolean {
  const collect = collector();
  if (!collect) return false;
  collect({ type: 'major' });
  return true;
}

/**
 * V8's low-memory collection (ADR 067), asked for through an in-process inspector session (no
 * port is opened): `HeapProfiler.collectGarbage` is `Isolate::LowMemoryNotification`, repeated full
 * collections that also compact the heap and give its emptied pages back. gc() above frees the same
 * objects but keeps the heap at the size the burst grew it to: after a load, about 90 MB of heap
 * for 70 MB live, against 70 MB after this. It pauses the process for tens of milliseconds, so it
 * is for a process that has fallen idle. Falls back to gc() where Node has no inspector; resolves
 * false where neither can be had. Then glibc gives back the pages freed outside the heap
 * (`mallocTrim`).
 */
export async function reduceMemory(): Promise<boolean> {
  const collected = await lowMemoryCollection();
  (await mallocTrim())?.();
  return collected;
}

async function lowMemoryCollection(): Promise<boolean> {
  let session: import('node:inspector').Session;
  try {
    const { Session } = await import('node:inspector');
    session = new Session();
    session.connect();
  } catch {
    return collectAllGarbage();
  }
  try {
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())));
    return true;
  } catch {
    return collectAllGarbage();
  } finally {
    session.disconnect();
  }
}

let trim: Promise<(() => void) | null> | undefined;

/**
 * glibc's `malloc_trim(0)` (ADR 067), through koffi (a foreign-function bridge whose binary comes in
 * a per-platform npm package), or null where it cannot be had (another C library, another system).
 * What the process frees, glibc keeps in its arenas for the next allocation and gives back only
 * from the top of each: after a load, some 25-30 MB of freed memory sat between live blocks.
 * `malloc_trim` gives back every whole free page; it takes a few milliseconds.
 */
export function mallocTrim(): Promise<(() => void) | null> {
  trim ??= (async () => {
    if (process.platform !== 'linux') return null;
    try {
      // Another C library (musl) has no libc.so.6 or no malloc_trim: the load or the lookup throws.
      const { default: koffi } = await import('koffi');
      const call = koffi.load('libc.so.6').func('int malloc_trim(size_t)') as (pad: number) => number;
      return () => void call(0);
    } catch {
      return null;
    }
  })();
  return trim;
}
