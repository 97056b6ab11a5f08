import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, PasswordInput } from '../../../shared/components/form-fields';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { accountFailureText } from '../failure-text';
import { useUpdatePassword } from '../api/update-password';

/**
 * ACC-12…17: current and new password; Save needs both (ACC-13). Success says so and resets the
 * area (ACC-15); a failure shows the first error of the answer in a red box (ACC-16).
 */
export function PasswordChange({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [done, setDone] = useState(false);
  const update = useUpdatePassword();
  const failure = update.error ? describeApiFailure(update.error) : null;
  const failureText = failure ? accountFailureText(failure, t) : null;

  return (
    <form
      className="form account-password-form"
      noValidate
      data-testid="password-form"
      onSubmit={(event) => {
        event.preventDefault();
        setDone(false);
        update.mutate(
          { oldPassword, newPassword },
          {
            onSuccess: () => {
              setOldPassword('');
              setNewPassword('');
              setDone(true);
            },
          },
        );
      }}
    >
      {done ? (
        <div className="form-success" role="status" data-testid="password-success">
          <p>{t('account.password.success')}</p>
          <button type="button" className="form__link-button" onClick={onDone}>
            {t('account.password.close')}
          </button>
        </div>
      ) : null}
      {failureText ? (
        <p className="form-alert" role="alert" data-testid="password-error">
          {failureText}
        </p>
      ) : null}
      <div className="form__row">
        <Field label={t('account.password.current')} required>
          {(control) => (
            <PasswordInput
              {...control}
              value={oldPassword}
              onChange={(event) => setOldPassword(event.target.value)}
              autoComplete="current-password"
              data-testid="password-current"
            />
          )}
        </Field>
        <Field label={t('account.password.new')} hint={t('account.password.hint')} required>
          {(control) => (
            <PasswordInput
              {...control}
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              autoComplete="new-password"
              data-testid="password-new"
            />
          )}
        </Field>
      </div>
      <button
        type="submit"
        className="button button--primary account-section__save"
        disabled={!oldPassword || !newPassword || update.isPending}
        data-testid="password-save"
      >
        {update.isPending ? t('account.password.saving') : t('account.password.save')}
      </button>
    </form>
  );
}
