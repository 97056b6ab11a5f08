import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config/social-providers';

/** Provider metadata is discovered once per process and read again after this long. */
const DISCOVERY_MAX_AGE_MS = 6 * 60 * 60_000;
/** Seconds before a discovery or token request to the provider is given up. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const discovered = new Map<string, { at: number; configuration: Promise<oidc.Configuration> }>();

/**
 * The openid-client configuration of a provider: its discovered metadata and our client
 * credentials (client_secret_basic, the OpenID Connect default). A failed discovery is not kept,
 * so the next request tries again.
 */
export function oidcConfiguration(settings: OidcSettings, now = Date.now()): Promise<oidc.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}`;
  const cached = discovered.get(key);
  if (cached && now - cached.at < DISCOVERY_MAX_AGE_MS) return cached.configuration;
  const configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    // Plain http only for an issuer on this machine outside production (checked by oidcSettings).
    execute: settings.allowInsecureRequests ? [oidc.allowInsecureRequests] : [],
  });
  const entry = { at: now, configuration };
  discovered.set(key, entry);
  configuration.catch(() => {
    if (discovered.get(key) === entry) discovered.delete(key);
  });
  return configuration;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A fresh authorization request: code flow with PKCE (S256), state and nonce. */
export async function buildAuthorizationRequest(configuration: oidc.Configuration, redirectUri: string): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

export interface ProviderIdentity {
  subject: string;
  email: string | null;
}

/**
 * Checks the authorization response (state, issuer) and exchanges its code with the PKCE verifier,
 * then validates the ID token (signature, issuer, audience, expiry, nonce). Throws when any check fails.
 */
export async function exchangeCode(
  configuration: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('the provider answered without an ID token subject');
  return { subject: claims.sub, email: typeof claims.email === 'string' ? claims.email : null };
}
