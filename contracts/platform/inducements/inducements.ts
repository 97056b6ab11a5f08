import { z } from 'zod/mini';

/**
 * Inducements a jurisdiction may close (issue 29 item 7; Ireland: Gambling Regulation Act 2024,
 * s. 157): loyalty points earned on stakes, the loyalty shop, refer a friend, and bonus offers
 * (bonus codes, deposit offers, promotions to opt in to, goodwill bonus money). The server refuses
 * a closed one with INDUCEMENTS_NOT_AVAILABLE; the portal reads which are closed from
 * checkSessionAlive and shows none of them.
 */
export const inducementKinds = ['LOYALTY_POINTS', 'LOYALTY_SHOP', 'REFER_A_FRIEND', 'BONUS_OFFERS'] as const;
export type InducementKind = (typeof inducementKinds)[number];
export const inducementKindSchema = z.enum(inducementKinds);

/** What the session answer tells the portal: the inducements closed to this player (empty: all open). */
export const inducementsOffSchema = z.array(inducementKindSchema);
