import { useTranslation } from 'react-i18next';
import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import { usePaymentData, type PaymentData } from '../../api/get-payment-data';

/** A method's name and logo: the content service's entry when there is one, else the bundled name. */
export function usePaymentMethodDisplay(): (code: PaymentMethodCode) => Omit<PaymentData, 'code'> {
  const { t } = useTranslation();
  const { data } = usePaymentData();
  return (code) => {
    const entry = data?.find((candidate) => candidate.code === code);
    return {
      name: entry?.name || t(`wallet.method.${code}`),
      logo: entry?.logo ?? null,
      quickAmounts: entry?.quickAmounts ?? [],
      processingTime: entry?.processingTime ?? '',
    };
  };
}
