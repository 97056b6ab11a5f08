import { hash, verify } from '@node-rs/argon2';

/** argon2id with 19 MiB of memory, 2 passes and 1 lane (OWASP's first recommended setting). */
export const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification when there is no account to check, so that the
 * answer's timing does not tell whether a username exists.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-0');
  await verifyPassword(await decoyHash, password);
  return false;
}
