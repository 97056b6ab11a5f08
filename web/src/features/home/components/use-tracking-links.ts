import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { cookieNames, writeCookie } from '../../../shared/cookies';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';

/**
 * HOME-05: `?page=signup&referralId=` keeps the referral for 30 days and opens sign-up.
 * HOME-06: `?clickid=&affiliate_id=` keeps the affiliate codes as JSON {ClickId, affId} for 30 days and
 * leaves for `/`. The sign-up form reads both cookies (SIGNUP-50, SIGNUP-51).
 */
export function useTrackingLinks(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { show } = useSidebars();
  const page = params.get('page');
  const referralId = params.get('referralId');
  const clickId = params.get('clickid');
  const affiliateId = params.get('affiliate_id');

  useEffect(() => {
    if (clickId && affiliateId) {
      writeCookie(cookieNames.affiliate, JSON.stringify({ ClickId: clickId, affId: affiliateId }));
      void navigate(paths.home.getHref(), { replace: true });
      return;
    }
    if (page === 'signup') {
      if (referralId) writeCookie(cookieNames.referralId, referralId);
      show({ name: 'signup' });
      void navigate(paths.home.getHref(), { replace: true });
    }
    // show is stable enough for a one-off: the effect follows the address, not the sidebar state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, referralId, clickId, affiliateId, navigate]);
}
