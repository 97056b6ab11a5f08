import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { birthYearChoices } from '../../../../../contracts/platform/accounts/player-fields';
import { paths } from '../../../config/paths';
import { describeApiFailure, type ApiFailure } from '../../../shared/api/api-failure';
import { cookieNames, readCookie } from '../../../shared/cookies';
import { Field, PasswordInput } from '../../../shared/components/form-fields';
import { boxKey, MarketingMatrix } from '../../../shared/components/marketing-matrix';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { monthKey } from '../../../shared/i18n/calendar';
import { translateFieldMessage } from '../../../shared/i18n/field-message';
import { sessionQueryKey } from '../../../shared/session/api/check-session-alive';
import { useSession } from '../../../shared/session/use-session';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { useConsents } from '../api/get-consents';
import { quickSignup } from '../api/quick-signup';
import { joinFormSchema, toQuickSignupRequest, type JoinFormInput, type JoinFormValues } from '../signup-values';
import { SignupFailure } from './signup-failure';
import { SignupLayout } from './signup-layout';

/** SIGNUP-07: the documents the mandatory consents accept. */
const consentLinks = {
  TNC: { to: paths.termsConditions.getHref(), label: 'join.termsLink' },
  PRIVACY: { to: paths.privacyPolicy.getHref(), label: 'join.privacyLink' },
} as const;

function isKeyOf<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(record, key);
}
const serverFields: Record<string, Path<JoinFormInput>> = { email: 'email', username: 'username', password: 'password', birthDate: 'day' };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** SIGNUP-17: the analytics event of a finished step 1, for whatever tag manager the page carries. */
function reportSignupStep1(): void {
  window.dataLayer?.push({ event: 'sign_up', step: 1 });
}

/** /join: sign-up step 1 (NAV-11, SIGNUP-01…18, SIGNUP-38). */
export function JoinPage() {
  const { t } = useTranslation();
  const session = useSession();
  useDocumentTitle(t('pages.join'));
  if (!session.checked) return null;
  // SESS-35; a quick registration is sent on to /contact by the shell (SESS-34).
  if (session.authenticated) return <Navigate to={paths.home.getHref()} replace />;
  return <JoinForm />;
}

