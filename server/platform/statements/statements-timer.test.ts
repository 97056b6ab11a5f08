import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../../service-context';

const runs: string[] = [];
vi.mock('./statements.service', () => ({
  runActivityStatements: vi.fn(async (_context: unknown, month: string) => {
    runs.push(month);
    return { month, candidates: 0, sent: 0, failed: 0 };
  }),
}));

const { startActivityStatements } = await import('./statements-timer');

const contextWith = (enabled: boolean, day: number) =>
  ({ config: { ACTIVITY_STATEMENTS_ENABLED: enabled, ACTIVITY_STATEMENT_DAY: day }, logger: { info: vi.fn(), error: vi.fn() } }) as unknown as ServiceContext;

const HOUR = 3_600_000;

describe('the monthly statements job', () => {
  beforeEach(() => {
    runs.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('states the month before from the configured day on, once per month on a node', async () => {
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    const job = startActivityStatements(contextWith(true, 3), HOUR);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs).toEqual([]);
    vi.setSystemTime(new Date('2026-11-03T00:30:00Z'));
    await vi.advanceTimersByTimeAsync(HOUR);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs).toEqual(['2026-10']);
    vi.setSystemTime(new Date('2027-01-03T00:00:00Z'));
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs).toEqual(['2026-10', '2026-12']);
    await job.stop();
  });

  it('does nothing when switched off', async () => {
    vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
    const job = startActivityStatements(contextWith(false, 1), HOUR);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(runs).toEqual([]);
    await job.stop();
  });
});
