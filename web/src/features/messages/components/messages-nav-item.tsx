import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { registerAccountStrings } from '../../../shared/i18n/account/register';
import { usePlayerMessages } from '../api/get-player-messages';
import { openMessages } from '../messages-modal-state';
import './messages.css';

registerAccountStrings();

/** NAV-65, CONTENT-33: Messages with the unread count; opens the messages modal. */
export function MessagesNavItem({ onOpen, className }: { onOpen?(): void; className: string }) {
  const { t } = useTranslation();
  const { data } = usePlayerMessages();
  const unread = data?.unreadCount ?? 0;
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onOpen?.();
        openMessages();
      }}
      data-testid="nav-messages"
    >
      <span>{t('messages.nav')}</span>
      {unread > 0 ? (
        <span className="messages-count" data-testid="messages-unread" aria-label={t('messages.unread', { count: unread })}>
          {unread}
        </span>
      ) : null}
      <ArrowRightIcon width={16} height={16} className="nav-sidebar__link-arrow" />
    </button>
  );
}
