import { describe, expect, it } from 'vitest';
import { bucketQuantile } from './jhimetrics';

describe('percentiles from histogram buckets (OPS-03), as histogram_quantile estimates them', () => {
  const buckets = [
    { le: 0.01, count: 50 },
    { le: 0.1, count: 90 },
    { le: 1, count: 100 },
    { le: Number.POSITIVE_INFINITY, count: 100 },
  ];

  it('interpolates inside the bucket the rank falls in', () => {
    expect(bucketQuantile(buckets, 0.5)).toBeCloseTo(0.01);
    expect(bucketQuantile(buckets, 0.7)).toBeCloseTo(0.01 + 0.09 * (20 / 40));
    expect(bucketQuantile(buckets, 0.95)).toBeCloseTo(0.1 + 0.9 * 0.5);
  });

  it('answers the last finite bound above it, and 0 with no observations', () => {
    expect(
      bucketQuantile(
        [
          { le: 0.5, count: 1 },
          { le: Number.POSITIVE_INFINITY, count: 10 },
        ],
        0.99,
      ),
    ).toBe(0.5);
    expect(
      bucketQuantile(
        [
          { le: 0.5, count: 0 },
          { le: Number.POSITIVE_INFINITY, count: 0 },
        ],
        0.5,
      ),
    ).toBe(0);
  });
});
