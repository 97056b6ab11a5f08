import { MASK, type PropertyValue } from '../../../contracts/management/configuration';
import { secretVariables } from '../../config/env';

/**
 * Names that say their value is a secret, matched on the name's words (`DOCUMENT_S3_SECRET_ACCESS_KEY`,
 * `clientSecret`, `api-key`): passwords, secrets, tokens, keys, credentials, private material,
 * signatures, cookies and sessions.
 */
const SECRET_WORDS =
  /^(pass|password|passwd|pwd|secret|secrets|token|tokens|key|keys|apikey|credential|credentials|private|signature|cookie|session|auth|authorization)$/;

/** Secret words that also count run together with others (`sslpassword`, `clientsecret`, `authtoken`). */
const SECRET_FRAGMENTS = /(password|passwd|secret|token|credential|apikey|privatekey)/;

function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Secret by name pattern, or one of the variables Emerald knows hold credentials. */
export function isSecretName(name: string): boolean {
  if (secretVariables.has(name)) return true;
  // Counts and durations named after a secret (PASSWORD_RESET_TTL_MINUTES, SESSION_IDLE_TIMEOUT_MINUTES) are not secrets.
  const words = nameWords(name);
  if (words.some((word) => ['ttl', 'timeout', 'minutes', 'hours', 'seconds', 'ms'].includes(word))) return false;
  return words.some((word) => SECRET_WORDS.test(word)) || SECRET_FRAGMENTS.test(words.join(''));
}

/** A URL with its password, and any query parameter named like a secret, replaced by MASK. */
export function maskUrl(value: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.password) url.password = MASK;
  for (const key of [...url.searchParams.keys()]) if (isSecretName(key)) url.searchParams.set(key, MASK);
  return url.toString();
}

/** A URL's password as written and decoded. */
function urlPasswords(value: string): string[] {
  if (!URL.canParse(value)) return [];
  const { password } = new URL(value);
  if (!password) return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password];
  }
}

/** The secret parts of a value: the whole value, and a URL's password (both before any masking). */
function secretParts(value: string): string[] {
  const parts = [value];
  parts.push(...urlPasswords(value));
  // `id:secret,id:secret` lists (WALLET_PROVIDER_SECRETS): each secret alone.
  for (const pair of value.split(',')) {
    const at = pair.indexOf(':');
    if (at > 0 && !pair.includes('//')) parts.push(pair.slice(at + 1));
  }
  return parts.filter((part) => part.length >= 4);
}

/**
 * Masks one property. A secret URL keeps its address with the password masked (which database or
 * mail server is worth seeing); any other secret becomes MASK.
 */
export function maskProperty(name: string, value: PropertyValue): PropertyValue {
  if (typeof value === 'string') {
    const url = maskUrl(value);
    if (isSecretName(name)) return url ?? MASK;
    return url ?? value;
  }
  if (Array.isArray(value)) return isSecretName(name) ? value.map(() => MASK) : value.map((item) => maskUrl(item) ?? item);
  return value;
}

/**
 * The last net: every secret value from the configuration (by name or inside a URL) is searched for
 * in an answer's strings and masked wherever it appears, even under an innocent name.
 */
export class SecretValues {
  private readonly values: string[];

  constructor(source: Record<string, unknown>) {
    const found = new Set<string>();
    for (const [name, value] of Object.entries(source)) {
      if (typeof value !== 'string') continue;
      if (isSecretName(name)) for (const part of secretParts(value)) found.add(part);
      else for (const password of urlPasswords(value)) found.add(password);
    }
    // Longest first, so a secret containing another is masked whole.
    this.values = [...found].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length);
  }

  scrub(text: string): string {
    let result = text;
    for (const secret of this.values) if (result.includes(secret)) result = result.split(secret).join(MASK);
    return result;
  }

  scrubValue(value: PropertyValue): PropertyValue {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((item) => this.scrub(item));
    return value;
  }
}
