import type { SocialProvider, SocialType } from '../../contracts/platform/accounts/social-login';
import { isLoopbackUrl, type Config } from './env';

export type SocialSettingsConfig = Pick<Config, 'NODE_ENV' | 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_PROVIDER_NAME'>;

/** How to reach one configured OpenID Connect provider. */
export interface OidcSettings {
  socialType: SocialType;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain http, only for an issuer on this machine outside production (tests, local trials). */
  allowInsecureRequests: boolean;
}

/** The provider configured for a socialType, or null when that social login is not offered. */
export function oidcSettings(config: SocialSettingsConfig, socialType: string): OidcSettings | null {
  if (socialType !== 'OIDC' || !config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  const issuer = new URL(config.OIDC_ISSUER);
  return {
    socialType: 'OIDC',
    name: config.OIDC_PROVIDER_NAME,
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    allowInsecureRequests: issuer.protocol === 'http:' && isLoopbackUrl(issuer) && config.NODE_ENV !== 'production',
  };
}

/** The content configuration's `social_providers`: the buttons the portal shows (SESS-31). */
export function socialProviders(config: SocialSettingsConfig): SocialProvider[] {
  const oidc = oidcSettings(config, 'OIDC');
  return oidc ? [{ socialType: oidc.socialType, name: oidc.name }] : [];
}
