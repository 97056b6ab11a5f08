import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { channelModerationResponseSchema, DEFAULT_CHANNEL_ID, muteResponseSchema, slowModeResponseSchema } from '../../../../../contracts/channels/channels';
import { registerChronosStrings } from '../../../shared/i18n/chronos/register';
import { usePublicChannels } from '../../chronos/channel-feed';
import { useChronosTranslation, type ChronosT } from '../../chronos/i18n';
import { BackOfficeError, backOfficeKey, backOfficeRequest } from '../api/back-office-request';
import { BackOfficeTable } from './back-office-table';
import { formatWhen } from './format';

registerChronosStrings();

/** Slow-mode settings offered (seconds; 0 off) and mute lengths (minutes): the API takes any within its bounds. */
const SLOW_MODES = [0, 10, 30, 60, 300];
const MUTE_MINUTES = [10, 60, 24 * 60];

const muteLabel = (t: ChronosT, minutes: number) =>
  minutes < 60 ? t('chronos.mod.minutes', { count: minutes }) : t('chronos.mod.hours', { count: minutes / 60 });
const failureOf = (error: unknown) =>
  error instanceof BackOfficeError ? (error.fieldErrors[0]?.error ?? error.message) : error instanceof Error ? error.message : null;

/**
 * Chat moderation (permission channels.moderate, role CHAT_MODERATOR): a chat channel's recent
 * messages with their authors, a mute for a time or lifting it, and the channel's slow mode. The
 * server enforces all of it when a player posts; each action here is audited there.
 */
export function ChannelModeration() {
  const t = useChronosTranslation();
  const channels = usePublicChannels();
  const chats = (channels.data ?? []).filter((channel) => channel.mode === 'CHAT');
  const [channelId, setChannelId] = useState(DEFAULT_CHANNEL_ID);
  const [muteMinutes, setMuteMinutes] = useState(MUTE_MINUTES[0]!);
  const [slowSeconds, setSlowSeconds] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const key = [...backOfficeKey, 'channel-moderation', channelId];
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => backOfficeRequest(`/channels/${channelId}/moderation`, { schema: channelModerationResponseSchema, signal }),
    refetchInterval: 10_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const slowMode = useMutation({
    mutationFn: (seconds: number) =>
      backOfficeRequest(`/channels/${channelId}/slow-mode`, { method: 'PUT', body: { seconds }, schema: slowModeResponseSchema }),
    onSuccess: refresh,
  });
  const mute = useMutation({
    mutationFn: (partyId: string) =>
      backOfficeRequest(`/channels/${channelId}/mutes`, { method: 'POST', body: { partyId, minutes: muteMinutes }, schema: muteResponseSchema }),
    onSuccess: refresh,
  });
  const lift = useMutation({
    mutationFn: (partyId: string) => backOfficeRequest(`/channels/${channelId}/mutes/${partyId}`, { method: 'DELETE', schema: muteResponseSchema }),
    onSuccess: refresh,
  });
  const failure = failureOf(view.error ?? slowMode.error ?? mute.error ?? lift.error);
  const busy = mute.isPending || lift.isPending;
  const currentSlow = slowSeconds ?? view.data?.slowModeSeconds ?? 0;

  return (
    <section className="bo-card bo-stack" aria-labelledby="bo-moderation-title" data-testid="bo-channel-moderation">
      <h2 className="bo-card__title" id="bo-moderation-title">
        {t('chronos.mod.title')}
      </h2>
      <p className="bo-muted">{t('chronos.mod.lead')}</p>
      <div className="bo-inline-form">
        <label className="bo-stack">
          <span>{t('chronos.channel')}</span>
          <select
            className="input"
            value={channelId}
            onChange={(event) => {
              setChannelId(Number(event.target.value));
              setSlowSeconds(null);
            }}
            data-testid="bo-moderation-channel"
          >
            {(chats.length > 0 ? chats : [{ channelId: DEFAULT_CHANNEL_ID, name: String(DEFAULT_CHANNEL_ID) }]).map((channel) => (
              <option key={channel.channelId} value={channel.channelId}>
                {channel.name} ({channel.channelId})
              </option>
            ))}
          </select>
        </label>
        <label className="bo-stack">
          <span>{t('chronos.mod.slowMode')}</span>
          <select className="input" value={currentSlow} onChange={(event) => setSlowSeconds(Number(event.target.value))} data-testid="bo-slow-mode">
            {[...new Set([...SLOW_MODES, currentSlow])]
              .sort((a, b) => a - b)
              .map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds === 0 ? t('chronos.mod.slowOff') : t('chronos.mod.seconds', { count: seconds })}
                </option>
              ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          disabled={slowMode.isPending || currentSlow === view.data?.slowModeSeconds}
          onClick={() => slowMode.mutate(currentSlow)}
        >
          {t('chronos.mod.apply')}
        </button>
        <label className="bo-stack">
          <span>{t('chronos.mod.muteFor')}</span>
          <select className="input" value={muteMinutes} onChange={(event) => setMuteMinutes(Number(event.target.value))} data-testid="bo-mute-length">
            {MUTE_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {muteLabel(t, minutes)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {slowMode.isSuccess || mute.isSuccess || lift.isSuccess ? (
        <p role="status" data-testid="bo-moderation-done">
          {t('chronos.mod.done')}
        </p>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
      {view.data && view.data.messages.length === 0 ? <p className="bo-muted">{t('chronos.mod.empty')}</p> : null}
      {view.data && view.data.messages.length > 0 ? (
        <BackOfficeTable
          testId="bo-moderation-messages"
          rows={[...view.data.messages].reverse()}
          rowKey={(message) => message.seq}
          rowAttributes={() => ({ 'data-testid': 'bo-moderation-message' })}
          columns={[
            { header: t('chronos.mod.when'), cell: (message) => formatWhen(message.sentAt) },
            {
              header: t('chronos.mod.author'),
              cell: (message) =>
                message.author.kind === 'STAFF'
                  ? `${message.author.name} (${t('chronos.staff')})`
                  : message.nickname
                    ? `${message.author.name} (${message.nickname})`
                    : message.author.name,
            },
            { header: t('chronos.mod.text'), cell: (message) => message.text },
            {
              header: t('chronos.mod.state'),
              cell: (message) =>
                message.authorId === null ? null : message.mutedUntil ? (
                  <>
                    <span>{t('chronos.mod.mutedUntil', { until: formatWhen(message.mutedUntil) })}</span>{' '}
                    <button type="button" className="button button--secondary" disabled={busy} onClick={() => lift.mutate(message.authorId!)}>
                      {t('chronos.mod.lift', { name: message.author.name ?? '' })}
                    </button>
                  </>
                ) : (
                  <button type="button" className="button button--secondary" disabled={busy} onClick={() => mute.mutate(message.authorId!)}>
                    {t('chronos.mod.mute', { name: message.author.name ?? '' })}
                  </button>
                ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
