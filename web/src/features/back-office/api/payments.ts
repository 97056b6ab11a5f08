import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adjustmentSchema,
  adjustmentsResponseSchema,
  approveWithdrawalResponseSchema,
  completePaybackTaskResponseSchema,
  heldWithdrawalsResponseSchema,
  paybackTasksResponseSchema,
  rejectWithdrawalResponseSchema,
  type RequestAdjustment,
} from '../../../../../contracts/back-office/payments';
import { backOfficeKey, backOfficeRequest } from './back-office-request';

/** Held withdrawals and manual adjustments (issue 15): the queues and the decisions on them. */
const paymentsKey = [...backOfficeKey, 'payments'] as const;

export function useHeldWithdrawals() {
  return useQuery({
    queryKey: [...paymentsKey, 'withdrawals'],
    queryFn: ({ signal }) => backOfficeRequest('reviews/withdrawals', { schema: heldWithdrawalsResponseSchema, signal }),
    retry: false,
  });
}

export function usePendingAdjustments() {
  return useQuery({
    queryKey: [...paymentsKey, 'adjustments'],
    queryFn: ({ signal }) => backOfficeRequest('reviews/adjustments', { schema: adjustmentsResponseSchema, signal }),
    retry: false,
  });
}

export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentId,
      decision,
      reason,
    }: {
      paymentId: string;
      decision: 'approve' | 'reject';
      reason?: string;
    }): Promise<{ paymentId: string; paymentStatus: string }> =>
      decision === 'approve'
        ? backOfficeRequest(`reviews/withdrawals/${encodeURIComponent(paymentId)}/approve`, { method: 'POST', schema: approveWithdrawalResponseSchema })
        : backOfficeRequest(`reviews/withdrawals/${encodeURIComponent(paymentId)}/reject`, {
            method: 'POST',
            body: { reason },
            schema: rejectWithdrawalResponseSchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}

export function useAdjustmentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ adjustmentId, decision, reason }: { adjustmentId: string; decision: 'approve' | 'reject'; reason?: string }) =>
      backOfficeRequest(`reviews/adjustments/${encodeURIComponent(adjustmentId)}/${decision}`, {
        method: 'POST',
        ...(decision === 'reject' ? { body: { reason } } : {}),
        schema: adjustmentSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}

export function useRequestAdjustment(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestAdjustment) =>
      backOfficeRequest(`players/${encodeURIComponent(playerId)}/adjustments`, { method: 'POST', body, schema: adjustmentSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}

/** Self-exclusion paybacks that could not be made automatically (issue 26): open until staff mark them returned. */
export function usePaybackTasks() {
  return useQuery({
    queryKey: [...paymentsKey, 'paybacks'],
    queryFn: ({ signal }) => backOfficeRequest('reviews/paybacks', { schema: paybackTasksResponseSchema, signal }),
    retry: false,
  });
}

export function useCompletePayback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, note }: { taskId: string; note: string }) =>
      backOfficeRequest(`reviews/paybacks/${encodeURIComponent(taskId)}/complete`, {
        method: 'POST',
        body: { note },
        schema: completePaybackTaskResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}
