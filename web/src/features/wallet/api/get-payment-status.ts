import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getPaymentStatusResponseSchema, type PaymentStatus } from '../../../../../contracts/platform/cashier/deposit';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getPaymentStatus: where a deposit or withdrawal the player started has got to. */
export function getPaymentStatus(paymentId: string, signal?: AbortSignal) {
  return apiRequest('ps', '/getPaymentStatus', {
    query: { paymentId },
    schema: getPaymentStatusResponseSchema,
    feedback: 'silent',
    ...(signal ? { signal } : {}),
  });
}

const finalStatuses: readonly PaymentStatus[] = ['SUCCESS', 'DECLINED', 'FAILED', 'CANCELLED'];

export const isFinalPaymentStatus = (status: PaymentStatus) => finalStatuses.includes(status);

export interface PaymentPolling {
  /** How often to ask. */
  intervalMs: number;
  /** When to stop asking and tell the player the confirmation is still on its way. */
  giveUpAfterMs: number;
}

/** Card, e-wallet and widget payments: a delayed provider confirmation takes seconds, not minutes. */
export const providerPolling: PaymentPolling = { intervalMs: 1_500, giveUpAfterMs: 90_000 };
/** Crypto: the player still has to send the coins, which can take a while. */
export const cryptoPolling: PaymentPolling = { intervalMs: 3_000, giveUpAfterMs: 30 * 60_000 };

/**
 * Follows one payment until it reaches a final status or the polling gives up (`timedOut`).
 * Errors do not stop it: a dropped connection is asked again on the next tick.
 */
export function usePaymentStatus(paymentId: string | null, polling: PaymentPolling) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (paymentId === null) return;
    const timer = window.setTimeout(() => setTimedOut(true), polling.giveUpAfterMs);
    return () => window.clearTimeout(timer);
  }, [paymentId, polling.giveUpAfterMs]);
  const query = useQuery({
    queryKey: ['wallet', 'payment-status', paymentId],
    queryFn: ({ signal }) => getPaymentStatus(paymentId ?? '', signal),
    enabled: paymentId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (current) => {
      const status = current.state.data?.paymentStatus;
      return timedOut || (status && isFinalPaymentStatus(status)) ? false : polling.intervalMs;
    },
    refetchIntervalInBackground: true,
  });
  const status = query.data?.paymentStatus;
  return { ...query, timedOut: timedOut && !(status && isFinalPaymentStatus(status)) };
}
