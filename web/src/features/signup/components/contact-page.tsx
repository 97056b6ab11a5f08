import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { SignupCompletionStatus } from '../../../../../contracts/platform/accounts/quick-signup-completion';
import { paths } from '../../../config/paths';
import { describeApiFailure, type ApiFailure } from '../../../shared/api/api-failure';
import { Field } from '../../../shared/components/form-fields';
import { useConfiguration } from '../../../shared/configuration/configuration';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { translateFieldMessage } from '../../../shared/i18n/field-message';
import { sessionQueryKey } from '../../../shared/session/api/check-session-alive';
import { useSession } from '../../../shared/session/use-session';
import { offerLimitsAfterSignup } from '../../responsible-gaming/shell';
import { quickSignupCompletion } from '../api/quick-signup-completion';
import { countryChoices, flagUrl } from '../countries';
import { contactFormSchema, genders, toCompletionRequest, type ContactFormInput, type ContactFormValues, type GenderChoice } from '../signup-values';
import { AddressLookup } from './address-lookup';
import { SignupFailure } from './signup-failure';
import { SignupLayout } from './signup-layout';
import { SignupOutcome } from './signup-outcome';

const serverFields: Record<string, Path<ContactFormInput>> = {
  firstName: 'firstname',
  lastName: 'lastname',
  gender: 'gender',
  profession: 'occupation',
  building: 'manualBuilding',
  address: 'manualAddress',
  municipality: 'manualCounty',
  city: 'manualCity',
  postalCode: 'manualPostCode',
  country: 'manualCountry',
  mobile: 'mobile',
};

const genderLabels = { MALE: 'contact.genderMale', FEMALE: 'contact.genderFemale', OTHER: 'contact.genderOther' } as const satisfies Record<
  GenderChoice,
  string
>;

/** /contact: sign-up step 2 (NAV-12, SIGNUP-19…37) and the outcome of the identity check. */
export function ContactPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [outcome, setOutcome] = useState<Exclude<SignupCompletionStatus, 'SUCCESS'> | null>(null);
  useDocumentTitle(t('pages.contact'));
  if (outcome) return <SignupOutcome status={outcome} />;
  if (!session.checked) return null;
  // SESS-35: a registered player has nothing to complete; without a session step 1 comes first.
  if (session.authenticated) return <Navigate to={paths.home.getHref()} replace />;
  if (!session.quickRegistration) return <Navigate to={paths.join.getHref()} replace />;
  return <ContactForm onOutcome={setOutcome} />;
}

