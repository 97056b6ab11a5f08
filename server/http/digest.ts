import { createHash } from 'node:crypto';

/**
 * Hex SHA-256, the form in which session tokens, reset keys, confirmation codes and sign-in states
 * are stored: a copy of the database opens nothing.
 */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
