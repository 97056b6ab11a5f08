import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { getPaymentStatusResponseSchema } from '../../../../../../contracts/platform/cashier/deposit';
import { isFinalPaymentStatus, usePaymentStatus, type PaymentPolling } from '../../api/get-payment-status';

type PaymentStatusAnswer = z.infer<typeof getPaymentStatusResponseSchema>;

interface PaymentConfirmationProps {
  paymentId: string;
  polling: PaymentPolling;
  /** The payment reached SUCCESS, DECLINED, FAILED or CANCELLED. */
  onSettled(status: PaymentStatusAnswer): void;
}

/**
 * After the provider's page: the server is asked until the provider's confirmation has arrived
 * (a delayed webhook takes seconds). Past the polling's bound the player is told the deposit is
 * still on its way and can ask again.
 */
export function PaymentConfirmation({ paymentId, polling, onSettled }: PaymentConfirmationProps) {
  const { t } = useTranslation();
  const status = usePaymentStatus(paymentId, polling);
  const settled = useRef(false);
  const answer = status.data;
  useEffect(() => {
    if (!answer || settled.current || !isFinalPaymentStatus(answer.paymentStatus)) return;
    settled.current = true;
    onSettled(answer);
  }, [answer, onSettled]);

  if (status.timedOut) {
    return (
      <section className="cashier-step payment-wait payment-wait--late" data-testid="payment-confirmation-late">
        <h3 className="cashier-step__title">{t('wallet.confirmation.lateTitle')}</h3>
        <p className="cashier-step__lead">{t('wallet.confirmation.late')}</p>
        <div className="cashier-actions">
          <button type="button" className="button button--secondary" onClick={() => void status.refetch()}>
            {t('wallet.confirmation.checkAgain')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="cashier-step payment-wait" role="status" aria-live="polite" data-testid="payment-confirmation">
      <span className="cashier-spinner cashier-spinner--large" aria-hidden="true" />
      <h3 className="cashier-step__title">{t('wallet.confirmation.title')}</h3>
      <p className="cashier-step__lead">{t('wallet.confirmation.text')}</p>
    </section>
  );
}
