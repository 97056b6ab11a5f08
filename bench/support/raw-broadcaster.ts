import { performance } from 'node:perf_hooks';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A child process of `npm run bench:bingo`: the raw `ws` server the gateway is measured against.
 * It runs in its own process because a process may hold only so many sockets (this machine's hard
 * limit is 20,000 descriptors), and 10,000 players on each server in one process would pass it.
 * Rounds alternate, so only one of the two servers is sending at any moment, as before.
 *
 *   child → { type: 'listening', port }
 *   parent → { type: 'send', frame }   child → { type: 'sent', startedAt, sockets }
 *   (startedAt: epoch milliseconds just before the first send, the raw round's start)
 */

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
const sockets = new Set<WebSocket>();
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
server.once('listening', () => process.send?.({ type: 'listening', port: (server.address() as { port: number }).port }));
process.on('message', (message: { type: string; frame?: string }) => {
  if (message.type !== 'send' || message.frame === undefined) return;
  const startedAt = performance.timeOrigin + performance.now();
  // Encoded once and sent as text to every socket, as the gateway sends an event's frame.
  const frame = Buffer.from(message.frame);
  for (const socket of sockets) socket.send(frame, { binary: false });
  process.send?.({ type: 'sent', startedAt, sockets: sockets.size });
});
process.on('disconnect', () => process.exit(0));
