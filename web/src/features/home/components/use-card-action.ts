import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';

export type PortalAction = 'sign-up' | 'sign-in' | 'deposit';

/** HOME-14, HOME-18: sign-up opens the sign-up sidebar, sign-in the login sidebar, deposit the wallet's Deposit tab. */
export function usePortalAction(): (action: PortalAction) => void {
  const { show } = useSidebars();
  const navigate = useNavigate();
  return (action) => {
    if (action === 'sign-up') show({ name: 'signup' });
    else if (action === 'sign-in') show({ name: 'login', mode: 'sign-in' });
    else void navigate(paths.deposit.getHref());
  };
}

/** The card's action field in the portal's words. */
export const cardActions = { SIGNUP: 'sign-up', LOGIN: 'sign-in', DEPOSIT: 'deposit' } as const satisfies Record<string, PortalAction>;
