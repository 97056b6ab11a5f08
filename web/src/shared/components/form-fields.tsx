import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';
import './form.css';

interface FieldProps {
  label: ReactNode;
  /** The text under the field when it is wrong; also ties the control to it for screen readers. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children(control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }): ReactNode;
}

/** A labelled control with its error under it (SIGNUP-27: the error mark appears on blur). */
export function Field({ label, error, hint, required = false, className, children }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true" title={t('form.required')}>
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(required ? { 'aria-required': true } : {}),
      })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle (SIGNUP-02). */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={visible ? 'text' : 'password'} className="input password-input__control" />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={visible}
        aria-label={t(visible ? 'form.hidePassword' : 'form.showPassword')}
        aria-controls={props.id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOffIcon width={18} height={18} /> : <EyeIcon width={18} height={18} />}
      </button>
    </div>
  );
}

/** A failure the server reported, in a red box the screen reader announces (SESS-18, SESS-30, SIGNUP-38). */
export function FormAlert({ title, messages, testId }: { title?: ReactNode; messages: readonly string[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="form-alert" role="alert" data-testid={testId}>
      {title ? <p className="form-alert__title">{title}</p> : null}
      {title || messages.length > 1 ? (
        <ul className="form-alert__list">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <p className="form-alert__message">{messages[0]}</p>
      )}
    </div>
  );
}

/** A confirmation in a calm green box (forgot password, reset done). */
export function FormSuccess({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="form-success" role="status" data-testid={testId}>
      {children}
    </div>
  );
}
