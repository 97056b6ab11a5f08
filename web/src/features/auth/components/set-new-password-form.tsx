import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgotPasswordStep3RequestSchema, type ForgotPasswordStep3Request } from '../../../../../contracts/platform/accounts/password-reset';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { Field, FormAlert, FormSuccess, PasswordInput } from '../../../shared/components/form-fields';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { forgotPasswordStep3 } from '../api/forgot-password-step3';
import { authFailureText } from './auth-failure';

/** Set a new password, step 3 (SESS-28…30); a reset link fills the key and the e-mail (NAV-05). */
export function SetNewPasswordForm({ reset }: { reset: { key: string; email: string } | undefined }) {
  const { t } = useTranslation();
  const { show } = useSidebars();
  const { register, handleSubmit, control, formState } = useForm<ForgotPasswordStep3Request>({
    resolver: zodResolver(forgotPasswordStep3RequestSchema),
    defaultValues: { email: reset?.email ?? '', resetPasswordKey: reset?.key ?? '', newPassword: '' },
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const mutation = useMutation({ mutationFn: forgotPasswordStep3 });

  if (mutation.isSuccess) {
    return (
      <div className="form">
        <FormSuccess testId="reset-password-done">
          <p>{t('login.resetDone')}</p>
        </FormSuccess>
        <button type="button" className="button button--primary button--block button--large" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
          {t('login.returnToLogin')}
        </button>
      </div>
    );
  }

  const filled = Boolean(values.email?.trim() && values.resetPasswordKey?.trim() && values.newPassword);
  const failure = mutation.isError ? authFailureText(describeApiFailure(mutation.error), t) : null;
  return (
    <form className="form" noValidate onSubmit={handleSubmit((request) => mutation.mutate(request))} data-testid="reset-password-form">
      <p className="auth-sidebar__lead">{t('login.resetLead')}</p>
      <FormAlert messages={failure ? [failure] : []} testId="reset-password-error" />
      <Field label={t('form.email')} error={formState.errors.email?.message}>
        {(control) => <input {...control} {...register('email')} className="input" type="email" autoComplete="email" />}
      </Field>
      <Field label={t('login.resetKey')} error={formState.errors.resetPasswordKey?.message}>
        {(control) => <input {...control} {...register('resetPasswordKey')} className="input" autoComplete="one-time-code" spellCheck={false} />}
      </Field>
      <Field label={t('login.newPassword')} error={formState.errors.newPassword?.message} hint={t('form.passwordHint')}>
        {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
      </Field>
      <button type="submit" className="button button--primary button--block button--large" disabled={!filled || mutation.isPending}>
        {t('login.resetSubmit')}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
        {t('login.backToLogin')}
      </button>
    </form>
  );
}
