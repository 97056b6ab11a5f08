import type { BaseLogger } from 'pino';
import type { ExclusionRegisterProvider } from '../../providers/exclusion-register-provider';
import { GamstopExclusionRegister, type PacingClock } from './gamstop-exclusion-register';
import { SandboxExclusionRegister } from './sandbox-exclusion-register';

export interface ExclusionRegisterSettings {
  EXCLUSION_REGISTER_PROVIDER: 'sandbox' | 'gamstop';
  GAMSTOP_URL?: string | undefined;
  GAMSTOP_API_KEY?: string | undefined;
}

/**
 * The provider EXCLUSION_REGISTER_PROVIDER names: `sandbox` (the default) answers from test last
 * names in-process; `gamstop` asks GAMSTOP v2 at GAMSTOP_URL for GB, while Ireland's register has
 * no adapter yet and stays the sandbox's (docs/compliance.md, "GAMSTOP").
 */
export function createExclusionRegister(
  settings: ExclusionRegisterSettings,
  options: { logger?: Pick<BaseLogger, 'warn' | 'error'>; clock?: PacingClock } = {},
): ExclusionRegisterProvider {
  switch (settings.EXCLUSION_REGISTER_PROVIDER) {
    case 'sandbox':
      return new SandboxExclusionRegister();
    case 'gamstop':
      // The configuration refuses gamstop without both (env.ts); this is for a caller that skipped it.
      if (!settings.GAMSTOP_URL || !settings.GAMSTOP_API_KEY) throw new Error('EXCLUSION_REGISTER_PROVIDER=gamstop needs GAMSTOP_URL and GAMSTOP_API_KEY');
      return new GamstopExclusionRegister({
        url: settings.GAMSTOP_URL,
        apiKey: settings.GAMSTOP_API_KEY,
        others: new SandboxExclusionRegister(),
        logger: options.logger,
        clock: options.clock,
      });
  }
}
