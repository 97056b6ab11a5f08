import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { channelListSchema, channelMessagesResponseSchema, channelMessageSchema, type ChannelMessage } from '../../../../contracts/channels/channels';
import { apiRequest } from '../../shared/api/api-client';
import { subscribeToTopic } from '../../shared/realtime/gateway-client';
import { useTranslation } from 'react-i18next';

/** GET /cms/wp-json/wp/v2/channel/all?type=public (BOOT-12): every widget's picker lists these. */
export function usePublicChannels() {
  // The server names channels in the portal's language: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['channels', 'public', i18n.language],
    queryFn: ({ signal }) =>
      apiRequest('cms', '/wp-json/wp/v2/channel/all', { query: { type: 'public' }, schema: channelListSchema, signal, feedback: 'silent' }),
    staleTime: 5 * 60_000,
  });
}

export function postChannelMessage(channelId: number, text: string) {
  return apiRequest('ps', `/channels/${channelId}/messages`, { method: 'POST', body: { text }, schema: channelMessageSchema, feedback: 'silent' });
}

/** A channel's messages kept on the page: the latest ones at most. */
const KEPT = 100;
const RECONNECT_MS = [2_000];
/** Visitors cannot open the gateway (it needs a session): they read new messages this often. */
const POLL_MS = 5_000;

function messageOf(channelId: number, seq: number, payload: unknown): ChannelMessage | null {
  const parsed = channelMessageSchema.omit({ seq: true, channelId: true }).safeParse(payload);
  return parsed.success ? { ...parsed.data, channelId, seq } : null;
}

/**
 * A channel's recent messages, kept live: the latest page first, then events of `channel:<id>` over
 * the WebSocket gateway for a signed-in player, which on every reconnect subscribes after the last
 * sequence number seen, so the store replays what was missed; a visitor reads after it every few
 * seconds instead. `online` is false while a live connection is being re-established.
 */
export function useChannelFeed(channelId: number, live: boolean): { messages: ChannelMessage[]; online: boolean; ready: boolean; subscribed: boolean } {
  const [state, setState] = useState<{ channelId: number; messages: ChannelMessage[]; ready: boolean }>({ channelId, messages: [], ready: false });
  const [online, setOnline] = useState(true);
  // The channel whose live feed the gateway has confirmed (its `subscribed` frame): from then on no
  // message posted to it can be missed.
  const [liveChannel, setLiveChannel] = useState<number | null>(null);

  useEffect(() => {
    let stopped = false;
    let lastSeq = 0;
    let unsubscribe: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const add = (incoming: ChannelMessage[]) => {
      const fresh = incoming.filter((message) => message.seq > lastSeq);
      if (fresh.length === 0) return;
      lastSeq = fresh.at(-1)!.seq;
      setState((previous) => ({ channelId, ready: true, messages: [...(previous.channelId === channelId ? previous.messages : []), ...fresh].slice(-KEPT) }));
    };

    const read = async (afterSeq?: number) => {
      const page = await apiRequest('ps', `/channels/${channelId}/messages`, {
        query: afterSeq === undefined ? { limit: 50 } : { afterSeq, limit: 100 },
        schema: channelMessagesResponseSchema,
        signal: controller.signal,
        feedback: 'silent',
      });
      if (!stopped) add(page.messages);
    };

    const poll = () => {
      timer = setTimeout(() => {
        void read(lastSeq)
          .catch(() => undefined)
          .finally(() => {
            if (!stopped) poll();
          });
      }, POLL_MS);
    };

    const connect = () => {
      unsubscribe = subscribeToTopic({
        topic: `channel:${channelId}`,
        after: () => lastSeq,
        reconnectMs: RECONNECT_MS,
        onSubscribed: () => {
          setOnline(true);
          setLiveChannel(channelId);
        },
        onEvent: (payload, seq) => {
          const received = messageOf(channelId, seq, payload);
          if (received) add([received]);
        },
        onDisconnected: () => setOnline(false),
      });
    };

    void read()
      .then(() => {
        if (stopped) return;
        setState((previous) => ({ ...previous, ready: true }));
        if (live) connect();
        else poll();
      })
      .catch(() => {
        if (!stopped) setState((previous) => ({ ...previous, ready: true }));
        if (!stopped) poll();
      });

    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [channelId, live]);

  return {
    messages: state.channelId === channelId ? state.messages : [],
    online: online || !live,
    ready: state.ready,
    subscribed: live && liveChannel === channelId,
  };
}
