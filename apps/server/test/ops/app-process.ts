import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startProcess } from '../processes';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Whether something accepts TCP connections on the port now. */
export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface AppProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGKILL if it is still running (cleanup). */
  kill(): void;
}

/**
 * Starts the server from source as an operator would (`node --import tsx apps/server/src/main.ts`,
 * test/processes.ts) with these settings, logging at info, and resolves once GET /api/ready
 * answers 200 (the database and storage are reachable, not just the process).
 */
export async function startAppProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<AppProcess> {
  const started = Date.now();
  const app = await startProcess('app', { LOG_LEVEL: 'info', WEB_DIST_DIR: path.join(ROOT, 'no-web-dist'), ...env }, timeoutMs);
  for (;;) {
    if (await fetch(`${app.url}/api/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > timeoutMs) {
      await app.kill9();
      throw new Error(`the app was not ready within ${timeoutMs} ms:\n${app.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const { child } = app;
  return {
    port: Number(new URL(app.url).port),
    url: app.url,
    child,
    output: app.output,
    exited: app.exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
