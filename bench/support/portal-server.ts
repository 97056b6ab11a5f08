import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A port free on this machine now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The portal as the browser benches measure it: `npm start` (which builds dist/web when stale), or
 * the server alone on the build `dist` names, on its own data directory; resolves once `/readyz`
 * answers, and `stop` ends it.
 */
export async function startPortalServer(port: number, dataDir: string, dist: string | undefined): Promise<{ stop(): Promise<void> }> {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const entry = dist ? 'server/main.ts' : 'scripts/start.ts';
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...(dist ? { WEB_DIST_DIR: path.resolve(dist) } : {}),
  };
  const child = spawn(tsx, [entry], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      // Migrating and seeding an empty database takes minutes while the machine is busy.
      if (Date.now() - started > 600_000) throw new Error('the server was not ready (/readyz) within 10 minutes');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
