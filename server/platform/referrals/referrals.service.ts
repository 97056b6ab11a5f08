import { createHash } from 'node:crypto';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { REFERRAL_ADDRESS_MAX_LENGTH, REFERRAL_MAX_ADDRESSES, splitAddresses, type ReferralError } from '../../../contracts/platform/referrals/referrals';
import type { Db } from '../../db/database';
import { referral, referralCode, referralInvitation } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { referralInvitationMail, type Mailer } from '../../mail';
import { findPlayer, findPlayerByEmail, publicUrl } from '../accounts';
import { languageOf } from '../language/language';
import type { Inducements } from '../inducements';
import { inTransaction } from '../../db/transaction';
import { planById } from '../bonuses';
import { mayMarket } from '../consents';
import { marketingProductsOfBonus } from '../../../contracts/platform/marketing/marketing-consents';
import { AppError } from '../../http/app-error';
import { referralSettings } from './qualification';

/**
 * Refer a friend as services (REF-*, spec 001 §2, §5, §7 "referFriend"; server/platform/referrals/README.md),
 * callable without HTTP: a player's referral code and link, invitations (at most 15 addresses per
 * player in all, counted under a per-player lock so that parallel requests cannot pass it), and linking a
 * new player to the referrer whose code their sign-up carried. Qualification is in qualification.ts.
 */

/** The errors of the list, as codes the portal shows in the player's language (REF-08, REF-10). */
export const REFERRAL_ERRORS = {
  invalid: 'INVALID_EMAIL',
  repeated: 'DUPLICATE_EMAIL',
  alreadyInvited: 'ALREADY_INVITED',
  registered: 'ALREADY_REGISTERED',
  own: 'OWN_EMAIL',
  limit: 'LIMIT_REACHED',
} as const;

/** A player's referral code: 16 hex digits of SHA-256 of their id (opaque, the same wherever computed). */
export function referralCodeOf(playerId: string): string {
  return createHash('sha256').update(`emerald-referral:${playerId}`).digest('hex').slice(0, 16);
}

/** The link a friend opens: the portal's sign-up with the referralId the portal keeps as the referral cookie (HOME-05). */
export function referralLinkOf(config: ServiceContext['config'], playerId: string): string {
  return `${publicUrl(config)}/?${new URLSearchParams({ page: 'signup', referralId: referralCodeOf(playerId) })}`;
}

/** Makes sure the player's code resolves to them (players made before or outside sign-up get it here). */
export async function ensureReferralCode(db: Db, playerId: string): Promise<string> {
  const code = referralCodeOf(playerId);
  await db.insert(referralCode).values({ playerId, code }).onConflictDoNothing();
  return code;
}

export async function referrerOfCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db.select({ playerId: referralCode.playerId }).from(referralCode).where(eq(referralCode.code, code.trim().toLowerCase()));
  return row?.playerId;
}

/**
 * The address a mailbox really is, to tell one person's two spellings apart: lower case, without a
 * "+tag", and for Gmail without dots (which Gmail ignores).
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const untagged = local.split('+')[0] ?? local;
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? untagged.replaceAll('.', '') : untagged}@${gmail ? 'gmail.com' : domain}`;
}

const addressSchema = z.email().max(REFERRAL_ADDRESS_MAX_LENGTH);

/**
 * An invitation is a marketing e-mail (it promotes the portal and the referrer's reward) sent to
 * someone who is not a player, whom Emerald could never have asked. The consent that decides is the
 * referrer's (docs/compliance.md "Marketing consent"): they must accept e-mail marketing of the
 * product the invitation promotes — the reward plan's product, gaming without a plan — so Emerald
 * never e-mails through a player what it could not e-mail to that player. Asked inside the
 * invitations' transaction: a box unticked meanwhile refuses them, and nothing is written or sent.
 */
