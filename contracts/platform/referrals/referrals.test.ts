import { describe, expect, it } from 'vitest';
import { joinReferralFields, referFriendBodySchema, splitAddresses } from './referrals';

describe('refer a friend fields (REF-07)', () => {
  it('joins the non-empty fields with commas, each field holding addresses one per line or comma-separated', () => {
    expect(joinReferralFields(['a@x.test', '', 'b@x.test\nc@x.test', ' d@x.test , e@x.test '])).toBe('a@x.test,b@x.test,c@x.test,d@x.test,e@x.test');
    expect(joinReferralFields(['', '  ', '\n', ''])).toBe('');
  });

  it('splits the joined value into the addresses typed', () => {
    expect(splitAddresses('a@x.test, b@x.test;c@x.test\r\n\nd@x.test,,')).toEqual(['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test']);
  });

  it('refuses a value without any address, naming emails', () => {
    const refused = referFriendBodySchema.safeParse({ emails: ' ,\n, ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['emails']);
    expect(referFriendBodySchema.safeParse({ emails: 'a@x.test' }).success).toBe(true);
  });
});
