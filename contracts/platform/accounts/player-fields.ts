import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Field rules of sign-up and login, used by the portal's forms and by the server alike, with the
 * spec's texts (SIGNUP-39…47, DEF-22, DEF-24).
 */
export const fieldMessages = {
  username: 'Username must be at least 8 characters',
  usernameCharacters: 'Username may contain only letters, numbers, dots, dashes and underscores',
  password: 'Password must be at least 8 characters and contain both letters and numbers',
  passwordCommon: 'This password is too common, please choose another',
  email: 'Please enter a valid email',
  ipaddress: 'Signup is not allowed from your jurisdiction.',
  belowMinimumAge: 'You are below the minimum age',
  birthDate: 'Please enter a valid date of birth',
  duplicate: 'We were unable to create your account, please contact support and quote error code DA.',
  mandatoryConsents: 'Please accept the terms and conditions and the privacy policy',
  required: 'This field is required',
  mobile: 'Please enter a valid mobile number',
  eircode: 'Please enter a valid Eircode',
  country: 'Please choose a country',
} as const;

/** NS-03: the minimum age. */
export const MINIMUM_AGE = 18;
export const USERNAME_MIN_LENGTH = 8;
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Passwords that satisfy the length and character rules but are among the most used (DEF-24).
 * Compared lower-cased.
 */
const commonPasswords = new Set([
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd1',
  'p4ssw0rd',
  'qwerty123',
  'qwerty1234',
  'abc12345',
  'abcd1234',
  'abc123456',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'zaq12wsx',
  'iloveyou1',
  'welcome1',
  'welcome123',
  'letmein1',
  'monkey123',
  'dragon123',
  'football1',
  'baseball1',
  'sunshine1',
  'princess1',
  'trustno1',
  'master123',
  'admin123',
  'administrator1',
  'changeme1',
  'test1234',
  'a1b2c3d4',
  'asdf1234',
  'qazwsx123',
  'superman1',
  'batman123',
  'michael1',
  'shadow123',
  'jennifer1',
  'liverpool1',
  'chelsea1',
  'arsenal1',
  'celtic1',
  'dublin123',
  'ireland1',
  'london123',
  'summer2024',
  'winter2024',
  'spring2025',
  'summer2025',
  'autumn2025',
  'emerald1',
  'emerald123',
  'casino123',
  'bingo123',
]);

export const usernameSchema = z
  .string({ message: fieldMessages.username })
  .trim()
  .min(USERNAME_MIN_LENGTH, { message: fieldMessages.username })
  .max(32, { message: 'Username must be at most 32 characters' })
  .regex(/^[A-Za-z0-9._-]+$/, { message: fieldMessages.usernameCharacters });

export const passwordSchema = z
  .string({ message: fieldMessages.password })
  .min(PASSWORD_MIN_LENGTH, { message: fieldMessages.password })
  .max(128, { message: 'Password must be at most 128 characters' })
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), { message: fieldMessages.password })
  .refine((value) => !commonPasswords.has(value.toLowerCase()), { message: fieldMessages.passwordCommon });

export const emailSchema = z
  .string({ message: fieldMessages.email })
  .trim()
  .max(254, { message: fieldMessages.email })
  .pipe(z.email({ message: fieldMessages.email }));

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC calendar dates). */
export function ageOn(birthDate: string, today: Date): number {
  const [year = 0, month = 0, day = 0] = birthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** SIGNUP-14, SIGNUP-43, SIGNUP-47: YYYY-MM-DD, a real date, at least MINIMUM_AGE years ago, not absurdly old. */
export const birthDateSchema = (today: () => Date = () => new Date()) =>
  z
    .string({ message: fieldMessages.birthDate })
    .refine(isCalendarDate, { message: fieldMessages.birthDate })
    .refine((value) => !isCalendarDate(value) || ageOn(value, today()) >= MINIMUM_AGE, { message: fieldMessages.belowMinimumAge })
    .refine((value) => !isCalendarDate(value) || ageOn(value, today()) <= 120, { message: fieldMessages.birthDate });

/** DEF-22: the year choices offered, newest first: only years in which a player can already be 18. */
export function birthYearChoices(today: Date = new Date()): number[] {
  const newest = today.getUTCFullYear() - MINIMUM_AGE;
  return Array.from({ length: 101 - MINIMUM_AGE }, (_, index) => newest - index);
}

export const genderSchema = z.enum(['M', 'F', 'X'], { message: fieldMessages.required });
export { currencySchema, type Currency } from '../../money';
export const countryCodeSchema = z.string({ message: fieldMessages.country }).regex(/^[A-Z]{2}$/, { message: fieldMessages.country });

/** Irish Eircode: a routing key (letter, two digits, or D6W) and a four-character unique identifier. */
export const EIRCODE_PATTERN = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?[0-9AC-FHKNPRTV-Y]{4}$/i;

/** SIGNUP-28: the mobile as sent: the dial code without '+' followed by the national number. */
export const mobileSchema = z
  .string({ message: fieldMessages.mobile })
  .trim()
  .regex(/^\d{6,15}$/, { message: fieldMessages.mobile, abort: true })
  .refine((value) => isValidPhoneNumber(`+${value}`), { message: fieldMessages.mobile });

export const requiredText = (max = 100) =>
  z
    .string({ message: fieldMessages.required })
    .trim()
    .min(1, { message: fieldMessages.required })
    .max(max, { message: `Must be at most ${max} characters` });

export const optionalText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
