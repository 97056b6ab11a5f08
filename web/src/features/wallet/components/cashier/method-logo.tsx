import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import { isBankConfirmMethod, isCardMethod, isCryptoMethod, isEmailWalletMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import type { PaymentData } from '../../api/get-payment-data';

/** The method's logo from the content service (DEP-07), or a drawn mark of its kind while there is none. */
export function MethodLogo({ code, logo }: { code: PaymentMethodCode; logo: PaymentData['logo'] }) {
  if (logo) return <img className="method-logo" src={logo.src} alt="" width={56} height={36} loading="lazy" />;
  return (
    <svg className="method-logo method-logo--drawn" viewBox="0 0 56 36" width="56" height="36" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="55" height="35" rx="7" fill="currentColor" fillOpacity="0.08" stroke="currentColor" strokeOpacity="0.35" />
      {isCardMethod(code) ? (
        <g fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="14" y="9" width="28" height="18" rx="3" />
          <path d="M14 14h28" />
          <path d="M18 22h7" strokeLinecap="round" />
        </g>
      ) : isEmailWalletMethod(code) ? (
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <path d="M15 12h24a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H15a3 3 0 0 1-3-3V12a3 3 0 0 1 3-3h20" />
          <circle cx="35" cy="19.5" r="1.8" fill="currentColor" />
        </g>
      ) : isCryptoMethod(code) ? (
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="28" cy="18" r="10" />
          <path d="M25 12.5v11M25 13h4.5a2.5 2.5 0 0 1 0 5H25m0 0h5a2.75 2.75 0 0 1 0 5.5h-5M27 10.5v2M27 23.5v2" />
        </g>
      ) : isBankConfirmMethod(code) ? (
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <path d="M16 15 28 8l12 7z" />
          <path d="M18 16v9M24 16v9M32 16v9M38 16v9M15 27h26" strokeLinecap="round" />
        </g>
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="15" y="9" width="26" height="18" rx="3" />
          <path d="M20 15h16M20 21h9" />
        </g>
      )}
    </svg>
  );
}
