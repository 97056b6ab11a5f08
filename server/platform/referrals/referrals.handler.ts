import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import {
  getReferralsResponseSchema,
  REFERRAL_MAX_ADDRESSES,
  referFriendBodySchema,
  referFriendResponseSchema,
} from '../../../contracts/platform/referrals/referrals';
import type { ServiceContext } from '../../service-context';
import { planById } from '../bonuses';
import { requireSession } from '../session';
import { referralSettings } from './qualification';
import { referFriend, referralCodeOf, referralLinkOf, referralsOf } from './referrals.service';

/**
 * The referrer cookie: the referral codes of the players who opened their Refer a Friend page (or
 * sent invitations) in this browser. A sign-up in the same browser with one of those codes is a
 * self-referral. HttpOnly: page scripts never read it; 30 days like the referral cookie (spec §9).
 */
export const REFERRER_COOKIE = 'EMERALD_REFERRER';
const COOKIE_DAYS = 30;
const MAX_CODES = 5;

export function browserReferralCodes(request: FastifyRequest): string[] {
  return (request.cookies[REFERRER_COOKIE] ?? '').split('.').filter((code) => /^[0-9a-f]{16}$/.test(code));
}

function markBrowser(request: FastifyRequest, reply: FastifyReply, playerId: string): void {
  const code = referralCodeOf(playerId);
  const codes = [code, ...browserReferralCodes(request).filter((known) => known !== code)].slice(0, MAX_CODES);
  reply.setCookie(REFERRER_COOKIE, codes.join('.'), {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: COOKIE_DAYS * 86_400,
  });
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The Refer a Friend operations under /ps (spec 001 §7 "referFriend"). Thin: the rules are in the services. */
export const referralsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const tags = ['referrals'];

    app.post(
      '/referFriend',
      {
        schema: {
          tags,
          summary: `Invites the comma-joined addresses and e-mails each the player's referral link; at most ${REFERRAL_MAX_ADDRESSES} per player in all (REF-07, REF-08, REF-12)`,
          body: referFriendBodySchema,
          response: { 200: referFriendResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const outcome = await referFriend(
          { db, mailer: context.mailer, config: context.config, inducements: context.inducements },
          session.partyId,
          request.body.emails,
        );
        markBrowser(request, reply, session.partyId);
        return outcome;
      },
    );

    app.get(
      '/getReferrals',
      {
        schema: {
          tags,
          summary: "The player's referral link, how many addresses they may still invite, the reward and their friends (invited, joined, qualified)",
          response: { 200: getReferralsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const summary = await referralsOf(db, context.inducements, session.partyId);
        markBrowser(request, reply, session.partyId);
        const settings = referralSettings(context.config);
        const plan = await planById(db, settings.bonusPlanId);
        return {
          status: 'SUCCESS' as const,
          referralLink: referralLinkOf(context.config, session.partyId),
          maxAddresses: REFERRAL_MAX_ADDRESSES,
          ...summary,
          reward: fromMinorUnits(settings.reward),
          minimumDeposit: fromMinorUnits(settings.minimumDeposit),
          currency: plan?.currency ?? 'EUR',
        };
      },
    );
  };
