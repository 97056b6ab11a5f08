import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { paymentMethodListSchema } from '../../../../../contracts/content/payment-method';
import { apiRequest } from '../../../shared/api/api-client';
import { contentPath, contentStaleTime, useContentLanguage } from '../../../shared/content/content-list';

/** What the cashier screens take from a payment method's content (DEP-06): name, logo, quick amounts and processing time. */
export interface PaymentData {
  code: string;
  name: string;
  logo: { src: string; alt: string } | null;
  quickAmounts: number[];
  processingTime: string;
}

/** spec 001 §3: quick_amounts is a comma-separated string ("10,20,50,100"); anything not a positive amount is skipped. */
export function parseQuickAmounts(value: string): number[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+(\.\d{1,2})?$/.test(part) && Number(part) > 0)
    .map(Number);
}

function toPaymentData({ title, acf }: z.infer<typeof paymentMethodListSchema>[number]): PaymentData {
  const src = acf.logo.guid || acf.logo.url;
  return {
    code: acf.code,
    name: title.rendered,
    logo: src ? { src, alt: acf.logo.alt } : null,
    quickAmounts: parseQuickAmounts(acf.quick_amounts),
    processingTime: acf.processing_time,
  };
}

/**
 * getPaymentData: GET {cms}/wp-json/wp/v2/payment_method (DEP-06). Only decoration: the cashier's
 * own method list decides what may be used, so a failure here leaves methods without logos
 * rather than blocking a deposit.
 */
export async function getPaymentData(language: 'en' | 'mk', signal?: AbortSignal): Promise<PaymentData[]> {
  const posts = await apiRequest('cms', contentPath('payment_method'), {
    query: { per_page: 100, lang: language === 'en' ? undefined : language },
    schema: paymentMethodListSchema,
    feedback: 'silent',
    ...(signal ? { signal } : {}),
  });
  return posts.map(toPaymentData);
}

export function usePaymentData() {
  const language = useContentLanguage();
  return useQuery({
    queryKey: ['content', 'payment_method', language],
    queryFn: ({ signal }) => getPaymentData(language, signal),
    staleTime: contentStaleTime,
    retry: false,
  });
}

/** The content entry of one method code, if the content service has one. */
export function usePaymentDataFor(code: string): PaymentData | undefined {
  const { data } = usePaymentData();
  return data?.find((entry) => entry.code === code);
}
