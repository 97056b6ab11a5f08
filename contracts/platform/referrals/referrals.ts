import { z } from 'zod';

/**
 * Refer a friend (spec 001 §2 "Refer a friend", §5, §7 "referFriend", §8; REF-01…12). The page has
 * four e-mail fields; their non-empty values are joined with commas into one value (REF-07), and
 * each field may itself hold several addresses, one per line or comma-separated.
 */

/** REF-12, spec 001 §9: at most 15 addresses per player in all. */
export const REFERRAL_MAX_ADDRESSES = 15;
/** REF-02, spec 001 §9: four input fields. */
export const REFERRAL_FIELDS = 4;
/** RFC 5321: an address is at most 254 characters. */
export const REFERRAL_ADDRESS_MAX_LENGTH = 254;

/** Splits the joined value into the addresses typed (commas, semicolons and line breaks separate them). */
export function splitAddresses(joined: string): string[] {
  return joined
    .split(/[,;\r\n]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** REF-07: the four fields' non-empty values joined with commas. */
export function joinReferralFields(fields: readonly string[]): string {
  return fields
    .map((field) => splitAddresses(field).join(','))
    .filter(Boolean)
    .join(',');
}

/** POST /ps/referFriend (REF-08; a POST, not the original GET: it sends e-mail — DEF-08). */
export const referFriendBodySchema = z.object({
  emails: z
    .string({ message: 'Enter at least one e-mail address' })
    .max((REFERRAL_ADDRESS_MAX_LENGTH + 1) * REFERRAL_MAX_ADDRESSES * 2, { message: 'Too many addresses' })
    .refine((value) => splitAddresses(value).length > 0, { message: 'Enter at least one e-mail address' }),
});
export type ReferFriendBody = z.infer<typeof referFriendBodySchema>;

/** One refused address (REF-08, §8: shown as 'error: field'): `field` is the address as typed. */
export const referralErrorSchema = z.object({ error: z.string(), field: z.string() });
export type ReferralError = z.infer<typeof referralErrorSchema>;

/**
 * The answer: SUCCESS with every address invited and e-mailed, or FAILURE with the errors list
 * (invalid, repeated, already invited, already registered, over the limit) and nothing sent.
 */
export const referFriendResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  errors: z.array(referralErrorSchema),
  /** Addresses invited by this request. */
  sent: z.number().int(),
  /** How many more addresses the player may still invite. */
  remaining: z.number().int(),
});
export type ReferFriendResponse = z.infer<typeof referFriendResponseSchema>;

/** What the referrer sees of a friend: only the address they typed and how far the friend got. */
export const REFERRAL_STAGES = ['INVITED', 'JOINED', 'QUALIFIED'] as const;
export const referralFriendSchema = z.object({
  email: z.string().nullable(),
  stage: z.enum(REFERRAL_STAGES),
  invitedAt: z.string().nullable(),
});

/** GET /ps/getReferrals: the player's referral link, limits, reward terms and friends. */
export const getReferralsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  referralLink: z.string(),
  maxAddresses: z.number().int(),
  invitedCount: z.number().int(),
  remaining: z.number().int(),
  /** Major units in `currency`: what the referrer receives as a bonus per qualified friend, and the friend's first deposit that qualifies. */
  reward: z.number(),
  minimumDeposit: z.number(),
  currency: z.string(),
  counts: z.object({ invited: z.number().int(), joined: z.number().int(), qualified: z.number().int() }),
  friends: z.array(referralFriendSchema),
});
export type GetReferralsResponse = z.infer<typeof getReferralsResponseSchema>;
