import { createHash } from 'node:crypto';

/**
 * The sandbox's crypto prices: plausible rates in minor units of the fiat currency per coin,
 * drifting slowly (±1 % over six hours) so that quotes differ a little over a day. Coin amounts
 * are thousandths (3 decimals, DEP-45), rounded up so that the coins sent never fall short of
 * the fiat amount quoted.
 */
export const sandboxCoins = ['BTC', 'ETH', 'USDT'] as const;
export type SandboxCoin = (typeof sandboxCoins)[number];

const baseRates: Record<string, Record<SandboxCoin, bigint>> = {
  EUR: { BTC: 5_800_000n, ETH: 290_000n, USDT: 92n },
  GBP: { BTC: 4_950_000n, ETH: 248_000n, USDT: 79n },
};

const DRIFT_PERIOD_MS = 6 * 3_600_000;

/** Minor units of `currency` per coin at `now`; undefined for a currency the sandbox does not price. */
export function coinRate(coin: SandboxCoin, currency: string, now: Date): bigint | undefined {
  const base = baseRates[currency]?.[coin];
  if (base === undefined) return undefined;
  if (coin === 'USDT') return base;
  // Basis points of drift, a whole number: the rate arithmetic itself stays in bigint.
  const driftBasisPoints = BigInt(Math.round(100 * Math.sin((2 * Math.PI * now.getTime()) / DRIFT_PERIOD_MS)));
  return (base * (10_000n + driftBasisPoints)) / 10_000n;
}

/** Thousandths of a coin for `fiatMinor` at `rate`, rounded up: ceil(fiat × 1000 / rate). */
export function coinAmount(fiatMinor: bigint, rate: bigint): bigint {
  if (rate <= 0n) throw new RangeError('rate must be positive');
  return (fiatMinor * 1000n + rate - 1n) / rate;
}

/** Thousandths as a decimal string: 54348n → "54.348". */
export const thousandthsText = (amount: bigint) => `${amount / 1000n}.${(amount % 1000n).toString().padStart(3, '0')}`;

/** A stable, plausible-looking receiving address per payment and coin (testnet style). */
export function sandboxAddress(coin: SandboxCoin, paymentReference: string): string {
  const digest = createHash('sha256').update(`${coin}:${paymentReference}`).digest('hex');
  if (coin === 'BTC') return `tb1q${digest.slice(0, 38)}`;
  return `0x${digest.slice(0, 40)}`;
}

/**
 * The address of the customer's own wallet for a coin in the blockchain simulator: the sending
 * side of the transaction, stable per customer and coin as a real wallet's address is. A crypto
 * processor reports the transaction's input (or the refund address given) with the payment.
 */
export function sandboxWalletAddress(coin: SandboxCoin, customerReference: string): string {
  return sandboxAddress(coin, `wallet:${customerReference}`);
}

/** Whether `address` is one the coin's (test) network can receive at: BTC bech32 testnet, ETH/USDT 0x + 40 hex digits. */
export function isCoinAddress(coin: string, address: string): boolean {
  if (coin === 'BTC') return /^tb1q[0-9a-z]{38,58}$/.test(address);
  if (coin === 'ETH' || coin === 'USDT') return /^0x[0-9a-fA-F]{40}$/.test(address);
  return false;
}

export const isSandboxCoin = (coin: string): coin is SandboxCoin => (sandboxCoins as readonly string[]).includes(coin);

/**
 * Hundred-millionths of a coin (8 decimals) for a payout of `fiatMinor` at `rate`, rounded down:
 * never more than the fiat amount paid. A payout is priced finer than a deposit quote's
 * thousandths, which would turn a 30 EUR payback into 0.001 BTC (about 58 EUR) or nothing.
 */
export function payoutCoinAmount(fiatMinor: bigint, rate: bigint): bigint {
  if (rate <= 0n) throw new RangeError('rate must be positive');
  return (fiatMinor * 100_000_000n) / rate;
}

/** Hundred-millionths as a decimal string: 51724n → "0.00051724". */
export const coinUnitsText = (amount: bigint) => `${amount / 100_000_000n}.${(amount % 100_000_000n).toString().padStart(8, '0')}`;

export function paymentUri(coin: SandboxCoin, address: string, amount: bigint): string {
  const text = thousandthsText(amount);
  if (coin === 'BTC') return `bitcoin:${address}?amount=${text}`;
  if (coin === 'ETH') return `ethereum:${address}?value=${text}`;
  return `ethereum:${address}?token=USDT&amount=${text}`;
}
