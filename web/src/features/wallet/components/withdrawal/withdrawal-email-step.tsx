import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { EWalletEmailForm } from '../cashier/e-wallet-email-form';
import { ProceedButton, StepActions } from '../cashier/step-actions';

interface WithdrawalEmailStepProps {
  method: WithdrawalMethod;
  amount: number;
  currency: string;
  busy: boolean;
  onSubmit(payFromEmail: string): void;
  onBack(): void;
}

/** Withdrawal step 2 for e-wallets (WDR-12): the e-wallet account's e-mail (payFromEmail). */
export function WithdrawalEmailStep({ method, amount, currency, busy, onSubmit, onBack }: WithdrawalEmailStepProps) {
  const { t } = useTranslation();
  const total = formatMoney(amount, currency);
  return (
    <EWalletEmailForm
      id="withdrawal-email"
      testId="withdrawal-step-email"
      fieldTestId="withdrawal-email"
      title={(name) => t('wallet.withdrawal.emailTitle', { name })}
      methodCode={method.code}
      total={total}
      onSubmit={onSubmit}
    >
      {(filled) => (
        <StepActions onBack={onBack}>
          <ProceedButton busy={busy} disabled={!filled} testId="withdraw-to-email">
            {t('wallet.withdrawal.submit', { amount: total })}
          </ProceedButton>
        </StepActions>
      )}
    </EWalletEmailForm>
  );
}
