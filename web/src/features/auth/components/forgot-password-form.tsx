import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { forgotPasswordStep1And2RequestSchema } from '../../../../../contracts/platform/accounts/password-reset';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { Field, FormAlert, FormSuccess } from '../../../shared/components/form-fields';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { forgotPasswordStep1And2 } from '../api/forgot-password-step1-and-2';
import { authFailureText } from './auth-failure';

type ForgotValues = z.input<typeof forgotPasswordStep1And2RequestSchema>;

/** Forgot password, steps 1 and 2 (SESS-26, SESS-27, SESS-30). */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { show } = useSidebars();
  const { register, handleSubmit, control, formState } = useForm<ForgotValues>({
    resolver: zodResolver(forgotPasswordStep1And2RequestSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const email = useWatch({ control, name: 'email' });
  const mutation = useMutation({ mutationFn: (values: ForgotValues) => forgotPasswordStep1And2(values.email) });

  if (mutation.isSuccess) {
    return (
      <div className="form">
        <FormSuccess testId="forgot-password-sent">
          <p>{t('login.forgotSent')}</p>
        </FormSuccess>
        <button type="button" className="button button--secondary button--block" onClick={() => show({ name: 'login', mode: 'set-new-password' })}>
          {t('login.haveResetKey')}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
          {t('login.backToLogin')}
        </button>
      </div>
    );
  }

  const failure = mutation.isError ? authFailureText(describeApiFailure(mutation.error), t) : null;
  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} data-testid="forgot-password-form">
      <p className="auth-sidebar__lead">{t('login.forgotLead')}</p>
      <FormAlert messages={failure ? [failure] : []} testId="forgot-password-error" />
      <Field label={t('form.email')} error={formState.errors.email?.message}>
        {(control) => <input {...control} {...register('email')} className="input" type="email" autoComplete="email" />}
      </Field>
      <button type="submit" className="button button--primary button--block button--large" disabled={email.trim() === '' || mutation.isPending}>
        {t('login.forgotSubmit')}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
        {t('login.backToLogin')}
      </button>
    </form>
  );
}
