import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  kind: 'app' | 'worker';
  child: ChildProcess;
  pid: number;
  /** The app's base URL (apps only). */
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** The JSON log lines it printed with this message. */
  logs(msg: string): Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown code runs, as when the machine or the kernel stops it. */
  kill9(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
}

/** How a process starts: from the operations project's shared build, or from the sources with tsx. */
function command(kind: 'app' | 'worker'): string[] {
  // Outside vitest's operations project (no build provided) the sources run as they are.
  const dist = inject('serverDist') as string | undefined;
  if (dist) return [path.join(dist, kind === 'app' ? 'main.js' : 'worker.js')];
  return ['--import', 'tsx', kind === 'app' ? 'apps/server/src/main.ts' : 'apps/server/src/worker.ts'];
}

/**
 * Starts the server or a job worker. In the operations project (vitest.config.ts) that is the
 * compiled `main.js`/`worker.js` its global setup built once from the current sources
 * (test/ops/global-setup.ts), as `npm start` and `npm run worker` run in production; elsewhere
 * `main.ts`/`worker.ts` from the sources with tsx, as `npm run dev` does. Resolves once it is
 * ready: an app answers /api/health, a worker has logged that it started. On a loaded 2-core
 * machine several starting at once have taken 25 s, hence the generous limit.
 */
export async function startProcess(kind: 'app' | 'worker', env: Record<string, string>, timeoutMs = 100_000): Promise<ServerProcess> {
  const port = kind === 'app' ? await freePort() : 0;
  const child = spawn(process.execPath, command(kind), {
    cwd: ROOT,
    // The free-disk floor (ADR 031) has its own tests; a CI machine short of disk must not refuse these suites' work.
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), MIN_FREE_DISK_MB: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const proc: ServerProcess = {
    kind,
    child,
    pid: child.pid!,
    url,
    output: () => text,
    logs(msg) {
      return text
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return {};
          }
        })
        .filter((l) => l.msg === msg);
    },
    exited,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} exited with ${child.exitCode} before it was ready:\n${text}`);
    const ready =
      kind === 'app'
        ? await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
        : proc.logs('job worker started').length > 0;
    if (ready) return proc;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${kind} was not ready within ${timeoutMs} ms:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The process id inside a job's `locked_by` (`host:pid:random`, plus `#delivery` on PostgreSQL). */
export const pidOfLock = (lockedBy: string | null) => (lockedBy ? Number(lockedBy.split(':')[1]) : undefined);
