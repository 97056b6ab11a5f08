import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  getLoyaltyItemsResponseSchema,
  loyaltyCheckoutResponseSchema,
  loyaltyPointsStatusResponseSchema,
  type LoyaltyCheckoutBody,
} from '../../../../../contracts/platform/loyalty/loyalty';
import { apiRequest } from '../../../shared/api/api-client';
import { playerInfoQueryKey, usePlayerInfo } from '../../../shared/session/api/get-player-info';
import { balanceQueryKey } from '../../../shared/wallet/api/get-balance';

export const loyaltyQueryKeys = {
  status: ['loyalty', 'status'] as const,
  items: (lang: string) => ['loyalty', 'items', lang] as const,
};

/**
 * GET {ps}/loyaltyPointsStatus (LOY-08): points, level (the vipStatus) and the next level. The
 * server raises a stored vipStatus to the level the points have reached when it answers, so the
 * player's info is read again when the two differ.
 */
export function useLoyaltyStatus() {
  const queryClient = useQueryClient();
  const { data: player } = usePlayerInfo();
  const status = useQuery({
    queryKey: loyaltyQueryKeys.status,
    queryFn: ({ signal }) => apiRequest('ps', '/loyaltyPointsStatus', { schema: loyaltyPointsStatusResponseSchema, signal, feedback: 'silent' }),
  });
  const level = status.data?.level;
  useEffect(() => {
    if (level && player && player.vipStatus !== level) void queryClient.invalidateQueries({ queryKey: playerInfoQueryKey });
  }, [level, player, queryClient]);
  return status;
}

/** GET {ps}/getLoyaltyItems (LOY-02), described in the portal's language. */
export function useLoyaltyItems(lang: 'en' | 'mk') {
  return useQuery({
    queryKey: loyaltyQueryKeys.items(lang),
    queryFn: ({ signal }) => apiRequest('ps', '/getLoyaltyItems', { query: { lang }, schema: getLoyaltyItemsResponseSchema, signal, feedback: 'silent' }),
  });
}

/** POST {ps}/loyaltyCheckout (NS-05): the cart paid with points; the points and balances are read again after it. */
export function useLoyaltyCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoyaltyCheckoutBody) =>
      apiRequest('ps', '/loyaltyCheckout', { method: 'POST', body, schema: loyaltyCheckoutResponseSchema, feedback: 'silent' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: loyaltyQueryKeys.status });
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
  });
}
