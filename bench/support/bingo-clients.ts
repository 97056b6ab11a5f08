import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/**
 * A child process of `npm run bench:bingo`: opens its share of the WebSocket players, to the
 * gateway (each subscribing to the room's topic with a session cookie) and to the raw `ws` server,
 * and records when each call reaches each of its sockets. Talks to the parent over IPC:
 *
 *   parent → { type: 'open', gatewayUrl, rawUrl, cookies, count, topic }   child → { type: 'opened' }
 *   parent → { type: 'collect', target, round }   child → { type: 'times', times }  (once every socket of
 *   that target has the round's call; times are epoch milliseconds with sub-millisecond precision)
 */

type Target = 'gateway' | 'raw';
interface OpenMessage {
  type: 'open';
  gatewayUrl: string;
  rawUrl: string;
  cookies: string[];
  count: number;
  topic: string;
}
interface CollectMessage {
  type: 'collect';
  target: Target;
  round: number;
}

const now = () => performance.timeOrigin + performance.now();
/** Arrival times by target and round, one entry per socket. */
const arrivals: Record<Target, Map<number, number[]>> = { gateway: new Map(), raw: new Map() };
const waiting = new Map<string, () => void>();
let perTarget = 0;

function arrived(target: Target, data: WebSocket.RawData): void {
  const at = now();
  // Both targets' clients parse the frame, as a player's page would.
  const message = JSON.parse(String(data)) as { type: string; payload?: { payload?: { callSeq?: number } } };
  if (message.type !== 'event') return;
  const round = message.payload?.payload?.callSeq;
  if (round === undefined) return;
  let times = arrivals[target].get(round);
  if (!times) arrivals[target].set(round, (times = []));
  times.push(at);
  if (times.length === perTarget) waiting.get(`${target}:${round}`)?.();
}

function open(url: string, cookie: string | undefined, target: Target, topic: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    socket.on('error', reject);
    socket.on('message', (data) => {
      if (target === 'gateway') {
        const text = String(data);
        if (text.includes('"type":"ready"')) return socket.send(JSON.stringify({ type: 'subscribe', topic }));
        if (text.includes('"type":"subscribed"')) return resolve(socket);
      }
      arrived(target, data);
    });
    if (target === 'raw') socket.on('open', () => resolve(socket));
  });
}

/** A handshake that failed (a busy machine drops some) is tried again, up to three times. */
async function retried(make: () => Promise<WebSocket>): Promise<WebSocket> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await make();
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Opens `count` sockets, at most `parallel` handshakes at a time. */
async function openMany(count: number, parallel: number, make: (index: number) => Promise<WebSocket>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        sockets.push(await make(index));
      }
    }),
  );
  return sockets;
}

process.on('message', (raw: OpenMessage | CollectMessage) => {
  if (raw.type === 'open') {
    perTarget = raw.count;
    void (async () => {
      await openMany(raw.count, 64, (index) => retried(() => open(raw.gatewayUrl, raw.cookies[index % raw.cookies.length], 'gateway', raw.topic)));
      await openMany(raw.count, 64, () => retried(() => open(raw.rawUrl, undefined, 'raw', raw.topic)));
      process.send!({ type: 'opened' });
    })().catch((error: unknown) => {
      process.send!({ type: 'failed', error: String(error) });
    });
    return;
  }
  const key = `${raw.target}:${raw.round}`;
  const reply = () => {
    waiting.delete(key);
    process.send!({ type: 'times', times: arrivals[raw.target].get(raw.round) ?? [] });
    arrivals[raw.target].delete(raw.round);
  };
  if ((arrivals[raw.target].get(raw.round)?.length ?? 0) >= perTarget) reply();
  else waiting.set(key, reply);
});
process.on('disconnect', () => process.exit(0));
