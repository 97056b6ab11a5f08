import type { PlayerListeners } from '../accounts';
import type { Inducements } from '../inducements';
import { kycStatusChanged, type ReferralSettings } from './qualification';
import { browserReferralCodes } from './referrals.handler';
import { linkNewPlayer } from './referrals.service';

/**
 * Refer a friend's part in a sign-up and a verification (issue 14): a new player is linked to the
 * referrer whose code the sign-up or the browser carried; a verified one qualifies the referral
 * with this server's reward settings. Built by the composition root with the server's settings.
 */
export function referralPlayerListeners(settings: ReferralSettings, inducements: Inducements): PlayerListeners {
  return {
    registered: (db, joining) =>
      linkNewPlayer(db, {
        playerId: joining.playerId,
        email: joining.email,
        // The portal sends the referral cookie as referralId; the cookie itself is the fallback.
        code: joining.referralId ?? joining.request.cookies.referralId ?? null,
        browserCodes: browserReferralCodes(joining.request),
      }),
    kycStatusChanged: (db, playerId, kycStatus) => kycStatusChanged(db, playerId, kycStatus, settings, inducements),
  };
}