/** Step 2's form itself (its own test renders it without the session check). */
export function ContactForm({ onOutcome }: { onOutcome(status: Exclude<SignupCompletionStatus, 'SUCCESS'>): void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const countries = useMemo(() => countryChoices(i18n.language), [i18n.language]);
  // Defect 3: only a country sign-up is open to may be declared as the address; IE first (SIGNUP-23).
  const { signup_countries: openCountries } = useConfiguration();
  const addressCountries = useMemo(
    () => (openCountries.length > 0 ? countries.filter((country) => openCountries.includes(country.code)) : countries),
    [countries, openCountries],
  );
  const defaultCountry = openCountries.length === 0 || openCountries.includes('IE') ? 'IE' : (addressCountries[0]?.code ?? 'IE');

  const { register, handleSubmit, control, formState, setError, setValue } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: {
      firstname: '',
      lastname: '',
      mobileCountry: 'IE',
      mobile: '',
      occupation: '',
      manualBuilding: '',
      manualAddress: '',
      manualCity: '',
      manualCounty: '',
      manualPostCode: '',
      manualCountry: defaultCountry,
    },
    // SIGNUP-27: a required field left empty is marked as soon as the player leaves it.
    mode: 'onTouched',
  });
  const values = useWatch({ control });

  const mutation = useMutation({
    mutationFn: (formValues: ContactFormValues) => quickSignupCompletion(toCompletionRequest(formValues)),
    onMutate: () => setFailure(null),
    onSuccess: async (answer) => {
      if (answer.status !== 'SUCCESS') onOutcome(answer.status);
      // Issue 12: home offers the limits once, right after sign-up.
      else offerLimitsAfterSignup();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      // SIGNUP-34: the session is now a registered player's; home it is.
      if (answer.status === 'SUCCESS') void navigate(paths.home.getHref(), { replace: true });
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

  // SIGNUP-26: the required fields are filled and nothing is loading.
  const required = [
    values.firstname,
    values.lastname,
    values.mobile,
    values.mobileCountry,
    values.occupation,
    values.gender,
    values.manualAddress,
    values.manualCounty,
    values.manualCity,
    values.manualCountry,
  ];
  const ready = required.every((value) => Boolean(value?.trim())) && !mutation.isPending;
  const error = (name: keyof ContactFormInput) => translateFieldMessage(formState.errors[name]?.message, t);
  const eircodeCountry = values.manualCountry === 'IE';

  return (
    <SignupLayout step={2} title={t('contact.title')} lead={t('contact.lead')} testId="signup-step-2">
      <form className="form" noValidate onSubmit={handleSubmit((formValues) => mutation.mutate(formValues))}>
        <SignupFailure failure={failure} />
        <div className="form__row">
          <Field label={t('contact.firstName')} error={error('firstname')} required>
            {(control) => <input {...control} {...register('firstname')} className="input" autoComplete="given-name" />}
          </Field>
          <Field label={t('contact.lastName')} error={error('lastname')} required>
            {(control) => <input {...control} {...register('lastname')} className="input" autoComplete="family-name" />}
          </Field>
        </div>

        <div className="signup__phone">
          <Field label={t('contact.mobileCountry')} error={error('mobileCountry')} required className="signup__phone-country">
            {(control) => (
              <CountrySelect code={values.mobileCountry}>
                <select {...control} {...register('mobileCountry')} autoComplete="tel-country-code" data-testid="mobile-country">
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {`${country.name} (+${country.dialCode})`}
                    </option>
                  ))}
                </select>
              </CountrySelect>
            )}
          </Field>
          <Field label={t('contact.mobile')} error={error('mobile')} required>
            {(control) => <input {...control} {...register('mobile')} className="input" type="tel" inputMode="tel" autoComplete="tel-national" />}
          </Field>
        </div>

        <Field label={t('contact.occupation')} error={error('occupation')} required>
          {(control) => <input {...control} {...register('occupation')} className="input" autoComplete="organization-title" />}
        </Field>

        <fieldset className="choice-group" aria-invalid={Boolean(formState.errors.gender)}>
          <legend>
            {t('contact.gender')}
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </legend>
          {(Object.keys(genders) as GenderChoice[]).map((gender) => (
            <label key={gender} className="choice">
              <input type="radio" value={gender} {...register('gender')} />
              {t(genderLabels[gender])}
            </label>
          ))}
          {error('gender') ? <p className="field__error signup__full">{error('gender')}</p> : null}
        </fieldset>

        <h2 className="signup__section">{t('contact.addressTitle')}</h2>
        {/* SIGNUP-24: look-up by Eircode or UK postcode fills the fields below, which stay editable. */}
        <AddressLookup
          country={values.manualCountry}
          onChoose={(address) => {
            const fill = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
            setValue('manualBuilding', address.building, fill);
            setValue('manualAddress', address.street, fill);
            setValue('manualCity', address.city, fill);
            setValue('manualCounty', address.county, fill);
            setValue('manualPostCode', address.postalCode, fill);
          }}
        />
        <div className="form__row">
          <Field label={t('contact.houseNumber')} error={error('manualBuilding')}>
            {(control) => <input {...control} {...register('manualBuilding')} className="input" autoComplete="address-line2" />}
          </Field>
          <Field label={t('contact.street')} error={error('manualAddress')} required>
            {(control) => <input {...control} {...register('manualAddress')} className="input" autoComplete="address-line1" />}
          </Field>
        </div>
        <div className="form__row">
          <Field label={t('contact.city')} error={error('manualCity')} required>
            {(control) => <input {...control} {...register('manualCity')} className="input" autoComplete="address-level2" />}
          </Field>
          <Field label={t('contact.county')} error={error('manualCounty')} required>
            {(control) => <input {...control} {...register('manualCounty')} className="input" autoComplete="address-level1" />}
          </Field>
        </div>
        <div className="form__row">
          <Field label={t(eircodeCountry ? 'contact.eircode' : 'contact.postCode')} error={error('manualPostCode')}>
            {(control) => <input {...control} {...register('manualPostCode')} className="input" autoComplete="postal-code" autoCapitalize="characters" />}
          </Field>
          <Field label={t('contact.country')} error={error('manualCountry')} required>
            {(control) => (
              <CountrySelect code={values.manualCountry}>
                <select {...control} {...register('manualCountry')} autoComplete="country" data-testid="address-country">
                  {addressCountries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              </CountrySelect>
            )}
          </Field>
        </div>

        <button type="submit" className="button button--primary button--block button--large" disabled={!ready} data-testid="contact-submit">
          {mutation.isPending ? t('contact.submitting') : t('contact.submit')}
        </button>
      </form>
    </SignupLayout>
  );
}

/**
 * SIGNUP-20, SIGNUP-23: a country select with the chosen country's flag, an SVG drawn inside the
 * field (an option can hold only text, and flag emoji show as empty boxes on Linux, defect 8).
 */
function CountrySelect({ code, children }: { code: string | undefined; children: ReactNode }) {
  const flag = code ? flagUrl(code) : undefined;
  return (
    <span className="country-select">
      {flag ? <img className="country-select__flag" src={flag} alt="" width={24} height={16} data-testid={`flag-${code}`} /> : null}
      {children}
    </span>
  );
}
