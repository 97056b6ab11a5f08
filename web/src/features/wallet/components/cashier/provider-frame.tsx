import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

/** What a provider page inside the wallet says when it reaches its end. */
export const providerMessageSchema = z.object({
  source: z.literal('emerald-payment'),
  paymentId: z.string(),
  outcome: z.enum(['completed', 'declined', 'cancelled']),
  kind: z.enum(['deposit', 'card-stored', 'withdrawal']),
});
export type ProviderMessage = z.infer<typeof providerMessageSchema>;

/** The message, if it came from this page's origin and from the frame itself, and has the expected shape. */
export function readProviderMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: Window | null | undefined,
  origin: string,
): ProviderMessage | null {
  if (event.origin !== origin || !frame || event.source !== frame) return null;
  const parsed = providerMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

interface ProviderFrameProps {
  url: string;
  title: string;
  onMessage(message: ProviderMessage): void;
  testId?: string;
}

/**
 * DEP-31, DEP-46, DEP-47: a provider's page (hosted card page, 3-D Secure, e-wallet, cashier
 * widget) inside the wallet. The page tells the wallet when it is done with a postMessage; the
 * wallet then asks the server what came of the payment, which alone decides.
 */
export function ProviderFrame({ url, title, onMessage, testId = 'provider-frame' }: ProviderFrameProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      const message = readProviderMessage(event, frame.current?.contentWindow, window.location.origin);
      if (message) latest.current(message);
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, []);

  return (
    <div className="provider-frame">
      <p className="cashier-note provider-frame__note">{t('wallet.frame.note')}</p>
      <iframe ref={frame} className="provider-frame__frame" src={url} title={title} data-testid={testId} />
    </div>
  );
}