/** Step 1's form itself (its own test renders it without the session check). */
export function JoinForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { show } = useSidebars();
  const consents = useConsents();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  // SR 5.1.12: every marketing box starts unticked; only what the player ticks is sent.
  const [marketingBoxes, setMarketingBoxes] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const { register, handleSubmit, control, formState, setError } = useForm<JoinFormInput, unknown, JoinFormValues>({
    resolver: zodResolver(joinFormSchema),
    defaultValues: { email: '', username: '', password: '', day: '', month: '', year: '', receiveEmail: false },
    mode: 'onTouched',
  });
  const values = useWatch({ control });

  // Month names from the dictionaries: Chromium's ICU has no Macedonian, so Intl would write them in English.
  const months = Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: t(monthKey(index + 1)) }));
  const years = useMemo(() => birthYearChoices(), []);

  const mutation = useMutation({
    mutationFn: (formValues: JoinFormValues) =>
      quickSignup(
        toQuickSignupRequest(formValues, [...ticked], [...marketingBoxes], {
          referralId: readCookie(cookieNames.referralId),
          affiliate: readCookie(cookieNames.affiliate),
        }),
      ),
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      reportSignupStep1();
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void navigate(paths.contact.getHref());
    },
    onError: (error) => {
      const described = describeApiFailure(error);
      setFailure(described);
      for (const fieldError of described.errors) {
        const field = serverFields[fieldError.field];
        if (field) setError(field, { type: 'server', message: fieldError.error });
      }
    },
  });

  const mandatory = (consents.data ?? []).filter((consent) => consent.isMandatory);
  const optional = (consents.data ?? []).filter((consent) => !consent.isMandatory);
  // SIGNUP-11: every field filled and every mandatory consent ticked.
  const filled = [values.email, values.username, values.password, values.day, values.month, values.year].every((value) => Boolean(value?.trim()));
  const consentsDone = consents.isSuccess && mandatory.every((consent) => ticked.has(consent.consentVersionId));
  const ready = filled && consentsDone && !mutation.isPending;
  const error = (name: keyof JoinFormInput) => translateFieldMessage(formState.errors[name]?.message, t);
  const toggle = (id: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <SignupLayout step={1} title={t('join.title')} lead={t('join.lead')} testId="signup-step-1">
      <form className="form" noValidate onSubmit={handleSubmit((formValues) => mutation.mutate(formValues))}>
        <SignupFailure failure={failure} />
        <Field label={t('form.email')} error={error('email')} required>
          {(control) => <input {...control} {...register('email')} className="input" type="email" autoComplete="email" />}
        </Field>
        <Field label={t('form.username')} error={error('username')} hint={t('form.usernameHint')} required>
          {(control) => <input {...control} {...register('username')} className="input" autoComplete="username" autoCapitalize="none" spellCheck={false} />}
        </Field>
        <Field label={t('form.password')} error={error('password')} hint={t('form.passwordHint')} required>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </Field>
        <fieldset className="signup__birth">
          <legend className="field__label">
            {t('join.birthDate')}
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="signup__birth-selects">
            <Field label={<span className="visually-hidden">{t('join.day')}</span>} error={undefined}>
              {(control) => (
                <select {...control} {...register('day')} aria-invalid={Boolean(formState.errors.day)} data-testid="birth-day">
                  <option value="">{t('join.day')}</option>
                  {Array.from({ length: 31 }, (_, index) => (
                    <option key={index} value={String(index + 1)}>
                      {index + 1}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={<span className="visually-hidden">{t('join.month')}</span>} error={undefined}>
              {(control) => (
                <select {...control} {...register('month')} data-testid="birth-month">
                  <option value="">{t('join.month')}</option>
                  {months.map((month) => (
                    <option key={month.value} value={month.value}>
                      {month.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={<span className="visually-hidden">{t('join.year')}</span>} error={undefined}>
              {(control) => (
                <select {...control} {...register('year')} data-testid="birth-year">
                  <option value="">{t('join.year')}</option>
                  {years.map((year) => (
                    <option key={year} value={String(year)}>
                      {year}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {error('day') ? (
            <p className="field__error" data-testid="field-error">
              {error('day')}
            </p>
          ) : null}
        </fieldset>

        <div className="signup__consents">
          <label className="check">
            <input type="checkbox" {...register('receiveEmail')} data-testid="receive-email" />
            <span>{t('join.receiveEmail')}</span>
          </label>
          {consents.isError ? <p className="field__error">{t('join.consentsUnavailable')}</p> : null}
          {mandatory.map((consent) => (
            <label key={consent.consentVersionId} className="check" data-testid={`consent-${consent.key}`}>
              <input
                type="checkbox"
                checked={ticked.has(consent.consentVersionId)}
                onChange={(event) => toggle(consent.consentVersionId, event.target.checked)}
                required
              />
              <span>
                {isKeyOf(consentLinks, consent.key) ? (
                  <>
                    {t('join.accept')}{' '}
                    <Link to={consentLinks[consent.key].to} target="_blank" rel="noopener">
                      {t(consentLinks[consent.key].label)}
                    </Link>
                  </>
                ) : (
                  consent.name
                )}{' '}
                <span className="field__required" aria-hidden="true">
                  *
                </span>
              </span>
            </label>
          ))}
          {optional.map((consent) => (
            <label key={consent.consentVersionId} className="check" data-testid={`consent-${consent.key}`}>
              <input
                type="checkbox"
                checked={ticked.has(consent.consentVersionId)}
                onChange={(event) => toggle(consent.consentVersionId, event.target.checked)}
              />
              <span>{consent.name}</span>
            </label>
          ))}
        </div>

        <fieldset className="signup__marketing" data-testid="signup-marketing">
          <legend className="signup__marketing-title">{t('join.marketingTitle')}</legend>
          <p className="signup__marketing-lead">{t('join.marketingLead')}</p>
          <MarketingMatrix
            ticked={marketingBoxes}
            onChange={(product, channel, on) =>
              setMarketingBoxes((current) => {
                const next = new Set(current);
                if (on) next.add(boxKey(product, channel));
                else next.delete(boxKey(product, channel));
                return next;
              })
            }
          />
        </fieldset>

        <button type="submit" className="button button--primary button--block button--large" disabled={!ready} data-testid="join-submit">
          {mutation.isPending ? t('join.submitting') : t('join.submit')}
        </button>
        <p className="signup__switch">
          {t('signup.switchPrompt')}{' '}
          <button type="button" className="auth-link" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
            {t('signup.switchAction')}
          </button>
        </p>
      </form>
    </SignupLayout>
  );
}
