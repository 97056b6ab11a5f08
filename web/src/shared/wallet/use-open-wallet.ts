import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mayPlayForReal } from '../../../../contracts/platform/accounts/identity-gate';
import { paths } from '../../config/paths';
import { useWarningModal } from '../components/warning-modal-state';
import { playerInfoQueryOptions } from '../session/api/get-player-info';
import { markIdentityReviewShown } from '../session/use-identity-review-warning';
import { useSession } from '../session/use-session';
import { useWallet, type WalletTab } from './wallet-state';

/**
 * Opens the wallet for a player who may use it: a visitor goes to /deposit, which sends them to
 * log in and back (WALLET-17); a player failing the identity gate sees the identity-review warning
 * instead (WALLET-10, WALLET-11, DIS-01). The server refuses such players too (DEF-13).
 */
export function useOpenWallet(): (tab?: WalletTab) => Promise<boolean> {
  const { t } = useTranslation();
  const { show } = useWallet();
  const session = useSession();
  const warn = useWarningModal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (tab: WalletTab = 'deposit') => {
      if (!session.authenticated) {
        await navigate(paths.deposit.getHref());
        return false;
      }
      const player = await queryClient.fetchQuery(playerInfoQueryOptions).catch(() => null);
      if (!player) return false;
      if (!mayPlayForReal(player)) {
        markIdentityReviewShown(player.partyId);
        warn({ title: t('identity.reviewTitle'), message: t('identity.reviewMessage') });
        return false;
      }
      // Issue 26 defect 4: on a time-out the wallet opens on Withdrawal, never on Deposit or Bonuses.
      show(session.restrictedUntil && (tab === 'deposit' || tab === 'bonuses') ? 'withdrawal' : tab);
      return true;
    },
    [session.authenticated, session.restrictedUntil, queryClient, navigate, warn, t, show],
  );
}
