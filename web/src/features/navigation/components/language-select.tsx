import { useTranslation } from 'react-i18next';
import { supportedLanguages, type Language } from '../../../../../contracts/content/translations';
import { Select, type SelectOption } from '../../../shared/components/select';
import { switchLanguage } from '../../../shared/i18n/content-translations';
import { defaultLanguage } from '../../../shared/i18n/language';

/** The language as a labelled choice, held in the LANG cookie like the header's switch (I18N-02, I18N-03). */
export function LanguageSelect({ testId, className }: { testId: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const current = supportedLanguages.find((language) => language === i18n.language) ?? defaultLanguage;
  const options: SelectOption<Language>[] = supportedLanguages.map((language) => ({
    value: language,
    label: t(`language.${language}.name`),
    lang: language,
  }));
  return (
    <Select
      label={t('language.label')}
      value={current}
      onValueChange={(language) => void switchLanguage(language)}
      options={options}
      className={className}
      testId={testId}
    />
  );
}
