import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Prints where a profiled process's time went: self time by package and function, total time by function (bench/profile.ts, bench/many-artists.ts). */
export function printProfile(profDir: string): void {
  const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${profDir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8')) as { nodes: ProfileNode[] };
  const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)} %`;

  const packageOf = (url: string) => {
    if (!url) return '(native / V8)';
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (m) return m[1];
    if (url.startsWith('node:')) return 'node core';
    return url.includes('/dist/') ? 'app (dist)' : path.basename(url);
  };
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anonymous)'} ${packageOf(url)}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + hits);
  }
  // Inclusive time: a node's hits and its descendants', counted once per function on each stack.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inclusive = new Map<string, number>();
  const keyOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  const root = profile.nodes[0];
  const walk = (n: ProfileNode, onStack: Set<string>): number => {
    const key = keyOf(n);
    const fresh = !onStack.has(key);
    if (fresh) onStack.add(key);
    let hits = n.hitCount ?? 0;
    for (const c of n.children ?? []) hits += walk(byId.get(c)!, onStack);
    if (fresh) {
      onStack.delete(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + hits);
    }
    return hits;
  };
  walk(root, new Set());
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('\nSelf time by package:');
  for (const [k, v] of top(byPackage, 15)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
  console.log('\nSelf time by function:');
  for (const [k, v] of top(byFunction, 40)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
  console.log('\nTotal time (self and callees) by function:');
  for (const [k, v] of top(inclusive, 40)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
  console.log(`\nProfile: ${path.join(profDir, file)}`);
}
