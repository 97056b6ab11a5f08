import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './oidc-provider';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
}

/**
 * Another server PROCESS on the test's PostgreSQL database: its own memory, pool and timers, sharing
 * nothing with the test but the database (the tests of "two server processes on one PostgreSQL").
 * `node --import tsx` rather than the tsx command, which forks: the child's pid is the server's.
 * Answers once the server's /readyz answers 200 (migrated, its database answering).
 */
export async function startServerProcess(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      SEED_DEMO_CONTENT: 'false',
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server process ${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { name, url, port, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server process ${name} did not start within 60 s`);
}

/** Ends a server process with SIGTERM and waits for it; one already gone (killed by the test) is left. */
export async function stopServerProcess(node: ServerProcess | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  await exited;
}
