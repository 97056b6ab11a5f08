import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  staffSupportConversationSchema,
  staffSupportQueueSchema,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_STAFF_TOPIC,
  supportMessageSchema,
} from '../../../../../contracts/support/support';
import { useGatewayTopic } from '../../../shared/realtime/use-gateway-topic';
import { useSupportTranslation, type SupportT } from '../../support/i18n';
import { registerSupportStrings } from '../../../shared/i18n/support/register';
import { BackOfficeError, backOfficeKey, backOfficeRequest } from '../api/back-office-request';
import { staffMeKey } from '../api/staff-session';
import { useCodeLabel } from '../codes';
import { formatTime } from '../../../shared/i18n/format';
import { formatWhen } from './format';

registerSupportStrings();

/**
 * The queue and an open conversation are read again on every event of support's staff topic
 * (support-staff:queue over the gateway); this slow timer only covers a gateway that cannot be reached.
 */
const REFRESH_MS = 60_000;
const answerSchema = z.object({ conversation: staffSupportConversationSchema, message: supportMessageSchema });

const failureOf = (error: unknown) =>
  error instanceof BackOfficeError ? (error.fieldErrors[0]?.error ?? error.message) : error instanceof Error ? error.message : null;

/** Issue 16 LIVE HELP: support staff's queue of players' conversations, answering and closing them (support.chat, audited). */
export function SupportConsole() {
  const t = useSupportTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  useGatewayTopic(SUPPORT_STAFF_TOPIC, () => void queryClient.invalidateQueries({ queryKey: [...backOfficeKey, 'support'] }), {
    // The staff session behind the socket has ended (signed out, disabled, access ended): the back office asks who is signed in.
    onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: staffMeKey }),
  });
  const queue = useQuery({
    queryKey: [...backOfficeKey, 'support', 'queue'],
    queryFn: ({ signal }) => backOfficeRequest('/support/conversations', { query: { status: 'OPEN' }, schema: staffSupportQueueSchema, signal }),
    refetchInterval: REFRESH_MS,
  });
  if (openId) return <SupportConversationView conversationId={openId} onBack={() => setOpenId(null)} t={t} />;
  const list = queue.data?.conversations ?? [];
  return (
    <section className="bo-card bo-stack" data-testid="bo-support-queue">
      <p className="bo-muted">{t('support.bo.lead')}</p>
      {queue.data && list.length === 0 ? <p className="bo-muted">{t('support.bo.empty')}</p> : null}
      <ul className="bo-stack">
        {[...list]
          .sort((a, b) => Number(b.awaitingStaff) - Number(a.awaitingStaff))
          .map((entry) => (
            <li key={entry.conversationId} className="bo-card" data-testid="bo-support-entry">
              <strong>{entry.player.username}</strong> · {entry.awaitingStaff ? t('support.bo.waiting') : t('support.bo.answered')} ·{' '}
              {formatWhen(entry.lastMessageAt)}
              <p style={{ overflowWrap: 'anywhere' }}>{entry.lastText}</p>
              <button type="button" className="button button--secondary" onClick={() => setOpenId(entry.conversationId)}>
                {t('support.bo.open')}
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}

function SupportConversationView({ conversationId, onBack, t }: { conversationId: string; onBack(): void; t: SupportT }) {
  const queryClient = useQueryClient();
  const label = useCodeLabel();
  const [text, setText] = useState('');
  const key = [...backOfficeKey, 'support', 'conversation', conversationId];
  const conversation = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => backOfficeRequest(`/support/conversations/${conversationId}`, { schema: staffSupportConversationSchema, signal }),
    refetchInterval: REFRESH_MS,
  });
  const answer = useMutation({
    mutationFn: () => backOfficeRequest(`/support/conversations/${conversationId}/messages`, { method: 'POST', body: { text }, schema: answerSchema }),
    onSuccess: (result) => {
      setText('');
      queryClient.setQueryData(key, result.conversation);
    },
  });
  const close = useMutation({
    mutationFn: () => backOfficeRequest(`/support/conversations/${conversationId}/close`, { method: 'POST', schema: staffSupportConversationSchema }),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result);
      void queryClient.invalidateQueries({ queryKey: [...backOfficeKey, 'support', 'queue'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) answer.mutate();
  };
  const data = conversation.data;
  const failure = failureOf(answer.error) ?? failureOf(close.error);
  return (
    <section className="bo-card bo-stack" data-testid="bo-support-conversation">
      <button type="button" className="button button--ghost" onClick={onBack}>
        {t('support.bo.back')}
      </button>
      {data ? (
        <>
          <h2>
            {data.player.username} · {label('supportStatus', data.status)}
          </h2>
          <ol className="bo-stack" data-testid="bo-support-messages">
            {data.messages.map((message) => (
              <li key={message.id} style={{ overflowWrap: 'anywhere' }}>
                <strong>{message.author.name}</strong> ({formatTime(message.sentAt, { timeZone: 'UTC', seconds: true })} UTC): {message.text}
              </li>
            ))}
          </ol>
          {data.status === 'OPEN' ? (
            <form className="bo-stack" onSubmit={submit}>
              <label className="bo-stack">
                <span>{t('support.bo.answer')}</span>
                <textarea
                  className="input"
                  rows={3}
                  maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  data-testid="bo-support-text"
                />
              </label>
              <button type="submit" className="button button--primary" disabled={answer.isPending || !text.trim()} data-testid="bo-support-send">
                {t('support.bo.send')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={close.isPending}
                onClick={() => close.mutate()}
                data-testid="bo-support-close"
              >
                {t('support.bo.close')}
              </button>
            </form>
          ) : null}
        </>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
    </section>
  );
}
