import { describe, expect, it } from 'vitest';
import { timeOfDay } from './clock';

describe('timeOfDay', () => {
  it('writes a 24-hour clock with no day period in Macedonian, Irish and British English', () => {
    const evening = new Date('2026-11-26T21:05:09Z');
    for (const locale of ['mk-MK', 'en-IE', 'en-GB']) {
      expect(timeOfDay(locale, { timeZone: 'UTC' }).format(evening)).toBe('21:05');
      expect(timeOfDay(locale, { seconds: true, timeZone: 'UTC' }).format(evening)).toBe('21:05:09');
    }
    expect(timeOfDay('mk-MK', { timeZone: 'UTC' }).format(new Date('2026-11-26T09:05:00Z'))).toBe('09:05');
  });
});
