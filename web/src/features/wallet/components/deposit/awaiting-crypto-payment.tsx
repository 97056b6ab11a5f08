import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { CryptoDepositData } from '../../../../../../contracts/platform/cashier/deposit';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { cryptoPolling, isFinalPaymentStatus, usePaymentStatus } from '../../api/get-payment-status';
import { QrCode } from '../cashier/qr-code';
import { StepActions } from '../cashier/step-actions';
import type { DepositAction } from './deposit-wizard-state';

interface AwaitingCryptoPaymentProps {
  paymentId: string;
  data: CryptoDepositData;
  amount: number;
  currency: string;
  dispatch: Dispatch<DepositAction>;
  onBack(): void;
}

/** The sandbox's page that stands in for the blockchain, when this server runs the sandbox. */
function sandboxSimulatorUrl(paymentId: string): string {
  return new URL(`/sandbox/payments/crypto/${encodeURIComponent(paymentId)}`, window.location.origin).href;
}

function useSandboxSimulator(paymentId: string): string | null {
  const url = sandboxSimulatorUrl(paymentId);
  const { data } = useQuery({
    queryKey: ['wallet', 'crypto-simulator', paymentId],
    queryFn: async ({ signal }) => (await fetch(url, { method: 'HEAD', credentials: 'include', signal })).ok,
    staleTime: Infinity,
    retry: false,
  });
  return data ? url : null;
}

/**
 * DEP-44, DEP-45: 'Awaiting Payment' — where to send the coins, how many (3 decimals) and the same
 * as a QR code; the wallet follows the payment until the network has confirmed it.
 */
export function AwaitingCryptoPayment({ paymentId, data, amount, currency, dispatch, onBack }: AwaitingCryptoPaymentProps) {
  const { t } = useTranslation();
  const status = usePaymentStatus(paymentId, cryptoPolling);
  const simulator = useSandboxSimulator(paymentId);
  const [copied, setCopied] = useState(false);
  const answer = status.data;

  useEffect(() => {
    if (!answer || !isFinalPaymentStatus(answer.paymentStatus)) return;
    if (answer.paymentStatus === 'SUCCESS') {
      dispatch({ type: 'settled', result: { paymentId, amount: answer.amount, currency: answer.currency, bonusPlanName: answer.bonusPlanName } });
    } else {
      dispatch({ type: 'refused', failure: { kind: 'listed', reasons: [answer.message || t('wallet.payment.declined')] } });
    }
  }, [answer, paymentId, dispatch, t]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2_000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = useCallback(() => {
    void navigator.clipboard?.writeText(data.address).then(() => setCopied(true));
  }, [data.address]);

  const coins = formatMoney(data.amount, data.currency, 3);
  const seen = answer?.paymentStatus === 'PENDING';
  return (
    <section className="cashier-step awaiting-payment" aria-labelledby="awaiting-title" data-testid="awaiting-payment">
      <h3 id="awaiting-title" className="cashier-step__title">
        {t('wallet.crypto.awaitingTitle')}
      </h3>
      <p className="cashier-step__lead">{t('wallet.crypto.awaitingLead', { coins, amount: formatMoney(amount, currency) })}</p>
      <div className="awaiting-payment__body">
        <div className="awaiting-payment__qr">
          <QrCode text={data.paymentUri} label={t('wallet.crypto.qrLabel', { coins })} />
        </div>
        <dl className="awaiting-payment__details">
          <div>
            <dt>{t('wallet.crypto.amount')}</dt>
            <dd className="awaiting-payment__coins" data-testid="awaiting-amount">
              {coins}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.crypto.address')}</dt>
            <dd className="awaiting-payment__address">
              <code data-testid="awaiting-address">{data.address}</code>
              <button type="button" className="button button--secondary awaiting-payment__copy" onClick={copy} data-testid="copy-address">
                {copied ? t('wallet.crypto.copied') : t('wallet.crypto.copy')}
              </button>
            </dd>
          </div>
          <div>
            <dt>{t('wallet.crypto.rateLabel')}</dt>
            <dd>{t('wallet.crypto.rate', { rate: formatMoney(data.rate, currency), coin: data.currency })}</dd>
          </div>
        </dl>
      </div>
      <p className="awaiting-payment__status" role="status" aria-live="polite" data-testid="awaiting-status">
        <span className="cashier-spinner cashier-spinner--small" aria-hidden="true" />
        {status.timedOut ? t('wallet.crypto.late') : seen ? t('wallet.crypto.seen') : t('wallet.crypto.waiting')}
      </p>
      {simulator ? (
        <p className="sandbox-note" data-testid="crypto-simulator">
          <span className="sandbox-note__badge">{t('wallet.sandbox.badge')}</span>
          <a href={simulator} target="_blank" rel="noopener noreferrer" data-testid="crypto-simulator-link">
            {t('wallet.sandbox.simulate')}
          </a>
        </p>
      ) : null}
      <StepActions onBack={onBack} />
    </section>
  );
}
