import { useEffect, useRef } from 'react';
import { subscribeToTopic } from './gateway-client';

const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000];

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
    return subscribeToTopic({
      topic,
      reconnectMs: RECONNECT_MS,
      onSubscribed: (resumed) => {
        if (resumed) handler.current(null);
      },
      onEvent: (payload) => handler.current(payload),
    });
  }, [topic]);
}
