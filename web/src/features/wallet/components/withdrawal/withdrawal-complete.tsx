import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../../shared/components/icons';
import { formatMoney } from '../../../../shared/wallet/money-format';

export interface WithdrawalResult {
  amount: number;
  currency: string;
  /** PENDING while the provider pays out; SUCCESS once paid. */
  paymentStatus: 'PENDING' | 'SUCCESS';
  /** Held for a staff review above the threshold: nothing is paid until it is approved. */
  underReview?: boolean;
}

/**
 * WDR-13: the success screen; a payout still under way is said to be being paid out, and one held
 * for review is said to be waiting for it (never "processed" before anyone has looked at it).
 */
export function WithdrawalComplete({ result, onAgain }: { result: WithdrawalResult; onAgain(): void }) {
  const { t } = useTranslation();
  const amount = formatMoney(result.amount, result.currency);
  const status = result.underReview
    ? t('wallet.withdrawal.underReview', { amount })
    : result.paymentStatus === 'PENDING'
      ? t('wallet.withdrawal.beingPaidOut', { amount })
      : t('wallet.withdrawal.paidOut', { amount });
  return (
    <section
      className="cashier-result cashier-result--success"
      role="status"
      data-testid="withdrawal-complete"
      data-payment-status={result.paymentStatus}
      data-under-review={result.underReview ? 'true' : 'false'}
    >
      <span className="cashier-result__badge" aria-hidden="true">
        <CheckIcon width={28} height={28} />
      </span>
      <h3 className="cashier-result__title">{t(result.underReview ? 'wallet.withdrawal.underReviewTitle' : 'wallet.withdrawal.success')}</h3>
      <p className="cashier-result__amount">{amount}</p>
      <p className="cashier-result__text" data-testid="withdrawal-complete-status">
        {status}
      </p>
      <div className="cashier-result__actions">
        <button type="button" className="button button--ghost" onClick={onAgain} data-testid="withdrawal-again">
          {t('wallet.withdrawal.again')}
        </button>
      </div>
    </section>
  );
}
