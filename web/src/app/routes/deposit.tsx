import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { HomePage } from '../../features/home/components/home-page';
import { useOpenWallet } from '../../shared/wallet/use-open-wallet';
import { useWallet } from '../../shared/wallet/wallet-state';

/**
 * /deposit (NAV-08, DIS-19): the home page with the wallet open on the Deposit tab. The route is
 * private, so a visitor logs in first and comes back here. Closing the wallet leaves the address
 * for the home page.
 */
export function Component() {
  const openWallet = useOpenWallet();
  const { open } = useWallet();
  const navigate = useNavigate();
  const { key } = useLocation();

  // Once per visit of the address: following the link again reopens a wallet the player closed.
  const opened = useRef<string | null>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (opened.current === key) return;
    opened.current = key;
    void openWallet('deposit');
  }, [key, openWallet]);

  useEffect(() => {
    if (open) shown.current = true;
    else if (shown.current) void navigate(paths.home.getHref(), { replace: true });
  }, [open, navigate]);

  return <HomePage />;
}
