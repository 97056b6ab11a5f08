import type { LoyaltyItem } from '../../../../contracts/platform/loyalty/loyalty';

/**
 * The loyalty cart (LOY-04…06, NS-05): item codes with quantities, kept in the browser until the
 * checkout pays them. Prices come from the shop's current items, so the total is always what the
 * server will charge.
 */
export interface CartLine {
  itemCode: string;
  quantity: number;
}

/** At most this many of one item (the checkout's own limit). */
export const MAX_QUANTITY = 20;

export function addToCart(cart: readonly CartLine[], itemCode: string): CartLine[] {
  const line = cart.find((entry) => entry.itemCode === itemCode);
  if (!line) return [...cart, { itemCode, quantity: 1 }];
  return cart.map((entry) => (entry.itemCode === itemCode ? { ...entry, quantity: Math.min(MAX_QUANTITY, entry.quantity + 1) } : entry));
}

export function setQuantity(cart: readonly CartLine[], itemCode: string, quantity: number): CartLine[] {
  if (!Number.isInteger(quantity) || quantity < 1) return removeFromCart(cart, itemCode);
  return cart.map((entry) => (entry.itemCode === itemCode ? { ...entry, quantity: Math.min(MAX_QUANTITY, quantity) } : entry));
}

export function removeFromCart(cart: readonly CartLine[], itemCode: string): CartLine[] {
  return cart.filter((entry) => entry.itemCode !== itemCode);
}

/** The cart's lines with their items; a line whose item left the shop is dropped. */
export function cartLines(cart: readonly CartLine[], items: readonly LoyaltyItem[]): (CartLine & { item: LoyaltyItem })[] {
  return cart.flatMap((line) => {
    const item = items.find((entry) => entry.itemCode === line.itemCode);
    return item ? [{ ...line, item }] : [];
  });
}

/** LOY-06: the sum of the lines' prices times their quantities. */
export const cartTotal = (lines: readonly (CartLine & { item: Pick<LoyaltyItem, 'price'> })[]): number =>
  lines.reduce((sum, line) => sum + line.item.price * line.quantity, 0);

export const cartCount = (cart: readonly CartLine[]): number => cart.reduce((sum, line) => sum + line.quantity, 0);

const STORAGE_KEY = 'emerald.loyaltyCart';

export function loadCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((line): line is CartLine => typeof line?.itemCode === 'string' && Number.isInteger(line?.quantity) && line.quantity >= 1)
      .map((line) => ({ itemCode: line.itemCode, quantity: Math.min(MAX_QUANTITY, line.quantity) }));
  } catch {
    return [];
  }
}

export function saveCart(cart: readonly CartLine[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Storage full or refused (private mode): the cart lives for this page only.
  }
}
