import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function run(env: Record<string, string>, onOutput?: (text: string, child: ReturnType<typeof spawn>) => void) {
  const child = spawn(tsx, ['server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_FORMAT: 'json', SERVE_WEB: 'false', ...env },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output, child);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('server process', () => {
  it('refuses to start with a bad environment variable, naming it and its value', async () => {
    const { code, output } = await run({ PORT: 'seventy', LOG_LEVEL: 'loud' });
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a port number (got "seventy")');
    expect(output).toContain('LOG_LEVEL must be one of');
  });

  it('refuses to start in production without DATABASE_URL', async () => {
    const { code, output } = await run({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL is required when NODE_ENV=production');
  });

  it('starts, warns that the embedded database is not for real money, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'emerald-process-'));
    let signalled = false;
    const { code, output } = await run({ PORT: '0', DATA_DIR: dataDir }, (text, child) => {
      if (!signalled && text.includes('Emerald is running at')) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    await rm(dataDir, { recursive: true, force: true });
    expect(signalled).toBe(true);
    expect(output).toContain('not for real money');
    expect(output).toContain('"msg":"stopped"');
    expect(code).toBe(0);
  }, 60_000);
});
