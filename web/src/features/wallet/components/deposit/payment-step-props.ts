import type { Dispatch } from 'react';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import type { DepositAction, DepositState } from './deposit-wizard-state';
import type { useDepositSubmit } from './use-deposit-submit';

// What the payment step hands each method's form, apart from the step that chooses the form, so the
// forms do not import the step that imports them.

export interface PaymentStepProps {
  state: DepositState;
  method: DepositMethod;
  amount: number;
  currency: string;
  dispatch: Dispatch<DepositAction>;
  onBack(): void;
}

export type DepositSubmit = ReturnType<typeof useDepositSubmit>;
