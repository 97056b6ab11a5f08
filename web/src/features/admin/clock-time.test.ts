import { describe, expect, it } from 'vitest';
import { clockTime } from './clock-time';

describe('the health view time (OPS-02, defect 8)', () => {
  const afternoon = Date.UTC(2026, 10, 24, 13, 5, 9);
  const justAfterMidnight = Date.UTC(2026, 10, 24, 0, 7, 3);

  it.each(['en', 'mk'])('reads on the 24-hour clock in %s', (language) => {
    expect(clockTime(afternoon, language, 'UTC')).toBe('13:05:09');
    expect(clockTime(justAfterMidnight, language, 'UTC')).toBe('00:07:03');
    expect(clockTime(afternoon, language, 'UTC')).not.toMatch(/AM|PM|претпл|попл/i);
  });
});
