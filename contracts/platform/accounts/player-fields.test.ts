import { describe, expect, it } from 'vitest';
import { ageOn, birthDateSchema, birthYearChoices, EIRCODE_PATTERN, fieldMessages, mobileSchema, passwordSchema, usernameSchema } from './player-fields';

const today = new Date('2026-11-21T12:00:00Z');
const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('sign-up field rules', () => {
  it('SIGNUP-39 SIGNUP-45 rejects a username shorter than 8 characters with the spec text', () => {
    expect(firstError(usernameSchema.safeParse('seven77'))).toBe('Username must be at least 8 characters');
    expect(usernameSchema.safeParse('eightchr').success).toBe(true);
  });

  it('SIGNUP-40 DEF-24 requires 8 characters with letters and numbers', () => {
    expect(firstError(passwordSchema.safeParse('abc123'))).toBe(fieldMessages.password);
    expect(firstError(passwordSchema.safeParse('abcdefgh'))).toBe(fieldMessages.password);
    expect(firstError(passwordSchema.safeParse('12345678'))).toBe(fieldMessages.password);
    expect(passwordSchema.safeParse('green4tables').success).toBe(true);
  });

  it('DEF-24 rejects common passwords', () => {
    expect(firstError(passwordSchema.safeParse('Password123'))).toBe(fieldMessages.passwordCommon);
  });

  it('SIGNUP-43 SIGNUP-47 NS-03 rejects a birth date less than 18 years ago', () => {
    const schema = birthDateSchema(() => today);
    expect(firstError(schema.safeParse('2008-11-22'))).toBe('You are below the minimum age');
    expect(schema.safeParse('2008-11-21').success).toBe(true);
    expect(firstError(schema.safeParse('2001-02-30'))).toBe(fieldMessages.birthDate);
  });

  it('counts age in whole years around the birthday', () => {
    expect(ageOn('2000-11-21', today)).toBe(26);
    expect(ageOn('2000-11-22', today)).toBe(25);
  });

  it('DEF-22 offers only years in which a player can already be 18', () => {
    const years = birthYearChoices(today);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1926);
  });

  it('SIGNUP-28 validates the mobile number for its dial code', () => {
    expect(mobileSchema.safeParse('353871234567').success).toBe(true);
    expect(mobileSchema.safeParse('447911123456').success).toBe(true);
    expect(firstError(mobileSchema.safeParse('3531'))).toBe(fieldMessages.mobile);
  });

  it('validates Irish Eircodes', () => {
    for (const code of ['D02 X285', 'A65F4E2', 'D6W 1234', 't12 ae34']) expect(EIRCODE_PATTERN.test(code), code).toBe(true);
    for (const code of ['D02', 'B12 3456', 'SW1A 1AA']) expect(EIRCODE_PATTERN.test(code), code).toBe(false);
  });
});
