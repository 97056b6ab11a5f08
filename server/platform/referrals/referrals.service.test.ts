import { describe, expect, it } from 'vitest';
import { mailboxOf, referralCodeOf } from './referrals.service';

describe('refer a friend: codes and mailboxes', () => {
  it('a referral code is 16 hex digits, the same for a player wherever computed, different between players', () => {
    const id = '6f1d7c2e-3b7a-4b9e-9a51-0c2d4e5f6a7b';
    expect(referralCodeOf(id)).toMatch(/^[0-9a-f]{16}$/);
    expect(referralCodeOf(id)).toBe(referralCodeOf(id));
    expect(referralCodeOf(id)).not.toBe(referralCodeOf('6f1d7c2e-3b7a-4b9e-9a51-0c2d4e5f6a7c'));
    expect(referralCodeOf(id)).not.toContain(id.slice(0, 8));
  });

  it('one mailbox under its other spellings: letter case, +tags, Gmail dots', () => {
    expect(mailboxOf('Saoirse.Walsh+promo@GMail.com')).toBe(mailboxOf('saoirsewalsh@googlemail.com'));
    expect(mailboxOf('ann+x@example.test')).toBe('ann@example.test');
    // Dots matter outside Gmail.
    expect(mailboxOf('a.nn@example.test')).not.toBe(mailboxOf('ann@example.test'));
  });
});
