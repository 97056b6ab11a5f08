import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { recheckListResponseSchema } from '../../../../../contracts/back-office/exclusion-register';
import { flagListResponseSchema, type InteractionOutcome } from '../../../../../contracts/back-office/flags';
import { backOfficeKey, backOfficeRequest } from './back-office-request';

export function useFlags(status: 'OPEN' | 'ALL') {
  return useQuery({
    queryKey: [...backOfficeKey, 'flags', status],
    queryFn: ({ signal }) => backOfficeRequest('flags', { query: { status }, schema: flagListResponseSchema, signal }),
    retry: false,
  });
}

export function useRecordInteraction(flagId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { discussed: string; outcome: InteractionOutcome; close: boolean }) =>
      backOfficeRequest(`flags/${encodeURIComponent(flagId)}/interactions`, {
        method: 'POST',
        body,
        schema: z.object({ interactionId: z.string(), closed: z.boolean() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...backOfficeKey, 'flags'] }),
  });
}

/** The newest GAMSTOP re-check runs (issue 29 item 6): `alert` when the newest finished one left players unchecked. */
export function useRegisterRechecks() {
  return useQuery({
    queryKey: [...backOfficeKey, 'registerRechecks'],
    queryFn: ({ signal }) => backOfficeRequest('exclusionRegister/rechecks', { query: { limit: '5' }, schema: recheckListResponseSchema, signal }),
    retry: false,
  });
}
