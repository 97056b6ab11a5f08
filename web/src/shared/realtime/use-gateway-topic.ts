import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionQueryKey } from '../session/api/check-session-alive';
import { subscribeToTopic } from './gateway-client';

/**
 * Follows one topic of the real-time gateway while `topic` is set: `onEvent` gets each event's
 * payload as it is published. For screens that read their state over HTTP and only need to know
 * when to read it again (a support conversation, the staff queue). A reconnect (a node's restart
 * included) resumes after the last event seen and also calls `onEvent(null)` once: whatever
 * happened while the socket was down is read again, even what the gateway's store has pruned.
 * The session cookie the upgrade carries decides what may be followed (the player's own topic,
 * staff topics by permission).
 */
export function useGatewayTopic(topic: string | null, onEvent: (payload: unknown) => void, options: { onSessionEnded?: () => void } = {}): void {
  const handler = useRef(onEvent);
  const ended = useRef(options.onSessionEnded);
  const queryClient = useQueryClient();
  useEffect(() => {
    handler.current = onEvent;
    ended.current = options.onSessionEnded;
  });

  useEffect(() => {
    if (!topic) return undefined;
    return subscribeToTopic({
      topic,
      onSubscribed: (resumed) => {
        if (resumed) handler.current(null);
      },
      onEvent: (payload) => handler.current(payload),
      // The session is over: the page asks again who is signed in (the player's session unless the
      // screen says whose) and shows what a signed-out visitor sees; the topic is not followed
      // again until a new sign-in changes the topic or remounts the screen.
      onSessionEnded: () => (ended.current ? ended.current() : void queryClient.invalidateQueries({ queryKey: sessionQueryKey })),
    });
  }, [topic, queryClient]);
}
