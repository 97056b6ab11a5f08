import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import type { LegalType } from '../../features/legal/api/legal-posts';
import { LegalPage } from '../../features/legal/components/legal-page';
import { useRouteHandle } from '../route-handle';

const typeByPath: Record<string, LegalType> = {
  [paths.termsConditions.path]: 'terms_and_conditions',
  [paths.privacyPolicy.path]: 'privacy_policy',
  [paths.fundsProtection.path]: 'funds_protection',
  [paths.responsibleGaming.path]: 'responsible_gaming',
};

/** NAV-16, NAV-17, NAV-19, NAV-20: the legal and information pages. */
export function Component() {
  const { pathname } = useLocation();
  const { titleKey } = useRouteHandle();
  const type = typeByPath[pathname] ?? 'terms_and_conditions';
  return <LegalPage key={type} type={type} titleKey={titleKey} />;
}
