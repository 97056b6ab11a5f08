import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  playerSupportResponseSchema,
  playerSupportWriteResponseSchema,
  SUPPORT_MESSAGE_MAX_LENGTH,
  type SupportHours,
} from '../../../../contracts/support/support';
import { ApiError, apiRequest } from '../../shared/api/api-client';
import { useSupportTranslation } from './i18n';
import { weekdayKey } from '../../shared/i18n/calendar';
import { registerSupportStrings } from '../../shared/i18n/support/register';
import { usePlayerInfo } from '../../shared/session/api/get-player-info';
import { useGatewayTopic } from '../../shared/realtime/use-gateway-topic';
import { useSession } from '../../shared/session/use-session';
import { formatTime } from '../../shared/i18n/format';

registerSupportStrings();

/**
 * The conversation is read again on every event of the player's own topic (player:<partyId> over the
 * gateway, where a staff answer is published); this slow timer only covers a gateway that cannot be reached.
 */
const REFRESH_MS = 60_000;
const queryKey = ['support', 'conversation'];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * When support opens, on support's own clock: the weekday from the dictionaries (Chromium's ICU has
 * no Macedonian, see calendar.ts), the time on a 24-hour clock and the zone's short name.
 */
function whenText(hours: SupportHours, weekdayName: (day: number) => string): string {
  if (!hours.opensAt) return '';
  // Intl reads only the calendar fields here (the weekday and the zone's name); the time is the contracts' one formatter's.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: hours.timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(hours.opensAt))
      .map((part) => [part.type, part.value]),
  );
  return `${weekdayName(WEEKDAYS.indexOf(String(parts.weekday)))} ${formatTime(hours.opensAt, { timeZone: hours.timeZone })} ${String(parts.timeZoneName)}`;
}

/**
 * Issue 16 LIVE HELP (spec 000 §1 live chat): a signed-in player's conversation with support. The
 * messages are kept by the server; outside support hours the panel says when someone will answer.
 */
export function LiveChatPanel() {
  const { t: translate } = useTranslation();
  const t = useSupportTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { data: player } = usePlayerInfo();
  useGatewayTopic(session.authenticated && player ? `player:${player.partyId}` : null, (payload) => {
    const type = (payload as { type?: unknown } | null)?.type;
    if (payload === null || (typeof type === 'string' && type.startsWith('support.'))) void queryClient.invalidateQueries({ queryKey });
  });
  const conversation = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest('ps', '/support/conversation', { schema: playerSupportResponseSchema, signal, feedback: 'silent' }),
    enabled: session.authenticated,
    refetchInterval: REFRESH_MS,
  });
  if (!session.authenticated)
    return (
      <p className="rich-text" data-testid="live-chat-sign-in">
        {t('support.chat.signIn')}
      </p>
    );
  const data = conversation.data;
  const messages = data?.conversation?.messages ?? [];

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      const written = await apiRequest('ps', '/support/messages', {
        method: 'POST',
        body: { text },
        schema: playerSupportWriteResponseSchema,
        feedback: 'silent',
      });
      queryClient.setQueryData(queryKey, { conversation: written.conversation, hours: written.hours });
      setText('');
    } catch (caught) {
      const status = caught instanceof ApiError && caught.result.kind === 'response' ? caught.result.httpStatus : 0;
      setError(status === 429 ? t('support.chat.tooFast') : t('support.chat.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="live-chat" data-testid="live-chat-panel">
      <p className="live-chat__lead">{t('support.chat.lead')}</p>
      {data ? (
        <p className="live-chat__hours" data-testid="live-chat-hours" role="status">
          {data.hours.open ? t('support.chat.openHours') : t('support.chat.closedHours', { when: whenText(data.hours, (day) => translate(weekdayKey(day))) })}
        </p>
      ) : null}
      <ol className="live-chat__messages" aria-live="polite" data-testid="live-chat-messages">
        {messages.length === 0 ? <li className="live-chat__empty">{t('support.chat.empty')}</li> : null}
        {messages.map((message) => (
          <li key={message.id} className={`live-chat__message live-chat__message--${message.author.kind.toLowerCase()}`}>
            <span className="live-chat__author">
              {message.author.kind === 'STAFF' ? (message.author.name ?? t('support.chat.staff')) : t('support.chat.you')}
            </span>
            <span className="live-chat__text">{message.text}</span>
          </li>
        ))}
      </ol>
      {data?.conversation?.status === 'CLOSED' ? <p className="live-chat__closed">{t('support.chat.conversationClosed')}</p> : null}
      <form className="live-chat__form" onSubmit={(event) => void send(event)}>
        <label className="visually-hidden" htmlFor="live-chat-text">
          {t('support.chat.message')}
        </label>
        <textarea
          id="live-chat-text"
          className="input live-chat__input"
          rows={2}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="live-chat-text"
        />
        <button type="submit" className="button button--primary" disabled={sending || !text.trim()} data-testid="live-chat-send">
          {t('support.chat.send')}
        </button>
      </form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
