import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./parallel.ts', import.meta.url));
// The probe runs in a folder of its own, where a bare `--import tsx` would not resolve.
const tsx = import.meta.resolve('tsx');
const folder = mkdtempSync(path.join(os.tmpdir(), 'mo-parallel-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('fails when one script fails, and prints the failed one\'s last lines again after every log', async () => {
  // `bad` ends first and prints its failure at once; `good` prints 200 lines after it, which would
  // push that failure far from the end of the log.
  const lines = Array.from({ length: 200 }, (_, i) => `good line ${i}`).join('\\n');
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({
      name: 'parallel-probe',
      private: true,
      scripts: { bad: 'echo bad start; echo 1 failed: the-journey-that-broke; exit 3', good: `sleep 1; printf '${lines}\\n'` },
    }),
  );
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    execFile(process.execPath, ['--import', tsx, script, 'bad', 'good'], { cwd: folder }, (error, out, err) =>
      resolve({ code: error ? (error as { code?: number }).code ?? 1 : 0, stdout: out + err }),
    );
  });
  expect(code).toBe(1);
  const end = stdout.trimEnd().split('\n');
  expect(end.at(-1)).toMatch(/^bad FAILED \(.* s\), good ok \(.* s\)$/);
  // The failure is among the last lines, after all of good's output.
  const tail = end.slice(-6).join('\n');
  expect(tail).toContain('--- the last 2 lines of npm run bad (failed), again:');
  expect(tail).toContain('1 failed: the-journey-that-broke');
  expect(stdout.lastIndexOf('the-journey-that-broke')).toBeGreaterThan(stdout.lastIndexOf('good line 199'));
}, 60_000);

it('with --one-at-a-time runs each script after the last has ended, goes on after a failure, and fails', async () => {
  // Each script notes when it starts and ends: with one at a time, no two overlap.
  const log = path.join(folder, 'order.log');
  const note = (name: string) => `echo ${name} start >> ${log}; sleep 0.5; echo ${name} end >> ${log}`;
  writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({ name: 'parallel-probe', private: true, scripts: { first: `${note('first')}; exit 3`, second: note('second') } }),
  );
  rmSync(log, { force: true });
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    execFile(process.execPath, ['--import', tsx, script, '--one-at-a-time', 'first', 'second'], { cwd: folder }, (error, out, err) =>
      resolve({ code: error ? (error as { code?: number }).code ?? 1 : 0, stdout: out + err }),
    );
  });
  expect(code).toBe(1);
  expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['first start', 'first end', 'second start', 'second end']);
  expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^first FAILED \(.* s\), second ok \(.* s\)$/);
}, 60_000);

