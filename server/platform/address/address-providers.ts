import type { Logger } from 'pino';
import type { Config } from '../../config/env';
import type { AddressProvider } from './address-provider';
import { LoqateAddressProvider } from './loqate-address-provider';
import { SandboxAddressProvider } from './sandbox-address-provider';

/**
 * The address look-up ADDRESS_PROVIDER names (issue 31): the sandbox's address book by default, or
 * Loqate with LOQATE_API_KEY (validated at start, server/config/env.ts). A look-up keeps nothing,
 * so a switch strands nothing.
 */
export function createAddressProvider(config: Pick<Config, 'ADDRESS_PROVIDER' | 'LOQATE_API_KEY' | 'LOQATE_API_URL'>, logger: Logger): AddressProvider {
  switch (config.ADDRESS_PROVIDER) {
    case 'sandbox':
      return new SandboxAddressProvider();
    case 'loqate':
      if (!config.LOQATE_API_KEY) throw new Error('LOQATE_API_KEY is required when ADDRESS_PROVIDER=loqate');
      return new LoqateAddressProvider({ apiKey: config.LOQATE_API_KEY, apiUrl: config.LOQATE_API_URL, logger });
  }
}
