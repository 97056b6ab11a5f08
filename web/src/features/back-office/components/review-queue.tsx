import { useTranslation } from 'react-i18next';
import { useReviewQueue } from '../api/players';
import { formatWhen } from './format';

/** Players whose documents wait for review, the longest waiting first. */
export function ReviewQueue({ onOpen }: { onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const queue = useReviewQueue(true);
  if (queue.isPending) return <p className="bo-muted">{t('bo.loading')}</p>;
  if (queue.isError) return <p role="alert">{t('bo.failed')}</p>;
  if (queue.data.players.length === 0) return <p className="bo-muted">{t('bo.queue.empty')}</p>;
  return (
    <table className="bo-table" data-testid="bo-review-queue">
      <thead>
        <tr>
          <th scope="col">{t('bo.player.username')}</th>
          <th scope="col">{t('bo.player.name')}</th>
          <th scope="col">{t('bo.player.kyc')}</th>
          <th scope="col">{t('bo.queue.documents')}</th>
          <th scope="col">{t('bo.queue.waitingSince')}</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {queue.data.players.map((player) => (
          <tr key={player.playerId}>
            <td>{player.username}</td>
            <td>{[player.firstName, player.lastName].filter(Boolean).join(' ')}</td>
            <td>{player.kycStatus}</td>
            <td>{player.documents}</td>
            <td>{formatWhen(player.oldestUploadAt)}</td>
            <td>
              <button type="button" className="button button--secondary" onClick={() => onOpen(player.playerId)}>
                {t('bo.queue.open')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
