import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { HomePage } from '../../features/home/components/home-page';
import { DepositSuccessModal } from '../../features/wallet/components/deposit-success/deposit-success-modal';

/** /deposit-success (NAV-07, DIS-19): back from a payment made outside the wallet, over the home page. */
export function Component() {
  const navigate = useNavigate();
  return (
    <>
      <HomePage />
      <DepositSuccessModal onClose={() => void navigate(paths.home.getHref(), { replace: true })} />
    </>
  );
}
