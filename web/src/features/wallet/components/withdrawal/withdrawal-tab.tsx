import { useTranslation } from 'react-i18next';
import { useWithdrawalMethods } from '../../api/get-withdrawal-methods';
import { PanelEmpty, PanelLoadFailed, PanelLoading } from '../cashier/panel-states';
import { WithdrawalWizard } from './withdrawal-wizard';

/** The Withdrawal tab: no methods (WDR-04), or the wizard. */
export function WithdrawalTab({ onFinishedChange }: { onFinishedChange(finished: boolean): void }) {
  const { t } = useTranslation();
  const methods = useWithdrawalMethods();
  if (methods.isPending) return <PanelLoading />;
  if (methods.isError) return <PanelLoadFailed onRetry={() => void methods.refetch()} />;
  if (methods.data.withdrawalMethods.length === 0) {
    return (
      <PanelEmpty title={t('wallet.withdrawal.noMethods')} testId="withdrawal-no-methods">
        <p>{t('wallet.withdrawal.noMethodsText')}</p>
      </PanelEmpty>
    );
  }
  return <WithdrawalWizard methods={methods.data.withdrawalMethods} currency={methods.data.currency} onFinishedChange={onFinishedChange} />;
}
