import { useQuery } from '@tanstack/react-query';
import { eligibleBonusPlansResponseSchema } from '../../../../../contracts/platform/cashier/deposit';
import type { PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';
import { useTranslation } from 'react-i18next';

/** GET {ps}/getDepositEligibleBonusPlans (DEP-15): the bonus plans this deposit qualifies for. */
export function getDepositEligibleBonusPlans(paymentMethod: PaymentMethodCode, depositAmount: number, signal?: AbortSignal) {
  return apiRequest('ps', '/getDepositEligibleBonusPlans', {
    query: { paymentMethod, depositAmount: String(depositAmount) },
    schema: eligibleBonusPlansResponseSchema,
    feedback: 'silent',
    ...(signal ? { signal } : {}),
  });
}

export function useDepositEligibleBonusPlans(paymentMethod: PaymentMethodCode, depositAmount: number) {
  // The server names plans and channels in the portal's language: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['wallet', 'eligible-bonus-plans', paymentMethod, depositAmount, i18n.language],
    queryFn: ({ signal }) => getDepositEligibleBonusPlans(paymentMethod, depositAmount, signal),
    select: (answer) => answer.bonusPlans,
  });
}
