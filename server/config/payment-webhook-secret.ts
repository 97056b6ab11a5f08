import type { Config } from './env';

/**
 * Outside production a fixed development secret signs the sandbox PSP's webhooks, so that a fresh
 * checkout works without configuration; production requires PAYMENT_WEBHOOK_SECRET (env.ts).
 */
export const DEVELOPMENT_WEBHOOK_SECRET = 'emerald-development-webhook-secret-not-for-production';

export function paymentWebhookSecret(config: Pick<Config, 'PAYMENT_WEBHOOK_SECRET' | 'NODE_ENV'>): string {
  if (config.PAYMENT_WEBHOOK_SECRET) return config.PAYMENT_WEBHOOK_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('PAYMENT_WEBHOOK_SECRET is required in production');
  return DEVELOPMENT_WEBHOOK_SECRET;
}
