import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SERVICE_RESTART_CLOSE_CODE } from '../../contracts/realtime/messages';
import { demoPlayers } from '../../server/seed/demo/players';
import { freePort } from '../support/oidc-provider';

/**
 * Issue 32, "Graceful restarts": a server PROCESS on SIGTERM reports not ready (/readyz 503) while it
 * keeps serving for SHUTDOWN_DRAIN_MS, refuses new gateway sockets, then closes the open ones with
 * 1012, finishes the request in flight and exits 0 within SHUTDOWN_TIMEOUT_MS; a request that never
 * finishes cannot hold it past the bound.
 */

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Node {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

/** A node on a fresh embedded database (it migrates and loads the demo content), once /readyz answers 200. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'emerald-shutdown-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the node exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return { url, child, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the node did not become ready:\n${output}`);
}

/**
 * A request whose body arrives only when `finish` is called: in flight all that time. It asks to
 * continue (Expect: 100-continue), so `started` settles once the server has read its headers and
 * answered 100: the request is the server's from then on, with no time waited out.
 */
function slowLogin(url: string, body: string) {
  const request = http.request(`${url}/ps/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const started = new Promise<void>((resolve) =>
    request.once('continue', () => {
      request.write(body.slice(0, 10));
      resolve();
    }),
  );
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { started, answered, finish: () => request.end(body.slice(10)) };
}

function openSocket(url: string, cookie: string): Promise<{ socket: WebSocket; closed: Promise<number> }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/gs/ws`, { headers: { cookie } });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('message', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

describe('graceful shutdown of a server process (issue 32)', () => {
  it('on SIGTERM: /readyz 503 while draining, new sockets refused, open ones closed with 1012, the request in flight finished, exit 0 within the bound', async () => {
    const drainMs = 1_500;
    const timeoutMs = 10_000;
    const node = await startNode({ SHUTDOWN_DRAIN_MS: String(drainMs), SHUTDOWN_TIMEOUT_MS: String(timeoutMs) });
    expect((await fetch(`${node.url}/livez`)).status).toBe(200);
    const ready = await fetch(`${node.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'UP' });

    const demo = demoPlayers.find((candidate) => candidate.player.username === 'demo.player')!;
    const credentials = JSON.stringify({ username: demo.player.username, password: demo.password });
    const login = await fetch(`${node.url}/ps/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { socket, closed } = await openSocket(node.url, cookie);
    socket.send(JSON.stringify({ type: 'subscribe', topic: 'bingo:any-room' }));

    const slow = slowLogin(node.url, credentials);
    await slow.started;
    const signalledAt = Date.now();
    node.child.kill('SIGTERM');

    // Draining: not ready (status only), still alive and serving, no new socket.
    let readiness: Response | undefined;
    await expect
      .poll(
        async () => {
          readiness = await fetch(`${node.url}/readyz`);
          return readiness.status;
        },
        { interval: 25 },
      )
      .toBe(503);
    expect(await readiness?.json()).toEqual({ status: 'DOWN' });
    expect(readiness?.headers.get('connection')).toBe('close');
    expect((await fetch(`${node.url}/livez`)).status).toBe(200);
    expect((await fetch(`${node.url}/ps/ping`)).status).toBe(200);
    const refused = await new Promise<number>((resolve) => {
      const late = new WebSocket(`${node.url.replace(/^http/, 'ws')}/gs/ws`, { headers: { cookie } });
      late.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      late.once('open', () => resolve(101));
      late.once('error', () => resolve(0));
    });
    expect(refused).toBe(503);
    expect(Date.now() - signalledAt).toBeLessThan(drainMs);

    // After the drain: the socket is told the node restarts; the request in flight still completes.
    expect(await closed).toBe(SERVICE_RESTART_CLOSE_CODE);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(drainMs - 50);
    slow.finish();
    const answer = await slow.answered;
    expect(answer.status, answer.text).toBe(200);

    const { code, at } = await node.exited;
    expect(code, node.output()).toBe(0);
    expect(at - signalledAt).toBeLessThan(timeoutMs);
    expect(node.output()).toContain('"msg":"stopped"');
    await expect(fetch(`${node.url}/livez`)).rejects.toThrow();
  }, 120_000);

  it('a request that never finishes cannot hold the node past SHUTDOWN_TIMEOUT_MS', async () => {
    const node = await startNode({ SHUTDOWN_TIMEOUT_MS: '2000' });
    const stuck = slowLogin(node.url, JSON.stringify({ username: 'nobody', password: 'never-sent' }));
    stuck.answered.catch(() => undefined);
    await stuck.started;
    const signalledAt = Date.now();
    node.child.kill('SIGTERM');
    const { code, at } = await node.exited;
    expect(code).toBe(1);
    expect(at - signalledAt).toBeGreaterThanOrEqual(1_900);
    expect(at - signalledAt).toBeLessThan(4_000);
    expect(node.output()).toContain('shutdown took too long');
  }, 120_000);
});
