import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import type { ProfileFieldName } from '../../../../../contracts/platform/accounts/update-player-info';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { Field } from '../../../shared/components/form-fields';
import { translateFieldMessage } from '../../../shared/i18n/field-message';
import { useUpdatePlayerInfo } from '../api/update-player-info';
import { accountFailureText } from '../failure-text';

interface ContactValues {
  mobilePhone: string;
  address: string;
  city: string;
  postalCode: string;
  email: string;
}

const fieldNames: Record<keyof ContactValues, ProfileFieldName> = {
  mobilePhone: 'MOBILE_PHONE',
  address: 'ADDRESS',
  city: 'CITY',
  postalCode: 'POSTALCODE',
  email: 'EMAIL',
};

const valuesOf = (player: PlayerInfo): ContactValues => ({
  mobilePhone: player.mobilePhone ?? '',
  address: player.address ?? '',
  city: player.city ?? '',
  postalCode: player.postalCode ?? '',
  email: player.email,
});

/**
 * Contact Details (ACC-18…22): mobile phone, address and e-mail with a Save that needs all three
 * (ACC-19); fields in readonlyFields stay disabled. Success leaves edit mode and reloads the player
 * (ACC-21); a new e-mail address waits for its confirmation link.
 */
export function ContactDetails({ player }: { player: PlayerInfo }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ContactValues>(() => valuesOf(player));
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const update = useUpdatePlayerInfo();
  const failure = update.error ? describeApiFailure(update.error) : null;
  const fieldError = (name: keyof ContactValues) => translateFieldMessage(failure?.errors.find((error) => error.field === name)?.error, t);
  const readonly = (name: keyof ContactValues) => player.readonlyFields.includes(fieldNames[name]);
  const shown = editing ? values : valuesOf(player);
  const complete = Boolean(values.mobilePhone.trim() && values.address.trim() && values.email.trim());

  const field = (name: keyof ContactValues, label: string, type: 'text' | 'email' | 'tel' = 'text', autoComplete?: string) => (
    <Field label={label} error={editing ? fieldError(name) : undefined} required={editing && ['mobilePhone', 'address', 'email'].includes(name)}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type}
          value={shown[name]}
          disabled={!editing || readonly(name) || update.isPending}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          {...(autoComplete ? { autoComplete } : {})}
          data-testid={`contact-${name}`}
        />
      )}
    </Field>
  );

  return (
    <section className="account-section" aria-labelledby="account-contact">
      <div className="account-section__head">
        <h2 id="account-contact" className="account-section__title">
          {t('account.contact.title')}
        </h2>
        {editing ? null : (
          <button
            type="button"
            className="button button--secondary account-section__edit"
            onClick={() => {
              setValues(valuesOf(player));
              update.reset();
              setEditing(true);
            }}
            data-testid="contact-edit"
          >
            {t('account.contact.edit')}
          </button>
        )}
      </div>
      {pendingEmail ? (
        <p className="form-success account__banner" role="status" data-testid="contact-email-pending">
          {t('account.contact.emailPending', { email: pendingEmail })}
        </p>
      ) : null}
      {editing && failure ? (
        <p className="form-alert" role="alert" data-testid="contact-error">
          {accountFailureText(failure, t)}
        </p>
      ) : null}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            {
              mobilePhone: values.mobilePhone.replace(/[^\d]/g, ''),
              address: values.address,
              email: values.email,
              ...(readonly('city') ? {} : { city: values.city }),
              ...(readonly('postalCode') ? {} : { postalCode: values.postalCode }),
            },
            {
              onSuccess: (answer) => {
                setPendingEmail(answer.pendingEmail);
                setEditing(false);
              },
            },
          );
        }}
      >
        <div className="account-section__grid">
          {field('mobilePhone', t('account.contact.mobile'), 'tel', 'tel')}
          {field('email', t('account.contact.email'), 'email', 'email')}
          {field('address', t('account.contact.address'), 'text', 'street-address')}
          {field('city', t('account.contact.city'), 'text', 'address-level2')}
          {field('postalCode', t('account.contact.postalCode'), 'text', 'postal-code')}
        </div>
        {editing ? (
          <div className="account-section__actions">
            <button type="button" className="button button--ghost" onClick={() => setEditing(false)} disabled={update.isPending}>
              {t('account.contact.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={!complete || update.isPending} data-testid="contact-save">
              {update.isPending ? t('account.contact.saving') : t('account.contact.save')}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
