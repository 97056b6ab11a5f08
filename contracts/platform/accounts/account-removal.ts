import { z } from 'zod';

/**
 * POST /ps/requestAccountRemoval (issue 29 item 9; docs/compliance.md "Account-holder register"):
 * the signed-in player asks to be removed from the account-holder register. The confirm step sends
 * `confirm: true` and the current password (a session left open on a shared computer must not be
 * enough to close the account). Done at once: the account is closed and its personal data
 * anonymised, or refused with 409 ACCOUNT_REMOVAL_BLOCKED naming `balance` or `withdrawal` while the
 * account holds money.
 */
export const accountRemovalMessages = {
  confirm: 'Confirm that you want your account removed',
  password: 'Please enter your current password',
  wrong: 'The current password is not correct',
  balance: 'Withdraw your balance first',
  withdrawal: 'Wait until your withdrawal is paid',
} as const;

export const accountRemovalRequestSchema = z
  .object({
    confirm: z.literal(true, { message: accountRemovalMessages.confirm }),
    password: z.string({ message: accountRemovalMessages.password }).min(1, { message: accountRemovalMessages.password }).max(128),
  })
  .strict();
export type AccountRemovalRequest = z.infer<typeof accountRemovalRequestSchema>;

export const accountRemovalResponseSchema = z.object({ status: z.literal('REMOVED'), removedAt: z.string() });
export type AccountRemovalResponse = z.infer<typeof accountRemovalResponseSchema>;

/** The field a blocked removal names: money to withdraw, or a withdrawal to wait for. */
export const REMOVAL_BLOCK_FIELDS = { BALANCE: 'balance', PENDING_WITHDRAWAL: 'withdrawal' } as const;
