import { useTranslation } from 'react-i18next';
import { PageNotice } from '../../shared/components/page-notice';
import { useRouteHandle } from '../route-handle';

export function Component() {
  const { t } = useTranslation();
  const { titleKey } = useRouteHandle();
  return <PageNotice title={t(titleKey)} />;
}
