import { useTranslation } from 'react-i18next';
import { useReviewQueue } from '../api/players';
import { useCodeLabel } from '../codes';
import { BackOfficeTable } from './back-office-table';
import { formatWhen } from './format';

/** Players whose documents wait for review, or whose identity provider referred its check to staff (issue 31), the longest waiting first. */
export function ReviewQueue({ onOpen }: { onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const queue = useReviewQueue(true);
  if (queue.isPending) return <p className="bo-muted">{t('bo.loading')}</p>;
  if (queue.isError) return <p role="alert">{t('bo.failed')}</p>;
  if (queue.data.players.length === 0) return <p className="bo-muted">{t('bo.queue.empty')}</p>;
  return (
    <BackOfficeTable
      scroll={false}
      testId="bo-review-queue"
      rows={queue.data.players}
      rowKey={(player) => player.playerId}
      columns={[
        { header: t('bo.player.username'), cell: (player) => player.username },
        { header: t('bo.player.name'), cell: (player) => [player.firstName, player.lastName].filter(Boolean).join(' ') },
        { header: t('bo.player.kyc'), cell: (player) => label('kycStatus', player.kycStatus) },
        { header: t('bo.queue.documents'), cell: (player) => player.documents },
        { header: t('bo.queue.waitingSince'), cell: (player) => formatWhen(player.oldestUploadAt) },
        // The provider's name as staff know it from its dashboard (Onfido); none when only documents wait.
        { header: t('bo.queue.referredBy'), cell: (player) => (player.referredBy ? label('identityProvider', player.referredBy) : '') },
        {
          header: null,
          cell: (player) => (
            <button type="button" className="button button--secondary" onClick={() => onOpen(player.playerId)}>
              {t('bo.queue.open')}
            </button>
          ),
        },
      ]}
    />
  );
}
