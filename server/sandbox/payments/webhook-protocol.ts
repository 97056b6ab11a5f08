import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { fundingSources } from './test-inputs';

/**
 * The sandbox PSP's webhook protocol, as a PSP documents it for its merchants: a JSON event
 * POSTed to the merchant's address with `X-Sandbox-Signature: sha256=<hex>`, the HMAC-SHA256 of
 * the raw body under the shared webhook secret. An event id is unique per event; a redelivery
 * carries the same id.
 */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

export const sandboxEventTypes = [
  'payment.succeeded',
  'payment.declined',
  'payment.failed',
  'payment.cancelled',
  'payout.paid',
  'payout.failed',
  'card.stored',
] as const;
export type SandboxEventType = (typeof sandboxEventTypes)[number];

const cardSchema = z.object({
  token: z.string().min(1).max(200),
  brand: z.string().min(1).max(40),
  lastFour: z.string().regex(/^\d{4}$/),
  nameOnCard: z.string().min(1).max(100),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2100),
  /** HMAC-SHA256 (hex) of the card number under the sandbox's key: the same number, the same fingerprint. Absent from events of cards vaulted before. */
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .default(null),
  /** Whether the customer may be charged with the token again; a card only paid with receives payouts. Absent before: only saved cards were sent. */
  reusable: z.boolean().default(true),
});

/**
 * A crypto payment's coins as the chain saw them: the coin and the address they were sent from
 * (the transaction's input), so that the merchant can send money back there. Absent from events
 * of other methods and of crypto payments from before senders were reported.
 */
const cryptoSchema = z.object({
  coin: z.string().regex(/^[A-Z0-9]{2,10}$/),
  senderAddress: z.string().min(1).max(200),
});

export const sandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(sandboxEventTypes),
  created: z.string(),
  data: z.object({
    /** The sandbox's own id of the payment, payout or card setup. */
    reference: z.string().min(1).max(200),
    /** The payment method code the merchant started it with. */
    method: z.string().min(1).max(40),
    /** The merchant's payment id (absent for card setups). */
    merchantReference: z.string().max(200).nullable(),
    customerReference: z.string().min(1).max(200),
    /** Minor units, as a string of digits. */
    amount: z
      .string()
      .regex(/^\d{1,18}$/)
      .nullable(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable(),
    reason: z.string().max(500).nullable(),
    card: cardSchema.nullable(),
    crypto: cryptoSchema.nullable().default(null),
    /**
     * An authorised e-wallet payment: what the customer paid from (BALANCE, BANK_ACCOUNT,
     * DEBIT_CARD, CREDIT_CARD, PAY_LATER). Null for other methods and events from before it was reported.
     */
    fundingSource: z.enum(fundingSources).nullable().default(null),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

export function signWebhookBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Constant-time check of a signature header against the raw body. */
export function webhookSignatureValid(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  const expected = Buffer.from(signWebhookBody(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
