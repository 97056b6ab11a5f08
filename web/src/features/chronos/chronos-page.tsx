import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_CHANNEL_ID, MESSAGE_MAX_LENGTH, type Channel, type ChannelMessage } from '../../../../contracts/channels/channels';
import { errorResponseSchema } from '../../../../contracts/errors';
import { ApiError } from '../../shared/api/api-client';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { registerChronosStrings } from '../../shared/i18n/chronos/register';
import { useSession } from '../../shared/session/use-session';
import { postChannelMessage, useChannelFeed, usePublicChannels } from './channel-feed';
import { useChronosTranslation, type ChronosT } from './i18n';
import { formatTime } from '../../shared/i18n/format';
import './chronos.css';

registerChronosStrings();

/** Spec 000 §9: the chat scrolls to its newest message this long after one arrives. */
export const CHAT_SCROLL_DELAY_MS = 300;

type WidgetKind = 'banner' | 'plain' | 'chat';

/**
 * NAV-32, CONTENT-24…27: the Chronos page — three message-channel widgets (banner, plain waterfall,
 * chat), each with its own channel picker over the public channels, all starting on channel 20.
 */
export function ChronosPage() {
  const t = useChronosTranslation();
  useDocumentTitle(t('chronos.title'));
  const channels = usePublicChannels();
  const list = channels.data ?? [];
  return (
    <article className="chronos" data-testid="chronos-page">
      <header className="chronos__header">
        <h1 className="chronos__title">{t('chronos.title')}</h1>
        <p className="chronos__intro">{t('chronos.intro')}</p>
      </header>
      <div className="chronos__widgets">
        {(['banner', 'plain', 'chat'] as const).map((kind) => (
          <ChannelWidget key={kind} kind={kind} channels={list} t={t} />
        ))}
      </div>
    </article>
  );
}

