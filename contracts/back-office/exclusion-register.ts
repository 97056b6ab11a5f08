import { z } from 'zod';

/**
 * The national exclusion registers as staff see them (issue 29 item 6): a player's register
 * answers (GAMSTOP's P shows as CLEAR with previouslyRegistered), and the daily GAMSTOP re-check
 * runs, whose INCOMPLETE status is the alert that the register did not answer for some players.
 */
export const registerCheckSchema = z.object({
  id: z.string(),
  /** GAMSTOP or NGER. */
  register: z.string(),
  answer: z.enum(['CLEAR', 'REGISTERED', 'UNAVAILABLE']),
  /** Where the register was asked: at sign-up, at login or by the daily re-check. */
  place: z.enum(['SIGNUP', 'LOGIN', 'RECHECK']),
  provider: z.string(),
  /** GAMSTOP's P: excluded once, the exclusion has ended (not an active exclusion). */
  previouslyRegistered: z.boolean(),
  /** The register's id of the check (GAMSTOP's X-Unique-Id). */
  reference: z.string().nullable(),
  checkedAt: z.iso.datetime(),
});
export type RegisterCheckView = z.infer<typeof registerCheckSchema>;
export const playerRegisterChecksResponseSchema = z.object({ checks: z.array(registerCheckSchema) });

export const recheckRunSchema = z.object({
  id: z.string(),
  register: z.string(),
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  status: z.enum(['RUNNING', 'COMPLETE', 'INCOMPLETE']),
  provider: z.string(),
  asked: z.number().int(),
  registered: z.number().int(),
  previouslyRegistered: z.number().int(),
  /** Players the register did not answer about, left as they were. */
  unanswered: z.number().int(),
  problem: z.string().nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RecheckRunView = z.infer<typeof recheckRunSchema>;

export const recheckQuerySchema = z
  .object({
    limit: z.coerce
      .number({ message: 'limit must be a whole number' })
      .int({ message: 'limit must be a whole number' })
      .min(1, { message: 'limit must be at least 1' })
      .max(100, { message: 'limit must be at most 100' })
      .default(30),
  })
  .strict();

/** `alert`: the newest finished run is INCOMPLETE (staff should look at the register's problem). */
export const recheckListResponseSchema = z.object({ alert: z.boolean(), runs: z.array(recheckRunSchema) });

/**
 * Why a re-check ended INCOMPLETE, as the adapters word it in the run's `problem` (kept in the
 * database and the logs in English); the back office shows each in the staff member's language
 * (`registerProblemOf`) and any other text as it was stored.
 */
export const REGISTER_PROBLEMS = {
  unreachable: 'GAMSTOP could not be reached',
  keyRefused: 'GAMSTOP refused the API key (403)',
  rateLimited: 'GAMSTOP kept answering 429 (rate limit)',
  notJson: 'GAMSTOP answered the batch with something other than JSON',
  notArray: 'GAMSTOP answered the batch with something other than an array',
  partial: 'the register did not answer about every player',
} as const;
export type RegisterProblem = keyof typeof REGISTER_PROBLEMS | 'status';

/** An HTTP status GAMSTOP answered instead of checks. */
export const registerStatusProblem = (status: number) => `GAMSTOP answered ${status}`;

/** A stored problem read back: which of the known ones it is (with the status it names), or null. */
export function registerProblemOf(problem: string): { problem: RegisterProblem; status?: number } | null {
  const known = (Object.keys(REGISTER_PROBLEMS) as (keyof typeof REGISTER_PROBLEMS)[]).find((key) => REGISTER_PROBLEMS[key] === problem);
  if (known) return { problem: known };
  const status = /^GAMSTOP answered (\d{3})$/.exec(problem);
  return status ? { problem: 'status', status: Number(status[1]) } : null;
}
