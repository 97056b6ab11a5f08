import { useTranslation } from 'react-i18next';
import type { LtdBonus, LtdData } from '../../../../../contracts/platform/accounts/get-ltd-data';
import { Tabs } from '../../../shared/components/tabs';
import { formatMoney } from '../../../shared/wallet/money-format';
import { useLtdData } from '../api/get-ltd-data';

type Row = { label: string; amount: number; testId: string };

function Figures({ rows, currency }: { rows: Row[]; currency: string }) {
  return (
    <dl className="account-figures">
      {rows.map((row) => (
        <div key={row.testId} className={row.testId.startsWith('ltd-net') ? 'account-figures__net' : undefined}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{formatMoney(row.amount, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Lifetime Data (ACC-29…32): Deposit and Game tabs, and the Bonus tab the original hid (DEF-21:
 * given its button). Net deposit is withdrawals − deposits (DIS-13).
 */
export function LifetimeData() {
  const { t } = useTranslation();
  const ltd = useLtdData();
  const bonusRows = (bonus: LtdBonus, prefix: string): Row[] =>
    (['gameBetAmount', 'gameWinAmount', 'bonusGrantAmount', 'bonusReleaseAmount', 'bonusWithdrawnAmount'] as const).map((name) => ({
      label: t(`account.lifetime.${name}`),
      amount: bonus[name],
      testId: `ltd-${prefix}-${name}`,
    }));
  const content = (data: LtdData) => [
    {
      value: 'deposit' as const,
      label: t('account.lifetime.deposit'),
      content: (
        <Figures
          currency={data.currency}
          rows={[
            { label: t('account.lifetime.totalDeposit'), amount: data.totalDeposit, testId: 'ltd-total-deposit' },
            { label: t('account.lifetime.totalWithdrawal'), amount: data.totalWithdrawal, testId: 'ltd-total-withdrawal' },
            { label: t('account.lifetime.netDeposit'), amount: data.netDeposit, testId: 'ltd-net-deposit' },
          ]}
        />
      ),
    },
    {
      value: 'game' as const,
      label: t('account.lifetime.game'),
      content: (
        <Figures
          currency={data.currency}
          rows={[
            { label: t('account.lifetime.realBets'), amount: data.gameBetAmountReal, testId: 'ltd-real-bets' },
            { label: t('account.lifetime.realWins'), amount: data.gameWinAmountReal, testId: 'ltd-real-wins' },
            { label: t('account.lifetime.netGame'), amount: data.netGame, testId: 'ltd-net-game' },
          ]}
        />
      ),
    },
    {
      value: 'bonus' as const,
      label: t('account.lifetime.bonus'),
      content: (
        <div className="account-figures__bonus">
          <div>
            <h3>{t('account.lifetime.released')}</h3>
            <Figures currency={data.currency} rows={bonusRows(data.releasedBonus, 'released')} />
          </div>
          <div>
            <h3>{t('account.lifetime.playable')}</h3>
            <Figures currency={data.currency} rows={bonusRows(data.playableBonus, 'playable')} />
          </div>
        </div>
      ),
    },
  ];
  return (
    <section className="account-section" aria-labelledby="account-lifetime">
      <h2 id="account-lifetime" className="account-section__title">
        {t('account.lifetime.title')}
      </h2>
      {ltd.isPending ? <p className="account__state">{t('account.loading')}</p> : null}
      {ltd.isError ? <p className="account__state">{t('account.loadFailed')}</p> : null}
      {ltd.data ? <Tabs label={t('account.lifetime.tabs')} items={content(ltd.data)} testId="lifetime-tabs" /> : null}
    </section>
  );
}
