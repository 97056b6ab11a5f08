import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import { Field } from '../../../shared/components/form-fields';
import { LockIcon } from '../../../shared/components/icons';
import { macedonianCountryNames } from '../../../shared/i18n/countries-mk';
import { PasswordChange } from './password-change';
import { formatDate } from '../../../shared/i18n/format';

/**
 * Personal Details (ACC-08, ACC-09, I18N-08): username, full name, currency, country, language and
 * ID number are always disabled; the date of birth when readonlyFields lists it. The Edit icon
 * toggles the password change (ACC-12).
 */
export function PersonalDetails({ player }: { player: PlayerInfo }) {
  const { t, i18n } = useTranslation();
  const [changingPassword, setChangingPassword] = useState(false);
  // Chromium's ICU has no Macedonian, so the country's Macedonian name comes from the bundled CLDR list.
  const countryName = player.country
    ? ((i18n.language === 'mk' ? macedonianCountryNames[player.country] : undefined) ??
      new Intl.DisplayNames([i18n.language, 'en'], { type: 'region' }).of(player.country) ??
      player.country)
    : '';
  const languageName = player.language === 'mk' ? t('language.mk.name') : player.language === 'en' ? t('language.en.name') : player.language;
  const fields: { label: string; value: string; testId: string }[] = [
    { label: t('account.personal.username'), value: player.username, testId: 'personal-username' },
    { label: t('account.personal.fullName'), value: [player.firstName, player.lastName].filter(Boolean).join(' '), testId: 'personal-full-name' },
    { label: t('account.personal.birthDate'), value: player.birthDate ? formatDate(player.birthDate) : '', testId: 'personal-birth-date' },
    { label: t('account.personal.currency'), value: player.currency, testId: 'personal-currency' },
    { label: t('account.personal.country'), value: countryName, testId: 'personal-country' },
    { label: t('account.personal.language'), value: languageName, testId: 'personal-language' },
    // The document the player was verified with (issue 27): kept on the account at approval.
    { label: t('account.personal.idNumber'), value: player.identityDocument?.documentNumber ?? '', testId: 'personal-id-number' },
  ];
  const document = player.identityDocument;
  if (document) {
    const kind = (['PASSPORT', 'driving_license', 'IDENTITY_CARD'] as const).find((code) => code === document.documentType);
    fields.push({
      label: t('account.personal.identityDocument'),
      value: [kind ? t(`account.personal.document.${kind}`) : document.documentType, document.issuingCountry].filter(Boolean).join(' · '),
      testId: 'personal-identity-document',
    });
  }
  return (
    <section className="account-section" aria-labelledby="account-personal">
      <h2 id="account-personal" className="account-section__title">
        {t('account.personal.title')}
      </h2>
      <div className="account-section__grid">
        {fields.map((field) => (
          <Field key={field.testId} label={field.label}>
            {(control) => <input {...control} className="input" value={field.value} placeholder="—" disabled readOnly data-testid={field.testId} />}
          </Field>
        ))}
        <div className="field">
          <span className="field__label">{t('account.personal.password')}</span>
          <div className="account-password">
            <input className="input" value="••••••••" disabled readOnly aria-label={t('account.personal.password')} />
            <button
              type="button"
              className="icon-button account-password__edit"
              aria-expanded={changingPassword}
              aria-label={changingPassword ? t('account.password.close') : t('account.password.edit')}
              onClick={() => setChangingPassword((open) => !open)}
              data-testid="password-edit"
            >
              <LockIcon width={18} height={18} />
            </button>
          </div>
        </div>
      </div>
      {changingPassword ? <PasswordChange onDone={() => setChangingPassword(false)} /> : null}
    </section>
  );
}
