import type { Config } from '../../config/env';
import { localUrl } from '../../config/local-url';

/**
 * The portal's address for links in e-mails. Taken from configuration, never from the request's
 * Host header, so that a forged header cannot point a reset link elsewhere.
 */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return localUrl(config.HOST, config.PORT);
}
