import WebSocket from 'ws';
import { serverMessageSchema, type ServerMessage } from '../../contracts/realtime/messages';

/**
 * A client of the real-time gateway (`/gs/ws`) for API tests: opens the socket with a session
 * cookie, subscribes one topic and keeps every frame the server sends (events and refusals).
 */
export async function followTopic(
  serverUrl: string,
  cookie: string,
  topic: string,
): Promise<{ events: ServerMessage[]; frames: ServerMessage[]; close: () => void }> {
  const socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/gs/ws`, { headers: { cookie } });
  const frames: ServerMessage[] = [];
  const events: ServerMessage[] = [];
  socket.on('message', (data) => {
    const message = serverMessageSchema.parse(JSON.parse(String(data)));
    frames.push(message);
    if (message.type === 'event') events.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', topic }));
  // Subscribed (or refused) before the caller acts.
  const deadline = Date.now() + 5_000;
  while (!frames.some((frame) => (frame.type === 'subscribed' && frame.topic === topic) || frame.type === 'error') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { events, frames, close: () => socket.close() };
}
