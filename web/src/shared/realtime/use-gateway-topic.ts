import { useEffect, useRef } from 'react';
import { serverMessageSchema } from '../../../../contracts/realtime/messages';
import { serviceUrl } from '../api/service-addresses';

const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000];

/** The real-time gateway's WebSocket address (`{gs}/ws`), on the page's scheme. */
export function gatewayUrl(): string {
  const address = new URL(serviceUrl('gs', '/ws'), window.location.href);
  address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
  return address.href;
}

/**
 * Follows one topic of the real-time gateway while `topic` is set: `onEvent` gets each event's
 * payload as it is published. For screens that read their state over HTTP and only need to know
 * when to read it again (a support conversation, the staff queue), so a reconnect subscribes live
 * and calls `onEvent(null)` once: whatever happened while the socket was down is read again.
 * The session cookie the upgrade carries decides what may be followed (the player's own topic,
 * staff topics by permission).
 */
export function useGatewayTopic(topic: string | null, onEvent: (payload: unknown) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!topic) return undefined;
    let stopped = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;

    const connect = () => {
      if (stopped) return;
      const ws = new WebSocket(gatewayUrl());
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', topic }));
      ws.onmessage = (frame) => {
        let data: unknown;
        try {
          data = JSON.parse(String(frame.data));
        } catch {
          return;
        }
        const message = serverMessageSchema.safeParse(data);
        if (!message.success) return;
        const body = message.data;
        if (body.type === 'subscribed' && body.topic === topic) {
          attempt = 0;
          if (connectedBefore) handler.current(null);
          connectedBefore = true;
        } else if (body.type === 'event' && body.topic === topic) handler.current(body.payload);
      };
      ws.onclose = () => {
        if (socket === ws) socket = null;
        if (stopped) return;
        timer = setTimeout(connect, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]);
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [topic]);
}
