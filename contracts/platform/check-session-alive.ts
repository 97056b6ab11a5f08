import { z } from 'zod/mini';

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
});
export type CheckSessionAliveResponse = z.infer<typeof checkSessionAliveResponseSchema>;
export const checkSessionAlivePath = '/checkSessionAlive';
