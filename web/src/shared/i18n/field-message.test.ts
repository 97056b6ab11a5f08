import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../../../contracts/platform/accounts/player-fields';
import { en } from './en';
import { fieldMessageKeys } from './field-message';
import { mk } from './mk';

describe('field messages', () => {
  it('SIGNUP-39…44 the English dictionary repeats the contract texts byte for byte, and Macedonian translates them', () => {
    for (const [name, key] of Object.entries(fieldMessageKeys)) {
      expect(en[key]).toBe(fieldMessages[name as keyof typeof fieldMessages]);
      expect(mk[key]).not.toBe(en[key]);
    }
  });
});
