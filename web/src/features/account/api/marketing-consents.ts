import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  marketingConsentsResponseSchema,
  type MarketingChannel,
  type OfferedMarketingProduct,
} from '../../../../../contracts/platform/marketing/marketing-consents';
import { apiRequest } from '../../../shared/api/api-client';

const marketingConsentsQueryKey = ['account', 'marketing-consents'] as const;

/** GET {ps}/user/marketingConsents: the player's marketing matrix (SR 5.1.12). */
export function getMarketingConsents(signal?: AbortSignal) {
  return apiRequest('ps', '/user/marketingConsents', { schema: marketingConsentsResponseSchema, ...(signal ? { signal } : {}) });
}

export function useMarketingConsents() {
  return useQuery({ queryKey: marketingConsentsQueryKey, queryFn: ({ signal }) => getMarketingConsents(signal), select: (answer) => answer.consents });
}

/** PUT {ps}/user/marketingConsents: one box ticked or unticked. */
export function saveMarketingConsent(change: { product: OfferedMarketingProduct; channel: MarketingChannel; granted: boolean }) {
  return apiRequest('ps', '/user/marketingConsents', { method: 'PUT', body: { consents: [change] }, schema: marketingConsentsResponseSchema });
}

export function useSaveMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketingConsent,
    onSuccess: (answer) => queryClient.setQueryData(marketingConsentsQueryKey, answer),
  });
}
