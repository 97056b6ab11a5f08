import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../../shared/components/icons';
import { formatMoney } from '../../../../shared/wallet/money-format';
import type { DepositResult } from './deposit-wizard-state';

/** DEP-27, DEP-28: the completion screen, with the applied bonus when there was one. */
export function DepositComplete({ result, onDone, onAgain }: { result: DepositResult; onDone(): void; onAgain(): void }) {
  const { t } = useTranslation();
  return (
    <section className="cashier-result cashier-result--success" role="status" data-testid="deposit-complete">
      <span className="cashier-result__badge" aria-hidden="true">
        <CheckIcon width={28} height={28} />
      </span>
      <h3 className="cashier-result__title">{t('wallet.deposit.success')}</h3>
      <p className="cashier-result__amount" data-testid="deposit-complete-amount">
        {formatMoney(result.amount, result.currency)}
      </p>
      {result.bonusPlanName ? (
        <p className="cashier-result__bonus" data-testid="deposit-complete-bonus">
          {t('wallet.deposit.bonusApplied', { name: result.bonusPlanName })}
        </p>
      ) : null}
      <div className="cashier-result__actions">
        <button type="button" className="button button--primary" onClick={onDone} data-testid="deposit-done">
          {t('wallet.done')}
        </button>
        <button type="button" className="button button--ghost" onClick={onAgain}>
          {t('wallet.deposit.again')}
        </button>
      </div>
    </section>
  );
}
