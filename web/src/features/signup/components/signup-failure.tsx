import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../shared/api/api-failure';
import { FormAlert } from '../../../shared/components/form-fields';
import { translateFieldMessage } from '../../../shared/i18n/field-message';

/** SIGNUP-37, SIGNUP-38: every reason the server gave, under one heading. */
export function SignupFailure({ failure }: { failure: ApiFailure | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  const reasons =
    failure.errors.length > 0
      ? failure.errors.map((error) => translateFieldMessage(error.error, t) ?? error.error)
      : [
          failure.message
            ? (translateFieldMessage(failure.message, t) ?? failure.message)
            : t(failure.httpStatus === null ? 'toast.connectionTimedOut' : 'toast.unknown'),
        ];
  return <FormAlert title={t('signup.failedHeading')} messages={[...new Set(reasons)]} testId="signup-errors" />;
}
