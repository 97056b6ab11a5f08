import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../service-context';
import { onKycStatusChanged, onPlayerRegistered } from '../accounts';
import { kycStatusChanged, referralSettings } from './qualification';
import { browserReferralCodes, referralsRoutes } from './referrals.handler';
import { linkNewPlayer } from './referrals.service';

let listening = false;

/**
 * Refer a friend under /ps: its routes and its listeners on the accounts module's sign-up and
 * verification (each once per process: the accounts module's listeners are process-wide, so the
 * reward settings of the first server in a process are the ones a verification qualifies with).
 */
export const referralsPlugin =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const settings = referralSettings(context.config);
    if (!listening) {
      listening = true;
      onPlayerRegistered((db, joining) =>
        linkNewPlayer(db, {
          playerId: joining.playerId,
          email: joining.email,
          // The portal sends the referral cookie as referralId; the cookie itself is the fallback.
          code: joining.referralId ?? joining.request.cookies.referralId ?? null,
          browserCodes: browserReferralCodes(joining.request),
        }),
      );
      onKycStatusChanged((db, playerId, kycStatus) => kycStatusChanged(db, playerId, kycStatus, settings, context.inducements));
    }
    await app.register(referralsRoutes(context));
  };
