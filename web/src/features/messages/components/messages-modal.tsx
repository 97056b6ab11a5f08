import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../shared/components/icons';
import { registerAccountStrings } from '../../../shared/i18n/account/register';
import { formatDateTime } from '../../../shared/i18n/format';
import { usePlayerInfo } from '../../../shared/session/api/get-player-info';
import { usePlayerMessages } from '../api/get-player-messages';
import { useMarkMessagesRead } from '../api/mark-messages-read';
import { closeMessages } from '../messages-modal-state';
import '../../../shared/content/rich-text.css';
import './messages.css';

registerAccountStrings();

/**
 * "{name}'s Messages" (CONTENT-30…32): each message's HTML, already sanitised by the server
 * (DEF-19), or 'Empty'. The unread ones shown are marked read as the modal opens (CONTENT-33) and
 * keep their "New" mark until it closes.
 */
export function MessagesModal() {
  const { t } = useTranslation();
  const { data: player } = usePlayerInfo();
  const messages = usePlayerMessages();
  const markRead = useMarkMessagesRead();
  const [shownUnread, setShownUnread] = useState<ReadonlySet<string> | null>(null);
  const marked = useRef(false);

  const list = messages.data?.messages;
  useEffect(() => {
    if (!list || marked.current) return;
    marked.current = true;
    const unread = list.filter((message) => !message.read).map((message) => message.id);
    setShownUnread(new Set(unread));
    if (unread.length > 0) markRead.mutate(unread);
  }, [list, markRead]);

  const name = player ? player.firstName?.trim() || player.username : '';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && closeMessages()}>
      <Dialog.Portal>
        <Dialog.Overlay className="messages-modal__overlay" />
        <Dialog.Content className="messages-modal" data-testid="messages-modal" aria-describedby={undefined}>
          <header className="messages-modal__header">
            <Dialog.Title className="messages-modal__title">{t('messages.title', { name })}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('messages.close')}>
              <CloseIcon width={20} height={20} />
            </Dialog.Close>
          </header>
          <div className="messages-modal__body">
            {messages.isPending ? <p className="messages-modal__state">{t('account.loading')}</p> : null}
            {messages.isError ? <p className="messages-modal__state">{t('messages.loadFailed')}</p> : null}
            {list && list.length === 0 ? (
              <p className="messages-modal__state" data-testid="messages-empty">
                {t('messages.empty')}
              </p>
            ) : null}
            {list && list.length > 0 ? (
              <ol className="messages-modal__list">
                {list.map((message) => (
                  <li key={message.id} className="messages-modal__message" data-testid="message">
                    <div className="messages-modal__meta">
                      <h3 className="messages-modal__subject">{message.subject}</h3>
                      {shownUnread?.has(message.id) ? <span className="messages-modal__new">{t('messages.new')}</span> : null}
                      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </div>
                    {/* Sanitised on the server when stored and again when answered (DEF-19). */}
                    <div className="rich-text messages-modal__text" dangerouslySetInnerHTML={{ __html: message.body }} />
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
