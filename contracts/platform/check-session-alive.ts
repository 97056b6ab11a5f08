import { z } from 'zod/mini';
import { inducementsOffSchema } from './inducements/inducements';

/**
 * GET /ps/checkSessionAlive — whether the session cookie names a live session (spec 000 §4 Session).
 * The session key itself never appears in a body (DEF-05); the roles come from the server so
 * that role checks in the portal can pass (DEF-01, OPS-13).
 */
export const roleSchema = z.enum(['ROLE_USER', 'ROLE_ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const checkSessionAliveResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  alive: z.boolean(),
  partyId: z.optional(z.string()),
  registrationStatus: z.optional(z.enum(['QUICK_REG', 'PLAYER'])),
  authorities: z.array(roleSchema),
  /**
   * A restricted session (issue 26 defect 4): the player is on a time-out until this instant (ISO)
   * and may only see the balance, withdraw, use responsible gaming tools and contact support.
   */
  restrictedUntil: z.optional(z.string()),
  /**
   * The inducements the player's jurisdiction closes (issue 29 item 7: IE by default): the portal
   * shows none of them. Present with a live session; empty when every inducement is open.
   */
  inducementsOff: z.optional(inducementsOffSchema),
});
export type CheckSessionAliveResponse = z.infer<typeof checkSessionAliveResponseSchema>;
export const checkSessionAlivePath = '/checkSessionAlive';
