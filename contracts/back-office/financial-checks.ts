import { z } from 'zod';

/**
 * A player's financial vulnerability checks and financial risk assessments as staff see them
 * (issue 29 item 3; docs/compliance.md "Financial vulnerability checks"): what crossed which
 * threshold (integer minor units as text, per currency), the trigger window, the provider's answer
 * and the deposit cap a CONCERN set; and the operator deposit limits in force. Never shown to the
 * player.
 */
export const financialCheckRuleSchema = z.enum(['VULNERABILITY_CHECK', 'RISK_ASSESSMENT_24H', 'RISK_ASSESSMENT_90D']);

export const financialCheckSchema = z.object({
  id: z.uuid(),
  rule: financialCheckRuleSchema,
  currency: z.string(),
  /** Net deposits (a check) or net loss (an assessment) over the rule's period. */
  measured: z.string(),
  threshold: z.string(),
  windowStart: z.iso.datetime(),
  windowEnd: z.iso.datetime(),
  /** PENDING: the provider not asked yet, or to be asked again; DONE: answered; OPEN: an assessment for staff. */
  status: z.enum(['PENDING', 'DONE', 'OPEN']),
  outcome: z.enum(['CLEAR', 'CONCERN', 'UNAVAILABLE']).nullable(),
  provider: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable(),
  depositCap: z.string().nullable(),
  completedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type FinancialCheck = z.infer<typeof financialCheckSchema>;

export const operatorDepositLimitSchema = z.object({
  currency: z.string(),
  periodDays: z.number().int(),
  amount: z.string(),
  reason: z.string(),
  setAt: z.iso.datetime(),
});

export const financialChecksResponseSchema = z.object({ checks: z.array(financialCheckSchema), operatorDepositLimits: z.array(operatorDepositLimitSchema) });
export type FinancialChecksResponse = z.infer<typeof financialChecksResponseSchema>;
