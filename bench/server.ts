/**
 * The server-side benchmarks in one run (`npm run bench` runs them after the Vitest benches):
 * one build, then HTTP throughput (bench/http.ts), the same with 200 artists and renames
 * (bench/many-artists.ts), start-up and memory (bench/memory.ts), memory under 10 rounds of load
 * (bench/memory-load.ts), clicks while heavy work renders (bench/heavy-clicks.ts), capacity
 * (bench/capacity.ts) and the
 * web bundle sizes (bench/bundle.ts) and
 * Lighthouse's performance score of /auth (bench/lighthouse.ts). Each file also runs alone with `node --import tsx bench/<name>.ts`.
 */
import { runBundleBench } from './bundle';
import { runCapacityBench } from './capacity';
import { runHeavyClicksBench } from './heavy-clicks';
import { runHttpBench } from './http';
import { runLighthouseBench } from './lighthouse';
import { runManyArtistsBench } from './many-artists';
import { ensureBuilt } from './lib/server';
import { runMemoryBench } from './memory';
import { runMemoryLoadBench } from './memory-load';

ensureBuilt();
await runHttpBench();
console.log();
await runManyArtistsBench();
console.log();
await runMemoryBench();
console.log();
await runMemoryLoadBench();
console.log();
await runHeavyClicksBench();
console.log();
await runCapacityBench();
console.log();
runBundleBench();
console.log();
await runLighthouseBench();
