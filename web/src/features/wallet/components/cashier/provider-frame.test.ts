import { describe, expect, it } from 'vitest';
import { readProviderMessage } from './provider-frame';

const frame = {} as Window;
const origin = 'https://emerald.example';
const data = { source: 'emerald-payment', paymentId: '5c1d…', outcome: 'completed', kind: 'deposit' };

describe('readProviderMessage', () => {
  it('DEP-31 takes the end message of the provider page in the wallet frame', () => {
    expect(readProviderMessage({ origin, source: frame, data }, frame, origin)).toEqual(data);
  });

  it('ignores messages from another origin, another window or of another shape', () => {
    expect(readProviderMessage({ origin: 'https://evil.example', source: frame, data }, frame, origin)).toBeNull();
    expect(readProviderMessage({ origin, source: {} as Window, data }, frame, origin)).toBeNull();
    expect(readProviderMessage({ origin, source: frame, data: { ...data, outcome: 'paid' } }, frame, origin)).toBeNull();
    expect(readProviderMessage({ origin, source: frame, data: 'done' }, frame, origin)).toBeNull();
  });
});
