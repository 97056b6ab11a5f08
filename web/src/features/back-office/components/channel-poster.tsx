import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { channelMessageSchema, DEFAULT_CHANNEL_ID, MESSAGE_MAX_LENGTH } from '../../../../../contracts/channels/channels';
import { registerChronosStrings } from '../../../shared/i18n/chronos/register';
import { usePublicChannels } from '../../chronos/channel-feed';
import { useChronosTranslation } from '../../chronos/i18n';
import { BackOfficeError, backOfficeRequest } from '../api/back-office-request';

registerChronosStrings();

/** Staff post to a public channel (permission channels.post; POST /bo/channels/:id/messages, audited). */
export function ChannelPoster() {
  const t = useChronosTranslation();
  const channels = usePublicChannels();
  const [channelId, setChannelId] = useState(DEFAULT_CHANNEL_ID);
  const [text, setText] = useState('');
  const post = useMutation({
    mutationFn: () => backOfficeRequest(`/channels/${channelId}/messages`, { method: 'POST', body: { text }, schema: channelMessageSchema }),
    onSuccess: () => setText(''),
  });
  const failure =
    post.error instanceof BackOfficeError ? (post.error.fieldErrors[0]?.error ?? post.error.message) : post.error ? String(post.error.message) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) post.mutate();
  };
  return (
    <form className="bo-card bo-stack" onSubmit={submit} data-testid="bo-channel-poster">
      <p className="bo-muted">{t('chronos.bo.lead')}</p>
      <label className="bo-stack">
        <span>{t('chronos.channel')}</span>
        <select className="input" value={channelId} onChange={(event) => setChannelId(Number(event.target.value))} data-testid="bo-channel-picker">
          {(channels.data ?? [{ channelId: DEFAULT_CHANNEL_ID, name: String(DEFAULT_CHANNEL_ID), mode: 'CHAT' as const }]).map((channel) => (
            <option key={channel.channelId} value={channel.channelId}>
              {channel.name} ({channel.channelId})
            </option>
          ))}
        </select>
      </label>
      <label className="bo-stack">
        <span>{t('chronos.message')}</span>
        <textarea
          className="input"
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          data-testid="bo-channel-text"
        />
      </label>
      <button type="submit" className="button button--primary" disabled={post.isPending || !text.trim()}>
        {t('chronos.bo.post')}
      </button>
      {post.isSuccess && !text ? (
        <p role="status" data-testid="bo-channel-posted">
          {t('chronos.bo.posted')}
        </p>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
    </form>
  );
}
