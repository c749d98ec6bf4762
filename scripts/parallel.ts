// Runs npm scripts side by side and fails if any fails (ADR 044, ADR 057): `npm test` starts the
// two type-check-and-lint shares and the build together, as none of them reads what another
// writes, then Vitest and the browser journeys one at a time (--one-at-a-time below). Each script's
// output is held and printed whole when it ends, so the logs do not interleave; a line per script
// says how it ended and how long it took. Exit code 1 if any script failed (the others still finish,
// so one run shows every failure).
//   node --import tsx scripts/parallel.ts check:server check:client build
// With --one-at-a-time the scripts run in turn instead, each after the last has ended (whether it
// passed or not), with the same output, summary and exit code: `npm test` runs Vitest and the
// journeys so (ADR 071).
import { spawn } from 'node:child_process';

interface Outcome {
  name: string;
  code: number | null;
  seconds: number;
  output: string;
}

/** How many of a failed script's last lines are printed again at the very end. */
const FAILED_TAIL_LINES = 60;

function run(name: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => chunks.push(d));
  child.stderr.on('data', (d: Buffer) => chunks.push(d));
  return new Promise((resolve) => {
    child.once('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString();
      process.stdout.write(`\n--- npm run ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s\n${output}`);
      resolve({ name, code, seconds, output });
    });
  });
}

const args = process.argv.slice(2);
const oneAtATime = args.includes('--one-at-a-time');
const names = args.filter((a) => a !== '--one-at-a-time');
if (names.length === 0) {
  console.error('usage: node --import tsx scripts/parallel.ts [--one-at-a-time] <npm script>...');
  process.exit(2);
}
const outcomes: Outcome[] = [];
if (oneAtATime) for (const name of names) outcomes.push(await run(name));
else outcomes.push(...(await Promise.all(names.map(run))));
const failed = outcomes.filter((o) => o.code !== 0);
// A script that ended first is printed first, so a long log can push its failure far from the end,
// where a reader (or a CI page that keeps only the tail) looks. Each failed script's last lines,
// where its runner sums up what failed, are printed again just before the summary line.
for (const o of failed) {
  const lines = o.output.trimEnd().split('\n');
  process.stdout.write(`\n--- the last ${Math.min(FAILED_TAIL_LINES, lines.length)} lines of npm run ${o.name} (failed), again:\n${lines.slice(-FAILED_TAIL_LINES).join('\n')}\n`);
}
console.log(`\n${outcomes.map((o) => `${o.name} ${o.code === 0 ? 'ok' : 'FAILED'} (${o.seconds.toFixed(1)} s)`).join(', ')}`);
process.exit(failed.length ? 1 : 0);
