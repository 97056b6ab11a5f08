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
 *
 * Players are shown by a chat nickname they choose (issue 27), never by their sign-in name: until
 * they have one the room asks for it (`/ps/chat/nickname`) in place of the message form, and the
 * server refuses their messages naming `nickname`.
 */

import type { ChannelMessage } from '../../../contracts/channels/channels';
import { MESSAGE_MAX_LENGTH } from '../../../contracts/channels/channels';
import { fetchAnswer, readRefusal, retryAfterSeconds } from '../../src/shared/api/fetch-core';
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
    readonly fields: readonly string[] = [],
  ) {
    super(message);
  }
}

async function portalCall<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  // Unreachable (not a refusal) when no answer came: the chat says it failed.
  const answer = await fetchAnswer(`/ps${path}`, { method, body, credentials: 'same-origin' });
  if (!answer.ok || answer.payload === null) {
    const refusal = readRefusal(answer.payload);
    throw new ChatRefusal(
      answer.status,
      retryAfterSeconds(answer.headers) ?? null,
      refusal.message ?? String(answer.status),
      refusal.errors.map((entry) => entry.field),
    );
  }
  return answer.payload as T;
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

  // The nickname the room shows for this player; asked for before their first message.
  const nicknameForm = make('form', { className: 'gc-chat__nickname', testId: 'gc-chat-nickname' });
  const nicknameTitle = make('p', { className: 'gc-chat__nickname-title', text: t('chat.nicknameTitle') });
  const nicknameHelp = make('p', { className: 'gc-chat__nickname-help', text: t('chat.nicknameHelp') });
  const nicknameInput = make('input', { className: 'gc-chat__input', testId: 'gc-chat-nickname-input' });
  nicknameInput.type = 'text';
  nicknameInput.maxLength = 20;
  nicknameInput.autocomplete = 'off';
  nicknameInput.setAttribute('aria-label', t('chat.nicknameLabel'));
  nicknameInput.placeholder = t('chat.nicknameLabel');
  const nicknameSave = button(t('chat.nicknameSave'), 'gc__small', () => undefined);
  nicknameSave.type = 'submit';
  nicknameSave.dataset.testid = 'gc-chat-nickname-save';
  const nicknameRow = make('div', { className: 'gc-chat__form' });
  nicknameRow.append(nicknameInput, nicknameSave);
  nicknameForm.append(nicknameTitle, nicknameHelp, nicknameRow);
  nicknameForm.hidden = true;
  const shownAs = make('p', { className: 'gc-chat__as', testId: 'gc-chat-as' });
  node.append(heading, list, notice, nicknameForm, shownAs, form);

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
      const name = make('strong', {
        className: 'gc-chat__name',
        text: message.author.kind === 'STAFF' ? (message.author.name ?? t('chat.staff', { brand: BRAND })) : (message.author.name ?? t('chat.player')),
      });
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

  /** Shows the nickname form (no nickname yet) or the message form with the name the room sees. */
  const showNickname = (nickname: string | null) => {
    nicknameForm.hidden = nickname !== null;
    form.hidden = nickname === null;
    shownAs.textContent = nickname === null ? '' : t('chat.nicknameShown', { nickname });
  };

  const refusalText = (error: unknown): string => {
    if (!(error instanceof ChatRefusal)) return t('chat.failed');
    if (error.httpStatus === 401) return t('chat.signIn');
    if (error.fields.includes('nickname')) {
      showNickname(null);
      return t('chat.nicknameNeeded');
    }
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

  nicknameForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const nickname = nicknameInput.value.trim();
    if (!nickname || nicknameSave.disabled) return;
    nicknameSave.disabled = true;
    say('');
    portalCall<{ nickname: string | null }>('PUT', '/chat/nickname', { nickname })
      .then((answer) => {
        showNickname(answer.nickname);
        input.focus();
      })
      .catch((error: unknown) => {
        if (error instanceof ChatRefusal && error.httpStatus === 409) say(t('chat.nicknameTaken'));
        else if (error instanceof ChatRefusal && error.httpStatus === 400) say(t('chat.nicknameInvalid'));
        else say(refusalText(error));
      })
      .finally(() => {
        nicknameSave.disabled = false;
      });
  });

  // Whether the player has a nickname yet; a visitor without a portal session sees the sign-in hint when they write.
  void portalCall<{ nickname: string | null }>('GET', '/chat/nickname')
    .then((answer) => {
      if (!closed) showNickname(answer.nickname);
    })
    .catch(() => undefined);

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
