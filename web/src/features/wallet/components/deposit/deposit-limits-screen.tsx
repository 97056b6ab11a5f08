import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { getDisplayDepositLimitsResponseSchema } from '../../../../../../contracts/platform/cashier/payment-methods';
import { FormAlert } from '../../../../shared/components/form-fields';
import { useWallet } from '../../../../shared/wallet/wallet-state';
import { DepositLimitPrompt } from '../../../responsible-gaming';
import { useConfirmDisplayDepositLimits } from '../../api/confirm-display-deposit-limits';
import { DepositLimitList } from '../limits/deposit-limit-list';

/**
 * DEP-02…04: before the first deposit the player sees their personal deposit limits and confirms
 * them; the server remembers it, so the screen is not shown again. They may set a limit right
 * here or open the Limits tab (issue 12: a prompt to set limits at the first deposit).
 */
export function DepositLimitsScreen({ limits }: { limits: z.infer<typeof getDisplayDepositLimitsResponseSchema> }) {
  const { t } = useTranslation();
  const confirm = useConfirmDisplayDepositLimits();
  const { selectTab } = useWallet();
  return (
    <section className="cashier-step" data-testid="deposit-limits-screen" aria-labelledby="deposit-limits-title">
      <h3 id="deposit-limits-title" className="cashier-step__title">
        {t('wallet.depositLimits.title')}
      </h3>
      <p className="cashier-step__lead">{t('wallet.depositLimits.lead')}</p>
      <DepositLimitList limits={limits.depositLimits} currency={limits.currency} />
      {/* Issue 12: at the first deposit the player may set a limit here, or open every limit. */}
      <DepositLimitPrompt onAllLimits={() => selectTab('limits')} />
      {confirm.isError ? <FormAlert messages={[t('wallet.depositLimits.confirmFailed')]} /> : null}
      <div className="cashier-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
          data-testid="deposit-limits-confirm"
        >
          {t('wallet.depositLimits.confirm')}
        </button>
      </div>
    </section>
  );
}
