import { createContext, useContext } from 'react';
import { z } from 'zod/mini';
import type { ConfigurationFields } from '../../../../contracts/content/configuration';

/**
 * Social sign-in providers offered in the login sidebar (SESS-31, as decided for OpenID Connect).
 * Older configurations do not carry the field, and a malformed one counts as none.
 */
export const socialProvidersSchema = z._default(
  z.catch(z.array(z.object({ socialType: z.string().check(z.minLength(1)), name: z.string().check(z.minLength(1)) })), []),
  [],
);
export type SocialProvider = z.infer<typeof socialProvidersSchema>[number];

/**
 * The countries sign-up is open to (defect 3); older configurations do not carry the field, and
 * a malformed one counts as none (then every country is offered and the server decides).
 */
export const signupCountriesSchema = z._default(z.catch(z.array(z.string().check(z.regex(/^[A-Z]{2}$/))), []), []);

/** The content configuration read at start (BOOT-10); it does not change while the page lives. */
export type Configuration = ConfigurationFields & { social_providers: SocialProvider[]; signup_countries: string[] };

export const ConfigurationContext = createContext<Configuration | null>(null);

export function useConfiguration(): Configuration {
  const configuration = useContext(ConfigurationContext);
  if (!configuration) throw new Error('useConfiguration is used outside the configured app');
  return configuration;
}
