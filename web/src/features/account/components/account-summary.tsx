import { useTranslation } from 'react-i18next';
import { mayPlayForReal } from '../../../../../contracts/platform/accounts/identity-gate';
import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import { UserIcon } from '../../../shared/components/icons';
import { useActiveBalance } from '../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../shared/wallet/money-format';
import { useOpenWallet } from '../../../shared/wallet/use-open-wallet';
import { openMessages } from '../../messages';

/** ACC-05: the left column on desktop: who is signed in, their standing and balances. */
export function AccountSummary({ player }: { player: PlayerInfo }) {
  const { t } = useTranslation();
  const { data: balance } = useActiveBalance();
  const openWallet = useOpenWallet();
  const verified = mayPlayForReal(player);
  const name = [player.firstName, player.lastName].filter(Boolean).join(' ') || player.username;
  const money = (amount: number | undefined) => (balance && amount !== undefined ? formatMoney(amount, balance.currency) : '—');
  return (
    <aside className="account-summary" aria-label={t('account.summary')} data-testid="account-summary">
      <div className="account-summary__who">
        <span className="account-summary__avatar" aria-hidden="true">
          <UserIcon width={28} height={28} />
        </span>
        <div>
          <p className="account-summary__name">{name}</p>
          <p className="account-summary__username">{player.username}</p>
        </div>
      </div>
      <dl className="account-summary__facts">
        <div>
          <dt>{t('account.summary.status')}</dt>
          <dd className={verified ? 'account-summary__verified' : 'account-summary__unverified'}>
            {verified ? t('account.summary.verified') : t('account.summary.notVerified')}
          </dd>
        </div>
        <div>
          <dt>{t('account.summary.vip')}</dt>
          {/* The level's name in the page's language; a level the operator added reads as its code. */}
          <dd>{t(`account.summary.vip.${player.vipStatus}` as 'account.summary.vip', { defaultValue: player.vipStatus })}</dd>
        </div>
      </dl>
      <dl className="account-summary__balances">
        <div>
          <dt>{t('account.summary.cash')}</dt>
          <dd>{money(balance?.withdrawableBalance)}</dd>
        </div>
        <div>
          <dt>{t('account.summary.bonus')}</dt>
          <dd>{money(balance?.bonusBalance)}</dd>
        </div>
        <div className="account-summary__total">
          <dt>{t('account.summary.total')}</dt>
          <dd>{money(balance?.totalBalance)}</dd>
        </div>
      </dl>
      <div className="account-summary__actions">
        {verified ? (
          <button type="button" className="button button--primary button--block" onClick={() => void openWallet('deposit')}>
            {t('account.summary.deposit')}
          </button>
        ) : null}
        <button type="button" className="button button--secondary button--block" onClick={openMessages} data-testid="account-messages">
          {t('account.summary.messages')}
        </button>
      </div>
    </aside>
  );
}
