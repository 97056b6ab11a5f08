import { describe, expect, it } from 'vitest';
import { appendReading, formatBytes, formatMs } from './readings';

describe('operations readings (OPS-03)', () => {
  it('formats sizes in binary units in the page language', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(150 * 1024 * 1024, 'en')).toBe('150 MB');
    expect(formatBytes(1.5 * 1024 * 1024 * 1024, 'mk')).toBe('1,5 GB');
  });

  it('formats durations with fewer decimals as they grow', () => {
    expect(formatMs(1.234, 'en')).toBe('1.23 ms');
    expect(formatMs(12.34, 'en')).toBe('12.3 ms');
    expect(formatMs(1234.5, 'en')).toBe('1,235 ms');
  });

  it('keeps the newest readings of a chart series, oldest first', () => {
    expect(appendReading([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
    expect(appendReading([], 1, 3)).toEqual([1]);
  });
});
