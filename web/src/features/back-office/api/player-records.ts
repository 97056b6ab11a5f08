import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { goodwillBonusResponseSchema } from '../../../../../contracts/back-office/payments';
import {
  goodwillPlansResponseSchema,
  playerPaymentsResponseSchema,
  playerRoundsResponseSchema,
  roundRecallSchema,
  staffUploadRequestsResponseSchema,
  type RequestDocumentUpload,
} from '../../../../../contracts/back-office/player-records';
import { playerRegisterChecksResponseSchema } from '../../../../../contracts/back-office/exclusion-register';
import { financialChecksResponseSchema } from '../../../../../contracts/back-office/financial-checks';
import { backOfficeKey, backOfficeRequest } from './back-office-request';

/** A player's payments and rounds page by page, a round recalled, upload requests and goodwill bonuses (issue 15). */
const recordsKey = (playerId: string) => [...backOfficeKey, 'players', playerId, 'records'] as const;
const playerPath = (playerId: string, rest: string) => `players/${encodeURIComponent(playerId)}/${rest}`;

export const HISTORY_PAGE_SIZE = 10;

export function usePlayerPayments(playerId: string, page: number) {
  return useQuery({
    queryKey: [...recordsKey(playerId), 'payments', page],
    queryFn: ({ signal }) =>
      backOfficeRequest(playerPath(playerId, 'payments'), { query: { page, size: HISTORY_PAGE_SIZE }, schema: playerPaymentsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePlayerRounds(playerId: string, page: number) {
  return useQuery({
    queryKey: [...recordsKey(playerId), 'rounds', page],
    queryFn: ({ signal }) =>
      backOfficeRequest(playerPath(playerId, 'rounds'), { query: { page, size: HISTORY_PAGE_SIZE }, schema: playerRoundsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRoundRecall(playerId: string, roundId: string | null) {
  return useQuery({
    queryKey: [...recordsKey(playerId), 'round', roundId],
    queryFn: ({ signal }) => backOfficeRequest(playerPath(playerId, `rounds/${encodeURIComponent(roundId ?? '')}`), { schema: roundRecallSchema, signal }),
    enabled: roundId !== null,
    retry: false,
  });
}

/** The player's financial vulnerability checks and risk assessments, and the operator deposit limits (issue 29 item 3). */
export function useFinancialChecks(playerId: string) {
  return useQuery({
    queryKey: [...recordsKey(playerId), 'financial-checks'],
    queryFn: ({ signal }) => backOfficeRequest(playerPath(playerId, 'financialChecks'), { schema: financialChecksResponseSchema, signal }),
    retry: false,
  });
}

/** The national exclusion registers' answers about the player, newest first (issue 29 item 6). */
export function useRegisterChecks(playerId: string) {
  return useQuery({
    queryKey: [...recordsKey(playerId), 'register-checks'],
    queryFn: ({ signal }) => backOfficeRequest(playerPath(playerId, 'registerChecks'), { schema: playerRegisterChecksResponseSchema, signal }),
    retry: false,
  });
}

export function useUploadRequests(playerId: string) {
  return useQuery({
    queryKey: [...recordsKey(playerId), 'upload-requests'],
    queryFn: ({ signal }) => backOfficeRequest(playerPath(playerId, 'uploadRequests'), { schema: staffUploadRequestsResponseSchema, signal }),
    retry: false,
  });
}

export function useAskForUpload(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestDocumentUpload) =>
      backOfficeRequest(playerPath(playerId, 'uploadRequests'), { method: 'POST', body, schema: z.object({ requestId: z.string(), messageId: z.string() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}

export function useGoodwillPlans() {
  return useQuery({
    queryKey: [...backOfficeKey, 'goodwill-plans'],
    queryFn: ({ signal }) => backOfficeRequest('bonusPlans/goodwill', { schema: goodwillPlansResponseSchema, signal }),
    retry: false,
  });
}

export function useGrantGoodwill(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { planId: number; amount: number; reason: string }) =>
      backOfficeRequest(playerPath(playerId, 'bonuses'), { method: 'POST', body, schema: goodwillBonusResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}
