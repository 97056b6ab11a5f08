import type { TFunction } from 'i18next';
import type { ApiFailure } from '../../../shared/api/api-failure';

/**
 * The text of the red box (SESS-18, SESS-30): the catalogue statuses the portal knows are shown in
 * the player's language, anything else as the server wrote it.
 */
export function authFailureText(failure: ApiFailure, t: TFunction): string {
  switch (failure.status) {
    case 'INVALID_CREDENTIALS':
      return t('login.invalidCredentials');
    case 'INVALID_RESET_KEY':
      return t('login.invalidResetKey');
    case 'TOO_MANY_REQUESTS':
      return failure.message ?? t('login.tooManyAttempts');
    default:
      if (failure.errors.length > 0) return failure.errors.map((error) => error.error).join(' ');
      if (failure.message) return failure.message;
      return t(failure.httpStatus === null ? 'toast.connectionTimedOut' : 'toast.unknown');
  }
}
