import type { TFunction } from 'i18next';
import { updatePasswordMessages } from '../../../../contracts/platform/accounts/update-password';
import type { ApiFailure } from '../../shared/api/api-failure';
import { translateFieldMessage } from '../../shared/i18n/field-message';

/** The account refusals with their own words in each language; anything else as the server said it. */
const byStatus = {
  WRONG_PASSWORD: 'account.password.wrong',
  READ_ONLY_FIELD: 'account.contact.readOnly',
  EMAIL_IN_USE: 'account.contact.emailInUse',
} as const;

/** ACC-16, ACC-22: the first error of a failed save, in the player's language where we have it. */
export function accountFailureText(failure: ApiFailure, t: TFunction): string {
  const known = failure.status && failure.status in byStatus ? byStatus[failure.status as keyof typeof byStatus] : null;
  if (known) return t(known);
  const first = failure.errors[0]?.error ?? failure.message ?? undefined;
  if (first === updatePasswordMessages.same) return t('account.password.same');
  return translateFieldMessage(first, t) || t('account.loadFailed');
}
