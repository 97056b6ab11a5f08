import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { mayPlayForReal } from '../../../../contracts/platform/accounts/identity-gate';
import { useWarningModal } from '../components/warning-modal-state';
import { usePlayerInfo } from './api/get-player-info';

const shownKey = (partyId: string) => `emerald.identityReviewShown.${partyId}`;

/** Notes that the player has been told in this browser session, so that arriving on a page does not tell them again. */
export function markIdentityReviewShown(partyId: string): void {
  sessionStorage.setItem(shownKey(partyId), '1');
}

/**
 * NAV-47, DIS-01, DIS-09: a signed-in player who may not play for real is told, once per browser
 * session, that their identity verification is under manual review.
 */
export function useIdentityReviewWarning(active = true): void {
  const { t } = useTranslation();
  const warn = useWarningModal();
  const { data: player } = usePlayerInfo();
  useEffect(() => {
    if (!active || !player || mayPlayForReal(player)) return;
    const key = shownKey(player.partyId);
    if (sessionStorage.getItem(key)) return;
    markIdentityReviewShown(player.partyId);
    warn({ title: t('identity.reviewTitle'), message: t('identity.reviewMessage') });
  }, [active, player, warn, t]);
}
