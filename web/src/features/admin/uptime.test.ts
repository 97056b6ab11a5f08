import { describe, expect, it } from 'vitest';
import { uptimeParts } from './uptime';

describe('uptimeParts', () => {
  it('OPS-02 gives the two largest units of an uptime', () => {
    expect(uptimeParts(7_500)).toEqual([
      { value: 2, unit: 'hours' },
      { value: 5, unit: 'minutes' },
    ]);
    expect(uptimeParts(90_061)).toEqual([
      { value: 1, unit: 'days' },
      { value: 1, unit: 'hours' },
    ]);
    expect(uptimeParts(125)).toEqual([
      { value: 2, unit: 'minutes' },
      { value: 5, unit: 'seconds' },
    ]);
  });

  it('leaves out a smaller unit that is zero and keeps a lone zero', () => {
    expect(uptimeParts(3_600)).toEqual([{ value: 1, unit: 'hours' }]);
    expect(uptimeParts(86_400 + 59)).toEqual([{ value: 1, unit: 'days' }]);
    expect(uptimeParts(42)).toEqual([{ value: 42, unit: 'seconds' }]);
    expect(uptimeParts(0)).toEqual([{ value: 0, unit: 'seconds' }]);
  });

  it('reads a negative or fractional uptime as whole seconds from zero', () => {
    expect(uptimeParts(-5)).toEqual([{ value: 0, unit: 'seconds' }]);
    expect(uptimeParts(61.9)).toEqual([
      { value: 1, unit: 'minutes' },
      { value: 1, unit: 'seconds' },
    ]);
  });
});
