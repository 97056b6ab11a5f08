import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnrolment } from '../../../../../contracts/back-office/staff-session';
import { Field, PasswordInput } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useStaffSignIn, useTwoFactorEnrolment, useTwoFactorVerify } from '../api/staff-session';

type Step = { kind: 'password' } | { kind: 'code'; enrolment: TwoFactorEnrolment | null };

/**
 * Staff sign-in: password, then always a TOTP code. A member without an authenticator is shown a
 * new key and its QR code first (enrolment); the code from it completes both.
 */
export function StaffSignIn({ needsCode }: { needsCode: boolean }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(needsCode ? { kind: 'code', enrolment: null } : { kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useStaffSignIn();
  const enrol = useTwoFactorEnrolment();
  const verify = useTwoFactorVerify();

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await signIn.mutateAsync({ username, password });
      const enrolment = answer.twoFactor === 'ENROL' ? await enrol.mutateAsync() : null;
      setStep({ kind: 'code', enrolment });
    } catch (failure) {
      setError(failure instanceof BackOfficeError && failure.httpStatus === 429 ? failure.message : t('bo.signIn.failed'));
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await verify.mutateAsync(code.trim());
    } catch (failure) {
      if (failure instanceof BackOfficeError && failure.httpStatus === 401) {
        setStep({ kind: 'password' });
        return;
      }
      setError(failure instanceof BackOfficeError && failure.httpStatus === 429 ? failure.message : t('bo.twoFactor.invalid'));
    }
  };

  if (step.kind === 'password') {
    return (
      <form className="bo-card bo-sign-in" onSubmit={submitPassword} data-testid="bo-sign-in" noValidate>
        <h2 className="bo-card__title">{t('bo.signIn.title')}</h2>
        <Field label={t('bo.signIn.username')} required>
          {(control) => (
            <input
              {...control}
              className="input"
              name="username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('bo.signIn.password')} required error={error ?? undefined}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary" disabled={signIn.isPending || !username || !password}>
          {t('bo.signIn.submit')}
        </button>
      </form>
    );
  }

  const { enrolment } = step;
  return (
    <form className="bo-card bo-sign-in" onSubmit={submitCode} data-testid={enrolment ? 'bo-enrolment' : 'bo-two-factor'} noValidate>
      <h2 className="bo-card__title">{t(enrolment ? 'bo.twoFactor.enrolTitle' : 'bo.twoFactor.title')}</h2>
      <p className="bo-muted">{t(enrolment ? 'bo.twoFactor.enrolLead' : 'bo.twoFactor.lead')}</p>
      {enrolment ? (
        <div className="bo-enrolment">
          <img src={enrolment.qrCode} alt={t('bo.twoFactor.qrAlt')} width={200} height={200} data-testid="bo-qr" />
          <dl className="bo-facts">
            <dt>{t('bo.twoFactor.secret')}</dt>
            <dd>
              <code data-testid="bo-secret">{enrolment.secret}</code>
            </dd>
          </dl>
        </div>
      ) : null}
      <Field label={t('bo.twoFactor.code')} required error={error ?? undefined}>
        {(control) => (
          <input
            {...control}
            className="input bo-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={verify.isPending || code.length !== 6}>
        {t('bo.twoFactor.submit')}
      </button>
    </form>
  );
}
