import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  bonusProgressResponseSchema,
  cancelBonusResponseSchema,
  cancelPreviewResponseSchema,
  getBonusesResponseSchema,
  planTermsResponseSchema,
  redeemBonusResponseSchema,
} from '../../../../../../contracts/platform/bonuses/bonuses';
import { apiRequest } from '../../../../shared/api/api-client';
import { balanceQueryKey } from '../../../../shared/wallet/api/get-balance';
import { useSession } from '../../../../shared/session/use-session';
import { useTranslation } from 'react-i18next';

/**
 * The bonuses operations the wallet calls (spec 001 §7 "Bonuses"; issue 14). Each screen explains
 * its own failures (BON-18: every call has its success and failure), so none of them toasts.
 */

export const bonusesQueryKey = ['wallet', 'bonuses'] as const;
export const bonusProgressQueryKey = ['wallet', 'bonus-progress'] as const;

/** GET {ps}/getBonuses (BON-02): yyyy-mm-dd dates; the server counts to the end of endDate (end date + 1 day). */
export function useBonuses(range: { startDate: string; endDate: string }) {
  // The server names plans and channels in the portal's language: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...bonusesQueryKey, range.startDate, range.endDate, i18n.language],
    queryFn: ({ signal }) =>
      apiRequest('ps', '/getBonuses', {
        query: { startDate: range.startDate, endDate: range.endDate },
        schema: getBonusesResponseSchema,
        feedback: 'silent',
        signal,
      }),
    select: (answer) => answer.bonuses,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST {ps}/redeemBonus (BON-13). */
export const redeemBonus = (code: string) =>
  apiRequest('ps', '/redeemBonus', { method: 'POST', body: { code }, schema: redeemBonusResponseSchema, feedback: 'silent' });

/** POST {ps}/cancelBonus (BON-11). */
export const cancelBonus = (bonusId: number) =>
  apiRequest('ps', '/cancelBonus', { method: 'POST', body: { bonusId }, schema: cancelBonusResponseSchema, feedback: 'silent' });

/** GET {ps}/bonus/cancelPreview: the cash kept and the bonus forfeited if the bonus is cancelled now. */
export function useCancelPreview(bonusId: number | null) {
  // The server names plans and channels in the portal's language: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['wallet', 'bonus-cancel-preview', bonusId, i18n.language],
    queryFn: ({ signal }) =>
      apiRequest('ps', '/bonus/cancelPreview', { query: { bonusId: String(bonusId) }, schema: cancelPreviewResponseSchema, feedback: 'silent', signal }),
    enabled: bonusId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** GET {ps}/bonus/progress: the active bonus's wagering, refreshed as the balance is (every wallet change). */
export function useBonusProgress() {
  const { authenticated } = useSession();
  return useQuery({
    queryKey: bonusProgressQueryKey,
    queryFn: ({ signal }) => apiRequest('ps', '/bonus/progress', { schema: bonusProgressResponseSchema, feedback: 'silent', signal }),
    select: (answer) => answer.progress,
    enabled: authenticated,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** GET {ps}/bonus/planTerms: a plan's full terms as they apply to the player (shown before opting in); a code plan's with its code. */
export function usePlanTerms(bonusPlanId: number | null, code: string | null = null) {
  // The server names plans and channels in the portal's language: another language is another answer.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['wallet', 'bonus-plan-terms', bonusPlanId, code, i18n.language],
    queryFn: ({ signal }) =>
      apiRequest('ps', '/bonus/planTerms', { query: { bonusPlanId: String(bonusPlanId), code }, schema: planTermsResponseSchema, feedback: 'silent', signal }),
    select: (answer) => answer.terms,
    enabled: bonusPlanId !== null,
    retry: false,
  });
}

/** After a redeem or a cancel: the list, the balance and the progress are read again. */
export function refreshAfterBonusChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: bonusesQueryKey });
  void queryClient.invalidateQueries({ queryKey: bonusProgressQueryKey });
  void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
}