async function refuseWithoutMarketingConsent(tx: Db, playerId: string, bonusPlanId: number): Promise<void> {
  const plan = await planById(tx, bonusPlanId);
  const products = plan ? marketingProductsOfBonus(plan.product as Parameters<typeof marketingProductsOfBonus>[0]) : (['GAMING'] as const);
  for (const product of products) {
    if (!(await mayMarket(tx, playerId, product, 'EMAIL'))) {
      throw new AppError(
        'MARKETING_CONSENT_REQUIRED',
        `Invitations are marketing e-mails: you can send them while you accept ${product === 'BINGO' ? 'bingo' : 'casino'} offers by e-mail (your account's marketing preferences).`,
        [{ field: 'marketingConsents', error: `${product}:EMAIL` }],
      );
    }
  }
}

export interface ReferFriendOutcome {
  status: 'SUCCESS' | 'FAILURE';
  errors: ReferralError[];
  sent: number;
  remaining: number;
}

/**
 * referFriend (REF-07, REF-08, REF-12): every address is checked; with any error nothing is sent
 * and the errors list answers (each error with the address as its field). Otherwise each address
 * becomes an invitation and is e-mailed, through the outbox, with the player's referral link.
 */
export async function referFriend(
  context: { db: Db; mailer: Mailer; config: ServiceContext['config']; inducements: Pick<Inducements, 'refuseClosed'> },
  playerId: string,
  joined: string,
): Promise<ReferFriendOutcome> {
  const { db, inducements } = context;
  const addresses = splitAddresses(joined);
  const referrer = await findPlayer(db, playerId);
  if (!referrer) throw new Error('referrer not found');

  const outcome = await inTransaction(db, async (tx) => {
    // Where the jurisdiction closes refer a friend (IE by default, issue 29 item 7) nothing is written or sent.
    await inducements.refuseClosed(tx, playerId, 'REFER_A_FRIEND');
    await refuseWithoutMarketingConsent(tx, playerId, referralSettings(context.config).bonusPlanId);
    // One lock per player that every invitation of theirs takes: parallel requests are counted
    // one after another, so together they cannot pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`referral-invite:${playerId}`}))`);
    const [{ invited } = { invited: 0 }] = await tx.select({ invited: count() }).from(referralInvitation).where(eq(referralInvitation.referrerId, playerId));
    const remaining = Math.max(0, REFERRAL_MAX_ADDRESSES - invited);
    const errors: ReferralError[] = [];
    const accepted: string[] = [];
    const seen = new Set<string>();
    for (const address of addresses) {
      const lower = address.toLowerCase();
      if (!addressSchema.safeParse(address).success) errors.push({ error: REFERRAL_ERRORS.invalid, field: address });
      else if (seen.has(lower)) errors.push({ error: REFERRAL_ERRORS.repeated, field: address });
      else if (mailboxOf(address) === mailboxOf(referrer.email)) errors.push({ error: REFERRAL_ERRORS.own, field: address });
      else if (
        (
          await tx
            .select({ id: referralInvitation.id })
            .from(referralInvitation)
            .where(and(eq(referralInvitation.referrerId, playerId), sql`lower(${referralInvitation.email}) = ${lower}`))
        ).length > 0
      ) {
        errors.push({ error: REFERRAL_ERRORS.alreadyInvited, field: address });
      } else if (await findPlayerByEmail(tx, address)) errors.push({ error: REFERRAL_ERRORS.registered, field: address });
      else accepted.push(address);
      seen.add(lower);
    }
    // REF-12: the addresses past the player's remaining allowance are refused by name.
    for (const address of accepted.slice(remaining)) errors.push({ error: REFERRAL_ERRORS.limit, field: address });
    if (errors.length > 0) return { status: 'FAILURE' as const, errors, sent: [] as string[], remaining };
    await tx.insert(referralInvitation).values(accepted.map((email) => ({ referrerId: playerId, email })));
    // The link in the e-mails must resolve; a refused request writes nothing at all.
    await ensureReferralCode(tx, playerId);
    return { status: 'SUCCESS' as const, errors, sent: accepted, remaining: remaining - accepted.length };
  });

  // Written to the outbox once the invitations are committed (a refused request e-mails no one).
  const link = referralLinkOf(context.config, playerId);
  for (const to of outcome.sent) {
    await context.mailer.send(
      referralInvitationMail({ to, referrerName: referrer.firstName ?? null, referralUrl: link, language: languageOf(referrer.language) }),
    );
  }
  return { status: outcome.status, errors: outcome.errors, sent: outcome.sent.length, remaining: outcome.remaining };
}

