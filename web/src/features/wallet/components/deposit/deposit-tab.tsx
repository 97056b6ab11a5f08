import { useTranslation } from 'react-i18next';
import { useDepositMethods } from '../../api/get-deposit-methods';
import { useDisplayDepositLimits } from '../../api/get-display-deposit-limits';
import { PanelEmpty, PanelLoadFailed, PanelLoading } from '../cashier/panel-states';
import { DepositLimitsScreen } from './deposit-limits-screen';
import { DepositWizard } from './deposit-wizard';

interface DepositTabProps {
  /** Tells the wallet whether the deposit has just been completed, so that closing need not ask. */
  onFinishedChange(finished: boolean): void;
  onClose(): void;
}

/**
 * The Deposit tab: the deposit-limit screen while it is still to be confirmed (DEP-02…04), the
 * methods' absence (DEP-09), or the wizard.
 */
export function DepositTab({ onFinishedChange, onClose }: DepositTabProps) {
  const { t } = useTranslation();
  const limits = useDisplayDepositLimits();
  const methods = useDepositMethods();

  if (limits.isPending || methods.isPending) return <PanelLoading />;
  if (limits.isError || methods.isError) {
    return (
      <PanelLoadFailed
        onRetry={() => {
          void limits.refetch();
          void methods.refetch();
        }}
      />
    );
  }
  if (limits.data.displayDepositLimits) return <DepositLimitsScreen limits={limits.data} />;
  if (methods.data.depositMethods.length === 0) {
    return (
      <PanelEmpty title={t('wallet.deposit.noMethods')} testId="deposit-no-methods">
        <p>{t('wallet.deposit.noMethodsText')}</p>
      </PanelEmpty>
    );
  }
  return <DepositWizard methods={methods.data.depositMethods} currency={methods.data.currency} onFinishedChange={onFinishedChange} onClose={onClose} />;
}
