import { useTranslation } from 'react-i18next';
import { useRestrictedUntilText } from '../restricted-access';
import '../restricted.css';

/** The notice on every page of a restricted session (issue 26 defect 4): until when, and what stays open. */
export function RestrictedNotice({ restrictedUntil }: { restrictedUntil: string }) {
  const { t } = useTranslation();
  const until = useRestrictedUntilText(restrictedUntil);
  return (
    <p className="restricted-notice" role="status" data-testid="restricted-notice" data-restricted-until={restrictedUntil}>
      {t('restricted.notice', { date: until })}
    </p>
  );
}