export interface NewPlayerReferral {
  playerId: string;
  email: string;
  /** The referral code the sign-up carried, if any. */
  code: string | null;
  /** The referral codes of the players who used this browser (the referrer cookie). */
  browserCodes: string[];
}

/**
 * Sign-up: links the new player to the referrer whose code the sign-up carried (the referral
 * cookie), or, with no code, to the first player who invited their address. Same mailbox or same
 * browser as the referrer is recorded as a self-referral, which never earns a reward.
 */
export async function linkNewPlayer(db: Db, joining: NewPlayerReferral): Promise<void> {
  await ensureReferralCode(db, joining.playerId);
  const lower = joining.email.trim().toLowerCase();
  let referrerId = joining.code ? await referrerOfCode(db, joining.code) : undefined;
  const invitations = await db
    .select({ id: referralInvitation.id, referrerId: referralInvitation.referrerId })
    .from(referralInvitation)
    .where(sql`lower(${referralInvitation.email}) = ${lower}`)
    .orderBy(asc(referralInvitation.id));
  if (!referrerId && !joining.code) referrerId = invitations[0]?.referrerId;
  if (!referrerId || referrerId === joining.playerId) return;
  const referrer = await findPlayer(db, referrerId);
  if (!referrer) return;
  const code = referralCodeOf(referrerId);
  const selfReferral = mailboxOf(referrer.email) === mailboxOf(joining.email) ? 'EMAIL' : joining.browserCodes.includes(code) ? 'BROWSER' : null;
  const invitation = invitations.find((row) => row.referrerId === referrerId);
  await db
    .insert(referral)
    .values({ referredId: joining.playerId, referrerId, selfReferral, invitationId: invitation?.id ?? null })
    .onConflictDoNothing();
}

/** What the referrer sees (REF-*): their link, allowance and friends — each only as the address they typed, or none, and a stage. */
export async function referralsOf(db: Db, inducements: Pick<Inducements, 'refuseClosed'>, playerId: string) {
  await inducements.refuseClosed(db, playerId, 'REFER_A_FRIEND');
  const invitations = await db
    .select({ id: referralInvitation.id, email: referralInvitation.email, createdAt: referralInvitation.createdAt })
    .from(referralInvitation)
    .where(eq(referralInvitation.referrerId, playerId))
    .orderBy(asc(referralInvitation.id));
  const joined = await db
    .select({ invitationId: referral.invitationId, qualifiedAt: referral.qualifiedAt, createdAt: referral.createdAt })
    .from(referral)
    .where(eq(referral.referrerId, playerId))
    .orderBy(asc(referral.createdAt));
  const byInvitation = new Map(joined.filter((row) => row.invitationId !== null).map((row) => [String(row.invitationId), row]));
  const stage = (row: { qualifiedAt: Date | null } | undefined) =>
    (!row ? 'INVITED' : row.qualifiedAt ? 'QUALIFIED' : 'JOINED') as 'INVITED' | 'JOINED' | 'QUALIFIED';
  const friends = [
    ...invitations.map((invitation) => ({
      email: invitation.email,
      stage: stage(byInvitation.get(String(invitation.id))),
      invitedAt: invitation.createdAt.toISOString(),
    })),
    ...joined.filter((row) => row.invitationId === null).map((row) => ({ email: null, stage: stage(row), invitedAt: null })),
  ];
  const [qualified = { n: 0 }] = await db
    .select({ n: count() })
    .from(referral)
    .where(and(eq(referral.referrerId, playerId), isNotNull(referral.qualifiedAt)));
  return {
    invitedCount: invitations.length,
    remaining: Math.max(0, REFERRAL_MAX_ADDRESSES - invitations.length),
    counts: { invited: invitations.length, joined: joined.length, qualified: qualified.n },
    friends,
  };
}
