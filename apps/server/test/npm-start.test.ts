import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Every process below `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const stack = [pid];
  while (stack.length && out.length < 1000) {
    const p = stack.pop()!;
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      const kids = fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
      for (const k of kids) {
        out.push(k);
        stack.push(k);
      }
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    // A zombie still answers; it holds no port and runs no code.
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * `npm start` runs the compiled server (apps/server/dist), with production's Node flags, as npm's direct child, so the signal
 * npm forwards on Ctrl-C or SIGTERM reaches the server, which shuts down and frees its port.
 * `--ignore-scripts` skips prestart (the full web build); the server build runs here first.
 */
describe.skipIf(process.platform !== 'linux')('npm start', () => {
  let dataDir: string;
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-npm-start-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops the server when npm gets SIGTERM', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--ignore-scripts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    let tree: number[] = [];
    try {
      let healthy = false;
      for (let i = 0; i < 300 && !healthy && npm.exitCode === null; i++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect(healthy, output).toBe(true);
      tree = descendants(npm.pid!);
      expect(tree.length).toBeGreaterThan(0);
      // The server runs with production's flags: a 4 MB young generation (ADR 028).
      const commands = tree.map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
      const server = tree.find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some((a) => a.endsWith('dist/main.js')));
      expect(commands.find((argv) => argv.some((a) => a.endsWith('dist/main.js')))).toContain('--max-semi-space-size=4');
      // ...and glibc's allocator set to give freed memory back (ADR 059).
      const environ = fs.readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
      expect(environ).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']));

      npm.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
      expect(code, output).not.toBe('timeout');
      expect(await portOpen(port)).toBe(false);
      expect(tree.filter(alive)).toEqual([]);
    } finally {
      // Whatever outlived npm (the failure this test is about) is stopped here, by its own id.
      for (const pid of [...tree, ...descendants(npm.pid!)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
      npm.kill('SIGKILL');
    }
  }, 60_000);
});
