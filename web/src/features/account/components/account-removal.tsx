import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REMOVAL_BLOCK_FIELDS } from '../../../../../contracts/platform/accounts/account-removal';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { Field, PasswordInput } from '../../../shared/components/form-fields';
import { sessionQueryKey, signedOut } from '../../../shared/session/api/check-session-alive';
import { homeAddress } from '../../../shared/session/api/logout';
import { useRequestAccountRemoval } from '../api/request-account-removal';
import { accountFailureText } from '../failure-text';

/**
 * Close account (issue 29 item 9): the player asks to be removed from the account-holder register.
 * A first button opens the confirm step, which says what happens and takes the password; the
 * removal is done at once, or refused while the account holds money or a withdrawal is under way.
 * Once done the session is gone: the portal forgets it and offers the home page.
 */
export function AccountRemoval() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const removal = useRequestAccountRemoval();
  const failure = removal.error ? describeApiFailure(removal.error) : null;
  const blockedField = failure?.status === 'ACCOUNT_REMOVAL_BLOCKED' ? failure.errors[0]?.field : undefined;
  const failureText = failure
    ? blockedField === REMOVAL_BLOCK_FIELDS.PENDING_WITHDRAWAL
      ? t('account.removal.withdrawal')
      : blockedField
        ? t('account.removal.balance')
        : accountFailureText(failure, t)
    : null;

  if (removal.isSuccess) {
    return (
      <section className="account-section" aria-labelledby="account-removal" data-testid="account-removal">
        <h2 id="account-removal" className="account-section__title">
          {t('account.removal.title')}
        </h2>
        <div className="form-success" role="status" data-testid="account-removal-done">
          <p>{t('account.removal.done')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              queryClient.setQueryData(sessionQueryKey, signedOut);
              window.location.assign(homeAddress());
            }}
          >
            {t('account.removal.home')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="account-section" aria-labelledby="account-removal" data-testid="account-removal">
      <h2 id="account-removal" className="account-section__title">
        {t('account.removal.title')}
      </h2>
      <p>{t('account.removal.intro')}</p>
      {confirming ? (
        <form
          className="form account-removal-form"
          noValidate
          data-testid="account-removal-form"
          onSubmit={(event) => {
            event.preventDefault();
            removal.mutate({ confirm: true, password });
          }}
        >
          <p className="form-alert" role="note">
            {t('account.removal.confirmText')}
          </p>
          {failureText ? (
            <p className="form-alert" role="alert" data-testid="account-removal-error">
              {failureText}
            </p>
          ) : null}
          <Field label={t('account.removal.password')} required>
            {(control) => (
              <PasswordInput
                {...control}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                data-testid="account-removal-password"
              />
            )}
          </Field>
          <div className="account-removal-form__actions">
            <button type="submit" className="button button--primary" disabled={!password || removal.isPending} data-testid="account-removal-confirm">
              {removal.isPending ? t('account.removal.removing') : t('account.removal.confirm')}
            </button>
            <button
              type="button"
              className="form__link-button"
              onClick={() => {
                setConfirming(false);
                setPassword('');
                removal.reset();
              }}
            >
              {t('account.removal.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)} data-testid="account-removal-start">
          {t('account.removal.start')}
        </button>
      )}
    </section>
  );
}
