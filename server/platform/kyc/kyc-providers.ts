import type { Logger } from 'pino';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { KycProvider, KycProviders } from '../../providers/kyc-provider';
import { OnfidoKycProvider } from './onfido-kyc-provider';
import { SandboxKycProvider } from './sandbox-kyc-provider';

/**
 * The identity providers running on this node (issue 31): KYC_PROVIDER starts new checks; Onfido
 * also runs whenever its token is configured, so its webhooks for checks started before a switch
 * are still taken. The configuration was validated at start (server/config/env.ts).
 */
export function createKycProviders(config: Config, db: Db, logger: Logger): KycProviders {
  const running: KycProvider[] = [new SandboxKycProvider()];
  if (config.ONFIDO_API_TOKEN) {
    running.push(
      new OnfidoKycProvider({
        apiToken: config.ONFIDO_API_TOKEN,
        webhookTokens: config.ONFIDO_WEBHOOK_TOKENS,
        apiUrl: config.ONFIDO_API_URL,
        region: config.ONFIDO_REGION,
        db,
        logger,
      }),
    );
  }
  const byId = new Map(running.map((provider) => [provider.id, provider]));
  const active = byId.get(config.KYC_PROVIDER);
  if (!active) throw new Error(`KYC_PROVIDER=${config.KYC_PROVIDER} is not configured`);
  return { active, all: running, get: (id) => byId.get(id) };
}
