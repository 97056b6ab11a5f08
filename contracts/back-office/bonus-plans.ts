import { z } from 'zod';
import { currencySchema } from '../money';
import { bonusProductSchema, productOfKind } from '../platform/bonuses/bonuses';

/**
 * The back office's bonus plan editor (issue 29 item 4, SR 5.1.1(3b): one product per incentive).
 * A plan names the one product its stakes and wagering apply to — CASINO, BINGO or LIVE — or ANY,
 * money spent freely across products, which only a plan with nothing to wager (multiplier 0) is.
 * Its contributions name game kinds of that product only. Money is integer minor units.
 */
const minor = (what: string) =>
  z
    .number({ error: `Enter ${what} in minor units` })
    .int({ message: `${what} is a whole number of minor units` })
    .min(0, { message: `${what} cannot be negative` })
    .max(Number.MAX_SAFE_INTEGER, { message: `${what} is too large` });
const percent = z
  .number({ error: 'Enter a percent' })
  .int({ message: 'A whole percent' })
  .min(0, { message: 'From 0 to 100' })
  .max(100, { message: 'From 0 to 100' });

export const BONUS_PLAN_KINDS = ['DEPOSIT_MATCH', 'CODE', 'FREE_SPINS', 'NO_DEPOSIT'] as const;

export const bonusPlanBodySchema = z
  .object({
    name: z.string({ error: 'Enter a name' }).trim().min(1, { message: 'Enter a name' }).max(200, { message: 'At most 200 characters' }),
    kind: z.enum(BONUS_PLAN_KINDS, { message: 'Choose the kind of plan' }),
    currency: currencySchema,
    /** Required: no default, so an editor always decides it. */
    product: bonusProductSchema,
    /** Deposit match: percent of the deposit granted (a match may be more than 100 %). */
    percentage: z
      .number({ error: 'Enter a percent' })
      .int({ message: 'A whole percent' })
      .min(0, { message: 'From 0 to 1000' })
      .max(1000, { message: 'From 0 to 1000' })
      .default(0),
    capMinor: minor('The cap').refine((value) => value > 0, { message: 'The cap must be more than 0' }),
    minDepositMinor: minor('The minimum deposit').default(0),
    methods: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    firstDepositOnly: z.boolean().default(false),
    code: z
      .string()
      .trim()
      .min(1, { message: 'Enter a code or leave it empty' })
      .max(64, { message: 'A bonus code is at most 64 characters' })
      .regex(/^[A-Za-z0-9_-]+$/, { message: 'Letters, digits, - and _ only' })
      .transform((code) => code.toUpperCase())
      .nullable()
      .default(null),
    wageringMultiplier: z
      .number({ error: 'Enter the wagering multiplier' })
      .int({ message: 'A whole number' })
      .min(0, { message: 'From 0 to 100' })
      .max(100, { message: 'From 0 to 100' }),
    /** Percent of a stake that counts per game kind of the plan's product. */
    contributions: z.record(z.string().min(1).max(32), percent),
    maxStakeMinor: minor('The maximum stake').nullable().default(null),
    validityDays: z
      .number({ error: 'Enter the validity in days' })
      .int({ message: 'A whole number of days' })
      .min(1, { message: 'At least 1 day' })
      .max(365, { message: 'At most 365 days' }),
    contentSlug: z.string().trim().min(1).max(200).nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((plan, context) => {
    if (plan.product === 'ANY' && plan.wageringMultiplier !== 0) {
      context.addIssue({
        code: 'custom',
        path: ['product'],
        message: 'Only a bonus with nothing to wager (wagering multiplier 0) may be spent on any product; choose casino, bingo or live',
      });
    }
    for (const kind of Object.keys(plan.contributions)) {
      const of = productOfKind(kind);
      if (of === undefined || (plan.product !== 'ANY' && of !== plan.product)) {
        context.addIssue({ code: 'custom', path: ['contributions'], message: `${kind} is not a game kind of the plan's product (${plan.product})` });
      }
    }
  });
export type BonusPlanBody = z.input<typeof bonusPlanBodySchema>;

export const bonusPlanViewSchema = z.object({
  planId: z.number().int(),
  name: z.string(),
  kind: z.enum(BONUS_PLAN_KINDS),
  currency: z.string(),
  product: bonusProductSchema,
  percentage: z.number().int(),
  capMinor: z.number().int(),
  minDepositMinor: z.number().int(),
  methods: z.array(z.string()),
  firstDepositOnly: z.boolean(),
  code: z.string().nullable(),
  wageringMultiplier: z.number().int(),
  contributions: z.record(z.string(), z.number().int()),
  maxStakeMinor: z.number().int().nullable(),
  validityDays: z.number().int(),
  contentSlug: z.string().nullable(),
  active: z.boolean(),
});
export type BonusPlanView = z.infer<typeof bonusPlanViewSchema>;
export const bonusPlansResponseSchema = z.object({ plans: z.array(bonusPlanViewSchema) });
export const bonusPlanResponseSchema = z.object({ plan: bonusPlanViewSchema });
export const bonusPlanParamsSchema = z.object({ planId: z.coerce.number().int().positive().max(2_147_483_647, { message: 'No bonus plan with this id' }) });
