import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  identityDecisionResponseSchema,
  lockPlayerByStaffResponseSchema,
  playerProfileSchema,
  playerSearchResponseSchema,
  reviewQueueResponseSchema,
  staffNoteSchema,
} from '../../../../../contracts/back-office/players';
import {
  marketingConsentsResponseSchema,
  type MarketingChannel,
  type OfferedMarketingProduct,
} from '../../../../../contracts/platform/marketing/marketing-consents';
import { backOfficeKey, backOfficeRequest, backOfficeUrl } from './back-office-request';

const playersKey = [...backOfficeKey, 'players'] as const;

/** GET /bo/players?q=: exact look-up by username, e-mail or player id. */
export function usePlayerSearch(q: string) {
  return useQuery({
    queryKey: [...playersKey, 'search', q],
    queryFn: ({ signal }) => backOfficeRequest('players', { query: { q }, schema: playerSearchResponseSchema, signal }),
    enabled: q.length > 0,
    retry: false,
  });
}

export function usePlayerProfile(playerId: string) {
  return useQuery({
    queryKey: [...playersKey, playerId],
    queryFn: ({ signal }) => backOfficeRequest(`players/${encodeURIComponent(playerId)}`, { schema: playerProfileSchema, signal }),
    retry: false,
  });
}

export function useReviewQueue(enabled: boolean) {
  return useQuery({
    queryKey: [...backOfficeKey, 'review-queue'],
    queryFn: ({ signal }) => backOfficeRequest('reviews/documents', { schema: reviewQueueResponseSchema, signal }),
    enabled,
    retry: false,
  });
}

/** Where the reviewer's browser reads a document file (an image shown in the page, or a PDF). */
export const documentFileUrl = (playerId: string, fileId: string) =>
  backOfficeUrl(`players/${encodeURIComponent(playerId)}/documents/${encodeURIComponent(fileId)}`);

function usePlayerAction<B, T>(playerId: string, path: string, schema: z.ZodType<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => backOfficeRequest(`players/${encodeURIComponent(playerId)}/${path}`, { method: 'POST', body, schema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}

export const useAddNote = (playerId: string) => usePlayerAction<{ body: string }, z.infer<typeof staffNoteSchema>>(playerId, 'notes', staffNoteSchema);
export const useSendMessage = (playerId: string) =>
  usePlayerAction<{ subject: string; body: string }, { messageId: string }>(playerId, 'messages', z.object({ messageId: z.string() }));
export const useLockPlayer = (playerId: string) =>
  usePlayerAction<
    { lockType: 'TIMEOUT' | 'EXCLUSION'; lockPeriodUnit: 'DAY' | 'WEEK' | 'MONTH'; lockPeriod: number; reason: string },
    z.infer<typeof lockPlayerByStaffResponseSchema>
  >(playerId, 'locks', lockPlayerByStaffResponseSchema);
export const useIdentityDecision = (playerId: string) =>
  usePlayerAction<{ decision: 'approve' | 'reject'; reason: string }, z.infer<typeof identityDecisionResponseSchema>>(
    playerId,
    'identity',
    identityDecisionResponseSchema,
  );

const marketingKey = (playerId: string) => [...playersKey, playerId, 'marketing-consents'] as const;

/** GET /bo/players/:id/marketingConsents: the player's marketing matrix (SR 5.1.12), with who last changed each box. */
export function usePlayerMarketingConsents(playerId: string) {
  return useQuery({
    queryKey: marketingKey(playerId),
    queryFn: ({ signal }) =>
      backOfficeRequest(`players/${encodeURIComponent(playerId)}/marketingConsents`, { schema: marketingConsentsResponseSchema, signal }),
    select: (answer) => answer.consents,
    retry: false,
  });
}

/** PUT /bo/players/:id/marketingConsents: one box changed at the player's request (audited on the server). */
export function useChangePlayerMarketingConsent(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { product: OfferedMarketingProduct; channel: MarketingChannel; granted: boolean }) =>
      backOfficeRequest(`players/${encodeURIComponent(playerId)}/marketingConsents`, {
        method: 'PUT',
        body: { consents: [change] },
        schema: marketingConsentsResponseSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(marketingKey(playerId), answer),
  });
}
