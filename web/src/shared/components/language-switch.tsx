import { useTranslation } from 'react-i18next';
import { supportedLanguages, type Language } from '../../../../contracts/content/translations';
import { switchLanguage } from '../i18n/content-translations';
import './language-switch.css';

/** en / МК, held in the LANG cookie (I18N-02, I18N-03). */
export function LanguageSwitch({ testId }: { testId: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')} data-testid={testId}>
      {supportedLanguages.map((language: Language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switch__option"
          aria-pressed={current === language}
          title={t(`language.${language}.name`)}
          data-testid={`${testId}-${language}`}
          onClick={() => void switchLanguage(language)}
        >
          {t(`language.${language}.short`)}
        </button>
      ))}
    </div>
  );
}
