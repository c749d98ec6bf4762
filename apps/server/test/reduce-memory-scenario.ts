/**
 * Memory scenarios for idle-collection.test.ts, run in a process of their own
 * (`node --import tsx reduce-memory-scenario.ts <heap|plain-gc|trim|no-trim>`): in the test
 * runner's shared process, other suites' buffers and heaps come and go meanwhile. Prints one JSON
 * line of figures in bytes.
 */
import fs from 'node:fs';
import { collectAllGarbage, mallocTrim, reduceMemory } from '../src/young-garbage';

const MB = 1024 * 1024;
const scenario = process.argv[2];
const rss = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;

if (scenario === 'heap' || scenario === 'plain-gc') {
  // A burst: garbage once the function returns.
  const grown = (() => {
    const garbage: { i: number; s: string }[] = [];
    for (let i = 0; i < 1_500_000; i++) garbage.push({ i, s: `item ${i}` });
    return process.memoryUsage().heapTotal;
  })();
  if (scenario === 'heap') await reduceMemory();
  else collectAllGarbage();
  const { heapTotal, heapUsed } = process.memoryUsage();
  console.log(JSON.stringify({ grown, heapTotal, heapUsed }));
} else if (scenario === 'trim' || scenario === 'no-trim') {
  const trim = await mallocTrim();
  // Many small blocks, every 64th kept: freed, they sit between live ones in glibc's arena.
  const kept = Array.from({ length: 20_000 }, () => Buffer.allocUnsafeSlow(4096).fill(1)).filter((_, i) => i % 64 === 0);
  // V8 frees the blocks' memory a moment after a collection (on a background thread, which a loaded
  // machine may run late: hence a generous deadline, and the count of collections in the figures).
  let collections = 0;
  const started = Date.now();
  for (const deadline = started + 30_000; Date.now() < deadline && process.memoryUsage().arrayBuffers > 16 * MB; ) {
    if (collectAllGarbage()) collections++;
    await new Promise((r) => setTimeout(r, 50));
  }
  const waitedMs = Date.now() - started;
  const before = rss();
  if (scenario === 'trim') trim?.();
  console.log(JSON.stringify({ trim: trim !== null, arrayBuffers: process.memoryUsage().arrayBuffers, collections, waitedMs, before, after: rss(), kept: kept.length }));
} else {
  throw new Error(`unknown scenario ${scenario}`);
}
