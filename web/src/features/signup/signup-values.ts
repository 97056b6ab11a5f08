import { parsePhoneNumberFromString, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import type { MarketingChannel, OfferedMarketingProduct } from '../../../../contracts/platform/marketing/marketing-consents';
import {
  birthDateSchema,
  EIRCODE_PATTERN,
  emailSchema,
  fieldMessages,
  passwordSchema,
  requiredText,
  optionalText,
  usernameSchema,
} from '../../../../contracts/platform/accounts/player-fields';
import type { QuickSignupCompletionRequest } from '../../../../contracts/platform/accounts/quick-signup-completion';
import type { QuickSignupRequest } from '../../../../contracts/platform/accounts/quick-signup';

/** SIGNUP-14, NS-16: YYYY-MM-DD, zero-padded. */
export function toBirthDate({ day, month, year }: { day: string; month: string; year: string }): string {
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const chosen = z.string().min(1, { message: fieldMessages.birthDate });

/** Sign-up step 1 as the form holds it (SIGNUP-30), checked by the contract's own field rules. */
export const joinFormSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    password: passwordSchema,
    day: chosen,
    month: chosen,
    year: chosen,
    receiveEmail: z.boolean(),
  })
  .superRefine((values, context) => {
    if (!values.day || !values.month || !values.year) return;
    const checked = birthDateSchema().safeParse(toBirthDate(values));
    if (!checked.success) context.addIssue({ code: 'custom', path: ['day'], message: checked.error.issues[0]?.message ?? fieldMessages.birthDate });
  });
export type JoinFormInput = z.input<typeof joinFormSchema>;
export type JoinFormValues = z.output<typeof joinFormSchema>;

export interface TrackingCookies {
  referralId?: string | undefined;
  affiliate?: string | undefined;
}

/**
 * SIGNUP-51: the affiliate cookie carries ClickId and affId, either as JSON or as a query string
 * (`ClickId=…&affId=…`); anything else is ignored.
 */
export function userTrackingCodes(affiliate: string | undefined): QuickSignupRequest['userTrackingCodes'] {
  if (!affiliate) return undefined;
  let fields: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(affiliate);
    if (typeof parsed === 'object' && parsed !== null) fields = parsed as Record<string, unknown>;
  } catch {
    fields = Object.fromEntries(new URLSearchParams(affiliate));
  }
  const pick = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string).slice(0, 200) : undefined);
  const ClickId = pick('ClickId');
  const affId = pick('affId');
  if (!ClickId && !affId) return undefined;
  return { ...(ClickId ? { ClickId } : {}), ...(affId ? { affId } : {}) };
}

/** SIGNUP-12…16, SIGNUP-50, SIGNUP-51: the quickSignup body. */
export function toQuickSignupRequest(
  values: JoinFormValues,
  consents: readonly number[],
  marketingBoxes: readonly string[],
  cookies: TrackingCookies,
): QuickSignupRequest {
  const referralId = cookies.referralId?.trim().slice(0, 64);
  const tracking = userTrackingCodes(cookies.affiliate);
  return {
    username: values.username,
    password: values.password,
    email: values.email,
    birthDate: toBirthDate(values),
    currency: 'EUR',
    receiveEmail: values.receiveEmail,
    consents: [...consents],
    // Boxes as `PRODUCT:CHANNEL` (the matrix's keys); the server checks each against the offered products and channels.
    marketingConsents: marketingBoxes.map((box) => {
      const [product = '', channel = ''] = box.split(':');
      return { product, channel } as { product: OfferedMarketingProduct; channel: MarketingChannel };
    }),
    ...(referralId ? { referralId } : {}),
    ...(tracking ? { userTrackingCodes: tracking } : {}),
  };
}

export const genders = { MALE: 'M', FEMALE: 'F', OTHER: 'X' } as const;
export type GenderChoice = keyof typeof genders;

/** Sign-up step 2 as the form holds it (SIGNUP-30): house number, street, townland/city, county, eircode, country. */
export const contactFormSchema = z
  .object({
    firstname: requiredText(60),
    lastname: requiredText(60),
    mobileCountry: z.string().regex(/^[A-Z]{2}$/, { message: fieldMessages.country }),
    mobile: requiredText(20),
    occupation: requiredText(100),
    gender: z.enum(['MALE', 'FEMALE', 'OTHER'], { message: fieldMessages.required }),
    manualBuilding: optionalText(60),
    manualAddress: requiredText(120),
    manualCity: requiredText(60),
    manualCounty: requiredText(60),
    manualPostCode: optionalText(16),
    manualCountry: z.string().regex(/^[A-Z]{2}$/, { message: fieldMessages.country }),
  })
  .superRefine((values, context) => {
    if (values.mobile && nationalMobile(values.mobileCountry, values.mobile) === null) {
      context.addIssue({ code: 'custom', path: ['mobile'], message: fieldMessages.mobile });
    }
    if (values.manualCountry === 'IE' && values.manualPostCode && !EIRCODE_PATTERN.test(values.manualPostCode)) {
      context.addIssue({ code: 'custom', path: ['manualPostCode'], message: fieldMessages.eircode });
    }
  });
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/** The national number of a valid phone number in the chosen country, or null. */
export function nationalMobile(country: string, phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() ? parsed.nationalNumber : null;
}

/** SIGNUP-28: the dial code without '+' followed by the national number. */
export function toMobile(country: string, phone: string): string {
  const national = nationalMobile(country, phone) ?? phone.replace(/\D/g, '');
  return `${getCountryCallingCode(country as CountryCode)}${national}`;
}

/** SIGNUP-29, SIGNUP-32, SIGNUP-33, NS-17, DEF-02: the quickSignupCompletion body, chosen values only. */
export function toCompletionRequest(values: ContactFormValues): QuickSignupCompletionRequest {
  return {
    firstName: values.firstname,
    lastName: values.lastname,
    gender: genders[values.gender],
    profession: values.occupation,
    ...(values.manualBuilding ? { building: values.manualBuilding } : {}),
    address: values.manualAddress,
    municipality: values.manualCounty,
    city: values.manualCity,
    ...(values.manualPostCode ? { postalCode: values.manualPostCode.toUpperCase() } : {}),
    country: values.manualCountry,
    mobile: toMobile(values.mobileCountry, values.mobile),
  };
}
