import type { TFunction } from 'i18next';
import { fieldMessages } from '../../../../contracts/platform/accounts/player-fields';
import type { TranslationKey } from './en';

type FieldMessageName = keyof typeof fieldMessages;

/** The dictionary key of each field message of the contracts (SIGNUP-39…44); English repeats the contract's text. */
export const fieldMessageKeys = {
  username: 'fieldErrors.username',
  usernameCharacters: 'fieldErrors.usernameCharacters',
  password: 'fieldErrors.password',
  passwordCommon: 'fieldErrors.passwordCommon',
  email: 'fieldErrors.email',
  ipaddress: 'fieldErrors.ipaddress',
  belowMinimumAge: 'fieldErrors.belowMinimumAge',
  birthDate: 'fieldErrors.birthDate',
  duplicate: 'fieldErrors.duplicate',
  mandatoryConsents: 'fieldErrors.mandatoryConsents',
  required: 'fieldErrors.required',
  mobile: 'fieldErrors.mobile',
  eircode: 'fieldErrors.eircode',
  country: 'fieldErrors.country',
} as const satisfies Record<FieldMessageName, TranslationKey>;

const byText = new Map<string, TranslationKey>(
  (Object.keys(fieldMessageKeys) as FieldMessageName[]).map((name) => [fieldMessages[name], fieldMessageKeys[name]]),
);

/**
 * A field message from the contracts (whether the form's own check or the server wrote it) in the
 * player's language; any other text is shown as it came.
 */
export function translateFieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (message === undefined) return undefined;
  const key = byText.get(message);
  return key ? t(key) : message;
}
