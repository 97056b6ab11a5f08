import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { depositLimitsSchema } from '../../../../../../contracts/platform/cashier/payment-methods';
import { formatMoney } from '../../../../shared/wallet/money-format';

const periods = [
  { field: 'dailyLimit', label: 'wallet.limits.daily' },
  { field: 'weeklyLimit', label: 'wallet.limits.weekly' },
  { field: 'monthlyLimit', label: 'wallet.limits.monthly' },
] as const;

/** The personal deposit limits per period (DEP-03), 'Not set' where the player has none. */
export function DepositLimitList({ limits, currency }: { limits: z.infer<typeof depositLimitsSchema>; currency: string }) {
  const { t } = useTranslation();
  return (
    <dl className="deposit-limit-list" data-testid="deposit-limit-list">
      {periods.map(({ field, label }) => {
        const value = limits[field];
        return (
          <div key={field} className="deposit-limit-list__row" data-testid={`deposit-limit-${field}`}>
            <dt>{t(label)}</dt>
            <dd className={value === null ? 'deposit-limit-list__unset' : undefined}>
              {value === null ? t('wallet.limits.notSet') : formatMoney(value, currency)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
