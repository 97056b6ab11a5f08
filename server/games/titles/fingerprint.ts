import { createHash } from 'node:crypto';
import type { SlotTitle } from './types';

/** A stable fingerprint of a slot configuration: computed figures belong to exactly this configuration. */
export function configFingerprint(title: SlotTitle): string {
  return createHash('sha256').update(JSON.stringify(title.config)).digest('hex').slice(0, 16);
}
