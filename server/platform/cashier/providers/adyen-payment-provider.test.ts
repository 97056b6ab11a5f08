import adyen from '@adyen/api-library';
import { describe, expect, it } from 'vitest';
import { WebhookFormatError, WebhookSignatureError } from '../../../providers/payment-provider';
import { adyenItemSignature, adyenNotificationBody, signAdyenItem } from '../../../sandbox/adyen';
import { AdyenPaymentProvider, notificationType } from './adyen-payment-provider';

const KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const OLD_KEY = '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0';

const provider = (keys: string[]) =>
  new AdyenPaymentProvider({
    apiKey: 'AQE_test',
    merchantAccount: 'TestMerchant',
    hmacKeys: keys,
    environment: 'TEST',
    apiUrl: 'http://127.0.0.1:9',
    returnUrl: 'http://127.0.0.1:9/ps/cashier/return/adyen',
    storedNotifications: async () => [],
    payee: async () => null,
  });

const item = {
  additionalData: { 'metadata.customer_reference': 'party-1' },
  amount: { value: 1130, currency: 'EUR' },
  eventCode: 'AUTHORISATION',
  eventDate: '2026-11-29T12:00:00+01:00',
  merchantAccountCode: 'TestMerchant',
  merchantReference: '11111111-2222-3333-4444-555555555555',
  paymentMethod: 'neteller',
  pspReference: '7914073381342284',
  reason: '',
  success: 'true',
};

describe('the Adyen adapter (issue 31)', () => {
  it('signs notification items as the SDK checks them: HMAC-SHA256 of the eight fields joined by ":" under the hex-decoded key, base64', () => {
    // The simulator's signature is the one the official SDK computes.
    expect(adyenItemSignature(item, KEY)).toBe(new adyen.hmacValidator().calculateHmac(item as never, KEY));
    expect(new adyen.hmacValidator().validateHMAC(signAdyenItem(item, KEY) as never, KEY)).toBe(true);
  });

  it('reads a batch only when every item is signed with an accepted key; the rotated-in and the old key are both accepted', () => {
    const adapter = provider([KEY, OLD_KEY]);
    const body = adyenNotificationBody([signAdyenItem(item, KEY), signAdyenItem({ ...item, pspReference: '8814073381342285', success: 'false' }, OLD_KEY)]);
    const read = adapter.parseWebhookBatch(Buffer.from(body), {});
    expect(read.map((notification) => [notification.eventId, notification.type, notification.amount, notification.customerReference])).toEqual([
      ['7914073381342284:AUTHORISATION:true', 'PAYMENT_SUCCEEDED', 1130n, 'party-1'],
      ['8814073381342285:AUTHORISATION:false', 'PAYMENT_DECLINED', 1130n, 'party-1'],
    ]);
    // The old key removed: the same batch is refused whole.
    expect(() => provider([KEY]).parseWebhookBatch(Buffer.from(body), {})).toThrow(WebhookSignatureError);
    // Tampered amount, no signature.
    expect(() =>
      adapter.parseWebhookBatch(Buffer.from(adyenNotificationBody([{ ...signAdyenItem(item, KEY), amount: { value: 113_000, currency: 'EUR' } }])), {}),
    ).toThrow(WebhookSignatureError);
    expect(() => adapter.parseWebhookBatch(Buffer.from(adyenNotificationBody([item])), {})).toThrow(WebhookSignatureError);
    expect(() => adapter.parseWebhookBatch(Buffer.from('{"notificationItems":[{}]}'), {})).toThrow(WebhookFormatError);
  });

  it('leaves out items of another merchant account and event codes the cashier does not act on', () => {
    const adapter = provider([KEY]);
    const body = adyenNotificationBody([
      signAdyenItem({ ...item, merchantAccountCode: 'OtherMerchant' }, KEY),
      signAdyenItem({ ...item, eventCode: 'REPORT_AVAILABLE' }, KEY),
    ]);
    expect(adapter.parseWebhookBatch(Buffer.from(body), {})).toEqual([]);
  });

  it('maps eventCode and success onto the cashier notification types', () => {
    expect(notificationType('AUTHORISATION', true)).toBe('PAYMENT_SUCCEEDED');
    expect(notificationType('AUTHORISATION', false)).toBe('PAYMENT_DECLINED');
    expect(notificationType('CANCELLATION', true)).toBe('PAYMENT_CANCELLED');
    expect(notificationType('REFUND', false)).toBeNull();
    expect(notificationType('OFFER_CLOSED', true)).toBe('PAYMENT_CANCELLED');
    expect(notificationType('PAYOUT_THIRDPARTY', true)).toBe('PAYOUT_PAID');
    expect(notificationType('PAYOUT_THIRDPARTY', false)).toBe('PAYOUT_FAILED');
    expect(notificationType('PAYOUT_DECLINE', true)).toBe('PAYOUT_FAILED');
    expect(notificationType('CHARGEBACK', true)).toBeNull();
  });
});
