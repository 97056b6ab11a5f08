import { useTranslation } from 'react-i18next';
import { PageNotice } from '../../../shared/components/page-notice';

/** The operations area (OPS), reachable with ROLE_ADMIN; its tools arrive in the operations issue. */
export function AdminArea() {
  const { t } = useTranslation();
  return <PageNotice title={t('pages.admin')} />;
}
