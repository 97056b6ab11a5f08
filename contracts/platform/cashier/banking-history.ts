import { z } from 'zod';

const isoDate = z.iso.date({ message: 'Use the format YYYY-MM-DD' });

/** GET /ps/getBankingHistory (HIST-04): one calendar month, newest first. */
export const getBankingHistoryQuerySchema = z
  .object({ startDate: isoDate, endDate: isoDate, order: z.enum(['DESC', 'ASC']).default('DESC') })
  .refine((query) => query.startDate <= query.endDate, { message: 'startDate must not be after endDate', path: ['startDate'] })
  .refine((query) => Date.parse(query.endDate) - Date.parse(query.startDate) <= 31 * 86_400_000, {
    message: 'The range can be at most one month',
    path: ['endDate'],
  });

export const bankingHistoryRowSchema = z.object({
  id: z.string(),
  /** ISO timestamp. */
  requestDate: z.string(),
  type: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  paymentMethod: z.string(),
  amount: z.number(),
  status: z.string(),
  currency: z.string(),
});
export type BankingHistoryRow = z.infer<typeof bankingHistoryRowSchema>;
export const getBankingHistoryResponseSchema = z.object({ status: z.literal('SUCCESS'), histories: z.array(bankingHistoryRowSchema) });