function ChannelWidget({ kind, channels, t }: { kind: WidgetKind; channels: Channel[]; t: ChronosT }) {
  const [channelId, setChannelId] = useState(DEFAULT_CHANNEL_ID);
  const session = useSession();
  const feed = useChannelFeed(channelId, session.authenticated);
  const channel = channels.find((candidate) => candidate.channelId === channelId);
  const pickerId = `chronos-${kind}-channel`;
  return (
    <section
      className={`chronos-widget chronos-widget--${kind}`}
      data-testid={`chronos-${kind}`}
      data-channel={channelId}
      data-subscribed={feed.subscribed ? 'true' : undefined}
      aria-labelledby={`${pickerId}-title`}
    >
      <header className="chronos-widget__head">
        <h2 id={`${pickerId}-title`} className="chronos-widget__title">
          {t(`chronos.widget.${kind}`)}
        </h2>
        <label className="chronos-widget__picker" htmlFor={pickerId}>
          <span>{t('chronos.channel')}</span>
          <select id={pickerId} value={channelId} onChange={(event) => setChannelId(Number(event.target.value))} data-testid={`chronos-${kind}-picker`}>
            {channels.length === 0 ? <option value={channelId}>{channelId}</option> : null}
            {channels.map((option) => (
              <option key={option.channelId} value={option.channelId}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
      </header>
      {!feed.online ? <p className="chronos-widget__status">{t('chronos.offline')}</p> : null}
      {kind === 'banner' ? <Banner messages={feed.messages} t={t} /> : null}
      {kind === 'plain' ? <Waterfall messages={feed.messages} t={t} /> : null}
      {kind === 'chat' ? <Chat channelId={channelId} channel={channel} messages={feed.messages} signedIn={session.authenticated} t={t} /> : null}
    </section>
  );
}

/**
 * A staff member is the public name they chose, else the team (translated); a player their chat
 * nickname, else "a player" (translated); the server never sends a sign-in name.
 */
const author = (message: ChannelMessage, t: ChronosT) =>
  message.author.kind === 'STAFF' ? (message.author.name ?? t('chronos.staff')) : (message.author.name ?? t('chronos.player'));
const timeOf = (message: ChannelMessage) => formatTime(message.sentAt);

/** BANNER: the newest message, large. */
function Banner({ messages, t }: { messages: ChannelMessage[]; t: ChronosT }) {
  const latest = messages.at(-1);
  if (!latest) return <p className="chronos-widget__empty">{t('chronos.empty')}</p>;
  return (
    <div className="chronos-banner" aria-live="polite" data-testid="chronos-banner-message">
      <p className="chronos-banner__text">{latest.text}</p>
      <p className="chronos-banner__meta">
        {author(latest, t)} · {timeOf(latest)}
      </p>
    </div>
  );
}

/** PLAIN: a waterfall, newest on top. */
function Waterfall({ messages, t }: { messages: ChannelMessage[]; t: ChronosT }) {
  if (messages.length === 0) return <p className="chronos-widget__empty">{t('chronos.empty')}</p>;
  return (
    <ol className="chronos-waterfall" data-testid="chronos-plain-messages">
      {[...messages].reverse().map((message) => (
        <li key={message.seq} className="chronos-waterfall__item">
          <span className="chronos-message__meta">
            {author(message, t)} · {timeOf(message)}
          </span>
          <span className="chronos-message__text">{message.text}</span>
        </li>
      ))}
    </ol>
  );
}

/** CHAT: oldest first, scrolled to the newest 300 ms after a message arrives (spec 000 §9); players post to CHAT channels. */
function Chat({
  channelId,
  channel,
  messages,
  signedIn,
  t,
}: {
  channelId: number;
  channel: Channel | undefined;
  messages: ChannelMessage[];
  signedIn: boolean;
  t: ChronosT;
}) {
  const list = useRef<HTMLOListElement>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const newest = messages.at(-1)?.seq;

  useEffect(() => {
    if (newest === undefined) return undefined;
    const timer = setTimeout(() => {
      const element = list.current;
      if (element) element.scrollTop = element.scrollHeight;
    }, CHAT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [newest]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await postChannelMessage(channelId, text);
      setText('');
    } catch (error) {
      const result = error instanceof ApiError ? error.result : null;
      if (result?.kind !== 'response') throw error;
      const answer = errorResponseSchema.safeParse(result.body);
      setFailure(result.httpStatus === 429 ? t('chronos.tooFast') : answer.success ? (answer.data.errors?.[0]?.error ?? answer.data.message) : null);
    } finally {
      setSending(false);
    }
  };

  const writable = channel?.mode === 'CHAT';
  return (
    <>
      <ol className="chronos-chat" ref={list} data-testid="chronos-chat-messages" aria-live="polite">
        {messages.length === 0 ? <li className="chronos-widget__empty">{t('chronos.empty')}</li> : null}
        {messages.map((message) => (
          <li key={message.seq} className={`chronos-chat__item chronos-chat__item--${message.author.kind.toLowerCase()}`}>
            <span className="chronos-message__meta">
              <strong>{author(message, t)}</strong> {timeOf(message)}
            </span>
            <span className="chronos-message__text">{message.text}</span>
          </li>
        ))}
      </ol>
      {!writable ? (
        <p className="chronos-widget__note">{t('chronos.readOnly')}</p>
      ) : !signedIn ? (
        <p className="chronos-widget__note">{t('chronos.signInToChat')}</p>
      ) : (
        <form className="chronos-chat__form" onSubmit={(event) => void submit(event)}>
          <label className="visually-hidden" htmlFor={`chronos-chat-input-${channelId}`}>
            {t('chronos.message')}
          </label>
          <input
            id={`chronos-chat-input-${channelId}`}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            data-testid="chronos-chat-input"
            autoComplete="off"
          />
          <button type="submit" className="button button--primary" disabled={sending || !text.trim()}>
            {t('chronos.send')}
          </button>
        </form>
      )}
      {failure ? (
        <p className="chronos-widget__error" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
