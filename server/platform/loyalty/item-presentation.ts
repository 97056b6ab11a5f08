import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { loyaltyItem } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { LoyaltyItemRow } from './loyalty.service';

/**
 * A shop item's player-facing side, which the content service lets staff edit (issue 15 Content):
 * its descriptions in English and Macedonian, brand, picture, whether it is offered and its place
 * in the shop. What it costs and what it gives (price in points, kind, currency, bonus plan and
 * amount, free spins and game) are the loyalty programme's money rules: they are not presentation,
 * nothing here writes them, and the content service shows them read-only.
 */
export interface LoyaltyItemPresentation {
  description?: string;
  /** null: the shop shows the English description in Macedonian too. */
  descriptionMk?: string | null;
  brand?: string;
  imageUrl?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  sortOrder?: number;
}

/** The fields of a shop item that are money rules, for callers that show them and refuse writes to them. */
export const LOYALTY_RULE_FIELDS = ['type', 'price', 'currency', 'bonusPlanId', 'bonusAmount', 'freeSpins', 'gameId', 'itemCode'] as const;

export class InvalidPresentationError extends AppError {
  constructor(
    readonly field: keyof LoyaltyItemPresentation,
    error: string,
  ) {
    super('VALIDATION_ERROR', `Invalid value for ${field}: ${error}`, [{ field, error }]);
  }
}

function check(changes: LoyaltyItemPresentation): void {
  const text = (field: 'description' | 'brand', value: string | undefined, max: number) => {
    if (value !== undefined && (value.trim() === '' || value.length > max)) throw new InvalidPresentationError(field, `must be 1 to ${max} characters`);
  };
  text('description', changes.description, 300);
  text('brand', changes.brand, 100);
  if (changes.descriptionMk != null && (changes.descriptionMk.trim() === '' || changes.descriptionMk.length > 300))
    throw new InvalidPresentationError('descriptionMk', 'must be 1 to 300 characters');
  if (changes.imageUrl !== undefined && (changes.imageUrl === '' || changes.imageUrl.length > 500))
    throw new InvalidPresentationError('imageUrl', 'must be an address of at most 500 characters');
  if (changes.status !== undefined && changes.status !== 'ACTIVE' && changes.status !== 'INACTIVE')
    throw new InvalidPresentationError('status', 'must be ACTIVE or INACTIVE');
  if (changes.sortOrder !== undefined && (!Number.isInteger(changes.sortOrder) || Math.abs(changes.sortOrder) > 1_000_000))
    throw new InvalidPresentationError('sortOrder', 'must be a whole number');
}

/** Every shop item, offered or not, in shop order (the editor's list). */
export function allLoyaltyItems(db: Db): Promise<LoyaltyItemRow[]> {
  return db.select().from(loyaltyItem).orderBy(asc(loyaltyItem.sortOrder), asc(loyaltyItem.id));
}

export async function loyaltyItemById(db: Db, id: number): Promise<LoyaltyItemRow | undefined> {
  const [row] = await db.select().from(loyaltyItem).where(eq(loyaltyItem.id, id));
  return row;
}

/** Changes an item's presentation (validated); undefined when there is no such item. */
export async function updateLoyaltyItemPresentation(db: Db, id: number, changes: LoyaltyItemPresentation): Promise<LoyaltyItemRow | undefined> {
  check(changes);
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(loyaltyItem)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(loyaltyItem.id, id))
    .returning();
  return row;
}
