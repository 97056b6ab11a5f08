import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userConsentsResponseSchema } from '../../../../../contracts/platform/accounts/user-consents';
import { apiRequest } from '../../../shared/api/api-client';

const userConsentsQueryKey = ['account', 'user-consents'] as const;

/** GET {ps}/user/consents (ACC-24): the consents and whether the player has given each. */
export function getUserConsents(signal?: AbortSignal) {
  return apiRequest('ps', '/user/consents', { schema: userConsentsResponseSchema, ...(signal ? { signal } : {}) });
}

export function useUserConsents() {
  return useQuery({ queryKey: userConsentsQueryKey, queryFn: ({ signal }) => getUserConsents(signal), select: (answer) => answer.consents });
}

/** POST {ps}/user/consents/save (ACC-26, ACC-27): one version given or withdrawn. */
export function saveConsent(change: { consentVersionId: number; granted: boolean }) {
  const body = change.granted ? { consentedVersions: [change.consentVersionId] } : { unConsentedVersions: [change.consentVersionId] };
  return apiRequest('ps', '/user/consents/save', { method: 'POST', body, schema: userConsentsResponseSchema });
}

export function useSaveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConsent,
    onSuccess: (answer) => queryClient.setQueryData(userConsentsQueryKey, answer),
  });
}
