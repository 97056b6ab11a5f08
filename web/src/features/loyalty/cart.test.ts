import { describe, expect, it } from 'vitest';
import { addToCart, cartCount, cartLines, cartTotal, MAX_QUANTITY, removeFromCart, setQuantity } from './cart';

const item = (itemCode: string, price: number) => ({
  itemCode,
  price,
  imageUrl: '',
  description: itemCode,
  brand: 'Emerald',
  loyaltyItemStatus: 'ACTIVE' as const,
  type: 'MERCHANDISE' as const,
  updateDate: '',
  freespin: false,
  noOfFreespin: 0,
  bonusAmount: null,
  currency: null,
});

describe('the loyalty cart (LOY-04, LOY-06)', () => {
  it('adding an item twice counts it twice; the total is the sum of prices times quantities', () => {
    let cart = addToCart([], 'MUG');
    cart = addToCart(cart, 'CAP');
    cart = addToCart(cart, 'MUG');
    expect(cart).toEqual([
      { itemCode: 'MUG', quantity: 2 },
      { itemCode: 'CAP', quantity: 1 },
    ]);
    expect(cartCount(cart)).toBe(3);
    const lines = cartLines(cart, [item('MUG', 300), item('CAP', 450)]);
    expect(cartTotal(lines)).toBe(1_050);
  });

  it('a line whose item left the shop is dropped from the total; quantities stay within 1…20', () => {
    const cart = [
      { itemCode: 'MUG', quantity: 1 },
      { itemCode: 'GONE', quantity: 4 },
    ];
    expect(cartTotal(cartLines(cart, [item('MUG', 300)]))).toBe(300);
    expect(setQuantity(cart, 'MUG', 99)[0]?.quantity).toBe(MAX_QUANTITY);
    expect(setQuantity(cart, 'MUG', 0)).toEqual([{ itemCode: 'GONE', quantity: 4 }]);
    expect(removeFromCart(cart, 'GONE')).toEqual([{ itemCode: 'MUG', quantity: 1 }]);
  });
});
