import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bonusPlan } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { planDefinitionProblem } from './bonus-figures.service';
import type { BonusPlanRow } from './bonuses.service';

/**
 * Bonus plans as the back office's plan editor writes them (issue 29 item 4). The editor's contract
 * already refuses a plan without a product or with contributions of another product; the same rule
 * runs here again (planDefinitionProblem), so no caller of the module stores a plan that mixes
 * products (SR 5.1.1(3b)). A code is unique among plans (400 naming `code`).
 */
export type PlanDefinition = Omit<typeof bonusPlan.$inferInsert, 'id' | 'createdAt'>;

export function allPlans(db: Db): Promise<BonusPlanRow[]> {
  return db.select().from(bonusPlan).orderBy(asc(bonusPlan.id));
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

const codeTaken = () =>
  new AppError('VALIDATION_ERROR', 'code: Another bonus plan has this code', [{ field: 'code', error: 'Another bonus plan has this code' }]);

/** Creates (no `planId`) or replaces a plan's definition, in the caller's transaction; 404 for an unknown id. */
export async function savePlan(tx: Db, definition: PlanDefinition, planId?: number): Promise<BonusPlanRow> {
  const problem = planDefinitionProblem({
    contributions: definition.contributions,
    product: definition.product ?? 'CASINO',
    wageringMultiplier: definition.wageringMultiplier,
  });
  if (problem) throw new AppError('VALIDATION_ERROR', `${problem.field}: ${problem.error}`, [problem]);
  if (definition.code) {
    const [other] = await tx
      .select({ id: bonusPlan.id })
      .from(bonusPlan)
      .where(planId === undefined ? eq(bonusPlan.code, definition.code) : and(eq(bonusPlan.code, definition.code), ne(bonusPlan.id, planId)));
    if (other) throw codeTaken();
  }
  try {
    const [row] =
      planId === undefined
        ? await tx.insert(bonusPlan).values(definition).returning()
        : await tx.update(bonusPlan).set(definition).where(eq(bonusPlan.id, planId)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'No bonus plan with this id', [{ field: 'planId', error: 'No bonus plan with this id' }]);
    return row;
  } catch (error) {
    // Two editors saving one code at once: the unique index decides.
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}
