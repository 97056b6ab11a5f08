import { describe, expect, it } from 'vitest';
import { coinUnitsText, isCoinAddress, payoutCoinAmount, sandboxAddress, sandboxWalletAddress } from './crypto-rates';

describe('sandbox crypto payouts and sending wallets', () => {
  it('prices a payout in hundred-millionths of a coin, rounded down: never more than the fiat amount', () => {
    // 30.00 EUR at 58,000.00 EUR per BTC: 0.00051724 BTC (a deposit quote's thousandths would ask 0.001).
    expect(payoutCoinAmount(3_000n, 5_800_000n)).toBe(51_724n);
    expect(coinUnitsText(51_724n)).toBe('0.00051724');
    expect(payoutCoinAmount(2_000n, 92n)).toBe(2_173_913_043n);
    expect(coinUnitsText(2_173_913_043n)).toBe('21.73913043');
    for (const [fiat, rate] of [
      [3_000n, 5_812_345n],
      [1n, 290_000n],
      [999_999n, 79n],
    ] as const) {
      expect(payoutCoinAmount(fiat, rate) * rate).toBeLessThanOrEqual(fiat * 100_000_000n);
    }
    expect(() => payoutCoinAmount(100n, 0n)).toThrow(RangeError);
  });

  it('gives each customer one stable wallet per coin, another than any payment address, of the coin’s network', () => {
    const btc = sandboxWalletAddress('BTC', 'player-1');
    expect(btc).toBe(sandboxWalletAddress('BTC', 'player-1'));
    expect(btc).not.toBe(sandboxWalletAddress('BTC', 'player-2'));
    expect(btc).not.toBe(sandboxAddress('BTC', 'player-1'));
    expect(isCoinAddress('BTC', btc)).toBe(true);
    expect(isCoinAddress('ETH', btc)).toBe(false);
    const eth = sandboxWalletAddress('ETH', 'player-1');
    expect(isCoinAddress('ETH', eth)).toBe(true);
    expect(isCoinAddress('USDT', eth)).toBe(true);
    expect(isCoinAddress('BTC', eth)).toBe(false);
    expect(isCoinAddress('ETH', '0x123')).toBe(false);
    expect(isCoinAddress('DOGE', eth)).toBe(false);
  });
});
