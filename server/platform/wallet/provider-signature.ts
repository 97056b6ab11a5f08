import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env';

/**
 * Game providers sign every seamless-wallet request: `X-Wallet-Provider: <id>` and
 * `X-Wallet-Signature: sha256=<hex HMAC-SHA256 of the raw body under the provider's secret>`.
 * The secrets come from WALLET_PROVIDER_SECRETS (`id:secret,id:secret`, required in production);
 * outside production, when it is unset, our own studio `emerald-studio` signs with a fixed
 * development secret so that a fresh checkout works without configuration.
 */
export const DEVELOPMENT_PROVIDER_ID = 'emerald-studio';
export const DEVELOPMENT_PROVIDER_SECRET = 'emerald-studio-development-secret-not-for-production';

export const PROVIDER_HEADER = 'x-wallet-provider';
export const SIGNATURE_HEADER = 'x-wallet-signature';

export function walletProviderSecrets(config: Pick<Config, 'WALLET_PROVIDER_SECRETS' | 'NODE_ENV'>): ReadonlyMap<string, string> {
  if (!config.WALLET_PROVIDER_SECRETS) {
    if (config.NODE_ENV === 'production') throw new Error('WALLET_PROVIDER_SECRETS is required in production');
    return new Map([[DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET]]);
  }
  const secrets = new Map<string, string>();
  for (const pair of config.WALLET_PROVIDER_SECRETS.split(',')) {
    const at = pair.indexOf(':');
    if (at > 0) secrets.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return secrets;
}

/** The signature header's value for a body. */
export function signWalletBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

const signaturePattern = /^sha256=([0-9a-f]{64})$/i;

/**
 * True when `signature` is the HMAC of `body` under the named provider's secret. The comparison
 * takes the same time whatever the bytes; an unknown provider is refused the same way.
 */
export function verifyWalletSignature(
  secrets: ReadonlyMap<string, string>,
  providerId: string | undefined,
  signature: string | undefined,
  body: Buffer,
): boolean {
  const match = signature ? signaturePattern.exec(signature.trim()) : null;
  const secret = providerId ? secrets.get(providerId) : undefined;
  if (!match?.[1] || secret === undefined) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}
