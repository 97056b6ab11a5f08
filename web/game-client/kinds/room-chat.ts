/**
 * A bingo room's chat (issue 16): the room's CHAT channel, read and posted through the portal's
 * channel operations (`/ps/channels/:channelId/messages`, the player's portal session) and kept
 * live over the game client's gateway socket (`channel:<id>`). The first read answers the channel's
 * last sequence number, and the topic is followed after it, so nothing said between the read and
 * the subscription is lost. The list scrolls to the newest message 300 ms after it arrives, as the
 * portal's chat widget does (spec 000 §9).
 *
 * Moderation is the server's: a blocked word, a mute, slow mode and the posting rate are refused
 * there and explained here in the player's language; staff messages stand out, signed by the team
 * (a staff member's sign-in name is never shown to players).
 */

import type { ChannelMessage } from '../../../contracts/channels/channels';
import { MESSAGE_MAX_LENGTH } from '../../../contracts/channels/channels';
import { timeOfDay } from '../clock';
import type { Gateway } from '../gateway';
import { button, make, type GameContext } from './parts';

/** Staff sign as the team; the brand is a name, the same in every language. */
const BRAND = 'Emerald';
/** Messages kept on screen: the latest ones. */
const KEPT = 100;
const SCROLL_AFTER_MS = 300;

class ChatRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    readonly retryAfter: number | null,
    message: string,
  ) {
    super(message);
  }
}

async function portalCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/ps${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || answer === null) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ChatRefusal(response.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, answer?.message ?? response.statusText);
  }
  return answer;
}

export interface RoomChat {
  node: HTMLElement;
  close(): void;
}

export function roomChat(context: GameContext, gateway: Gateway, channelId: number): RoomChat {
  const { t, locale } = context;
  const topic = `channel:${channelId}`;
  const node = make('section', { className: 'gc-chat', testId: 'gc-room-chat' });
  const headingId = `gc-chat-${channelId}`;
  const heading = make('h3', { className: 'gc-chat__title', text: t('chat.title') });
  heading.id = headingId;
  node.setAttribute('aria-labelledby', headingId);
  const list = make('ol', { className: 'gc-chat__list', testId: 'gc-chat-messages' });
  // A log: new messages are announced politely, old ones are not read again.
  list.setAttribute('role', 'log');
  list.setAttribute('aria-labelledby', headingId);
  list.tabIndex = 0;
  const notice = make('p', { className: 'gc-chat__notice', testId: 'gc-chat-notice' });
  notice.setAttribute('role', 'status');
  const form = make('form', { className: 'gc-chat__form' });
  const input = make('input', { className: 'gc-chat__input', testId: 'gc-chat-input' });
  input.type = 'text';
  input.maxLength = MESSAGE_MAX_LENGTH;
  input.autocomplete = 'off';
  input.setAttribute('aria-label', t('chat.message'));
  input.placeholder = t('chat.placeholder');
  const send = button(t('chat.send'), 'gc__small', () => undefined);
  send.type = 'submit';
  send.dataset.testid = 'gc-chat-send';
  form.append(input, send);
  node.append(heading, list, notice, form);

  const clock = timeOfDay(locale);
  let lastSeq = 0;
  let closed = false;
  let scrollTimer: number | undefined;

  const add = (messages: ChannelMessage[]) => {
    const fresh = messages.filter((message) => message.seq > lastSeq);
    if (fresh.length === 0) return;
    lastSeq = fresh.at(-1)!.seq;
    for (const message of fresh) {
      const item = make('li', { className: 'gc-chat__message', testId: 'gc-chat-message' });
      item.dataset.author = message.author.kind;
      const time = make('time', { className: 'gc-chat__time', text: clock.format(new Date(message.sentAt)) });
      time.dateTime = message.sentAt;
      const name = make('strong', { className: 'gc-chat__name', text: message.author.kind === 'STAFF' ? t('chat.staff', { brand: BRAND }) : message.author.name });
      item.append(time, ' ', name, ' ', make('span', { className: 'gc-chat__text', text: message.text }));
      list.append(item);
    }
    while (list.children.length > KEPT) list.firstElementChild?.remove();
    window.clearTimeout(scrollTimer);
    scrollTimer = window.setTimeout(() => {
      list.scrollTop = list.scrollHeight;
    }, SCROLL_AFTER_MS);
  };

  const say = (text: string) => {
    notice.textContent = text;
  };

  const refusalText = (error: unknown): string => {
    if (!(error instanceof ChatRefusal)) return t('chat.failed');
    if (error.httpStatus === 401) return t('chat.signIn');
    if (error.httpStatus === 403) return t('chat.muted');
    if (error.httpStatus === 429) return t('chat.wait', { seconds: error.retryAfter ?? 10 });
    if (error.httpStatus === 400) return t('chat.refused');
    return t('chat.failed');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || send.disabled) return;
    send.disabled = true;
    say('');
    portalCall<ChannelMessage>('POST', `/channels/${channelId}/messages`, { text })
      .then((message) => {
        input.value = '';
        add([message]);
      })
      .catch((error: unknown) => say(refusalText(error)))
      .finally(() => {
        send.disabled = false;
      });
  });

  void portalCall<{ messages: ChannelMessage[]; lastSeq: number }>('GET', `/channels/${channelId}/messages?limit=50`)
    .then((page) => {
      if (closed) return;
      add(page.messages);
      lastSeq = Math.max(lastSeq, page.lastSeq);
      gateway.follow(topic, { onEvent: (payload, seq) => add([{ ...(payload as Omit<ChannelMessage, 'seq' | 'channelId'>), channelId, seq }]) }, lastSeq);
    })
    .catch(() => say(t('chat.failed')));

  return {
    node,
    close() {
      closed = true;
      window.clearTimeout(scrollTimer);
      gateway.unfollow(topic);
    },
  };
}
