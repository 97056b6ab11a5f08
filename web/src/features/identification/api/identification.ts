import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getIdentificationStatusResponseSchema,
  getUserKycInfoResponseSchema,
  userKycCheckResponseSchema,
  type UserKycCheckRequest,
} from '../../../../../contracts/platform/identification/identification';
import { apiRequest } from '../../../shared/api/api-client';
import { playerInfoQueryKey } from '../../../shared/session/api/get-player-info';
import { saveDocument, userDocumentsQueryKey } from '../../documents';

export const identificationStatusQueryKey = ['identification-status'] as const;

/** GET {ps}/getIdentificationStatus: verified, and whether documents await review (DIS-09). */
export function useIdentificationStatus(enabled: boolean) {
  return useQuery({
    queryKey: identificationStatusQueryKey,
    queryFn: ({ signal }) => apiRequest('ps', '/getIdentificationStatus', { schema: getIdentificationStatusResponseSchema, signal }),
    enabled,
  });
}

/** GET {ps}/getUserKycInfo (KYC-23): NOT_FOUND and GENERIC_ERROR come back as answers (KYC-07). */
export function lookUpCard(cardId: string) {
  return apiRequest('ps', '/getUserKycInfo', {
    query: { type: 'OTHER', cardId, identifierKind: 'CASINO_CARD' },
    schema: getUserKycInfoResponseSchema,
    feedback: 'silent',
  });
}

/** POST {ps}/userKycCheck (KYC-25, KYC-27, KYC-28); the page shows the outcome in its dialogs. */
export function checkIdentity(request: UserKycCheckRequest) {
  return apiRequest('ps', '/userKycCheck', { method: 'POST', body: request, schema: userKycCheckResponseSchema, feedback: 'silent' });
}

/** After any identification the player's status, info and documents are read again. */
export function useIdentificationMutations() {
  const queryClient = useQueryClient();
  // Not awaited: the flow's own callbacks must run before the refreshed status replaces the flow.
  const refresh = () =>
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: identificationStatusQueryKey }),
      queryClient.invalidateQueries({ queryKey: playerInfoQueryKey }),
      queryClient.invalidateQueries({ queryKey: userDocumentsQueryKey }),
    ]);
  return {
    lookUp: useMutation({ mutationFn: lookUpCard }),
    check: useMutation({ mutationFn: checkIdentity, onSuccess: refresh }),
    upload: useMutation({ mutationFn: saveDocument, onSuccess: refresh }),
  };
}
