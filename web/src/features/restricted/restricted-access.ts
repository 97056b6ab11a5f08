import { useTranslation } from 'react-i18next';
import { accountTabs, paths } from '../../config/paths';
import { formatDateTime } from '../../shared/i18n/format';

/**
 * Issue 26 defect 4: the pages a restricted session (a player on a time-out) may open — the
 * responsible gaming tools, support and the site's information pages. Every other page shows the
 * restricted view instead (the server refuses their operations anyway: 403 ACCOUNT_RESTRICTED).
 */
const openPages: readonly string[] = [
  paths.responsibleGaming.path,
  paths.contact.path,
  paths.contactUs.path,
  paths.aboutUs.path,
  paths.termsConditions.path,
  paths.privacyPolicy.path,
  paths.fundsProtection.path,
  paths.sessionExpired.path,
];

export function isOpenToRestrictedSession(pathname: string, search: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.account.path) return new URLSearchParams(search).get('tab') === accountTabs.responsibleGaming;
  return openPages.includes(path);
}

/** The time-out's end in the player's language, as the contracts write moments: "2 December 2026, 14:05". */
export function useRestrictedUntilText(restrictedUntil: string): string {
  // The hook re-renders the text when the language changes.
  useTranslation();
  return formatDateTime(restrictedUntil, { month: 'long' });
}
