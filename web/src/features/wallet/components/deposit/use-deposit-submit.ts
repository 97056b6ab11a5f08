import { useMutation } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import type { ProcessDepositRequest } from '../../../../../../contracts/platform/cashier/deposit';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { processDeposit } from '../../api/process-deposit';
import { depositFailureOf } from './deposit-failure';
import { voucherCodeToSend, type DepositAction, type DepositState } from './deposit-wizard-state';

/** The method's own fields of a deposit (DEP-26). */
export type DepositExtras = Pick<ProcessDepositRequest, 'storedCardId' | 'payFromEmail' | 'quoteId' | 'paymentId' | 'accountId' | 'secureId'>;

/**
 * Sends the deposit of the wizard's choices (DEP-25) with the method's fields, and moves the
 * wizard by the answer. `onRefused` lets a step keep a refusal it can mend itself (an expired
 * quote); everything else goes to the failure screen.
 */
export function useDepositSubmit(state: DepositState, method: DepositMethod, amount: number, dispatch: Dispatch<DepositAction>) {
  const mutation = useMutation({
    mutationFn: (extras: DepositExtras) =>
      processDeposit({
        requestId: state.requestId,
        paymentMethod: method.code,
        amount,
        requestedBonusPlanId: state.bonus.planId,
        voucherCode: voucherCodeToSend(state.bonus),
        ...extras,
      }),
    onSuccess: (response) => dispatch({ type: 'answered', response }),
  });
  return {
    pending: mutation.isPending,
    pay(extras: DepositExtras = {}, onRefused?: (error: unknown) => boolean) {
      mutation.mutate(extras, {
        onError: (error) => {
          if (onRefused?.(error)) return;
          dispatch({ type: 'refused', failure: depositFailureOf(error) });
        },
      });
    },
  };
}
