import { z } from 'zod';

/**
 * A player's monthly activity statements as staff see them (issue 29 item 10): the month (UTC),
 * the rule set and language it was made in, time played in milliseconds, and per currency the
 * figures the message stated, integer minor units as text.
 */
export const activityStatementSchema = z.object({
  id: z.string(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  jurisdiction: z.string(),
  language: z.string(),
  playMs: z.string(),
  figures: z.record(
    z.string(),
    z.object({
      deposits: z.string(),
      withdrawals: z.string(),
      netDeposits: z.string(),
      stakes: z.string(),
      wins: z.string(),
      netResult: z.string(),
      closingBalance: z.string(),
    }),
  ),
  /** The player message that carried it. */
  messageId: z.string().nullable(),
  /** When it went to the mail outbox; null where the player does not accept e-mail. */
  emailedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityStatement = z.infer<typeof activityStatementSchema>;

export const activityStatementsResponseSchema = z.object({ statements: z.array(activityStatementSchema) });
export type ActivityStatementsResponse = z.infer<typeof activityStatementsResponseSchema>;
