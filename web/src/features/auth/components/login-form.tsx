import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mayPlayForReal } from '../../../../../contracts/platform/accounts/identity-gate';
import { loginRequestSchema, type LoginRequest } from '../../../../../contracts/platform/accounts/login';
import { paths } from '../../../config/paths';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { Field, FormAlert, PasswordInput } from '../../../shared/components/form-fields';
import { sessionQueryKey } from '../../../shared/session/api/check-session-alive';
import { playerInfoQueryOptions } from '../../../shared/session/api/get-player-info';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { login } from '../api/login';
import { authFailureText } from './auth-failure';

/** Sign in (SESS-07, SESS-09…13, SESS-18, SESS-34). */
export function LoginForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { show, close } = useSidebars();
  const { register, handleSubmit, control } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });
  const [username, password] = useWatch({ control, name: ['username', 'password'] });

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (answer) => {
      // Everything cached belonged to the visitor; the new session starts afresh.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      close();
      if (answer.registrationStatus === 'QUICK_REG') {
        void navigate(paths.contact.getHref());
        return;
      }
      // DIS-09, KYC-03: a player who may not play for real yet (documents needed or under review) goes to identification.
      const player = await queryClient.fetchQuery(playerInfoQueryOptions).catch(() => null);
      if (player && !mayPlayForReal(player)) void navigate(paths.identification.getHref());
    },
  });

  // SESS-09: both fields filled and nothing loading.
  const ready = username.trim() !== '' && password !== '' && !mutation.isPending;
  const failure = mutation.isError ? authFailureText(describeApiFailure(mutation.error), t) : null;

  return (
    <form className="form" noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} data-testid="login-form">
      <FormAlert messages={failure ? [failure] : []} testId="login-error" />
      <Field label={t('login.username')}>
        {(control) => <input {...control} {...register('username')} className="input" autoComplete="username" autoCapitalize="none" spellCheck={false} />}
      </Field>
      <Field label={t('login.password')}>{(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}</Field>
      <button type="button" className="form__link-button" onClick={() => show({ name: 'login', mode: 'forgot-password' })}>
        {t('login.forgotLink')}
      </button>
      <button type="submit" className="button button--primary button--block button--large" disabled={!ready}>
        {mutation.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
