import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../service-context';

const runs: string[] = [];
vi.mock('./register-recheck', () => ({
  runRegisterRecheck: vi.fn(async () => {
    runs.push(new Date().toISOString().slice(0, 10));
    return { status: 'COMPLETE', asked: 0, registered: [], previouslyRegistered: 0, unanswered: 0 };
  }),
}));

const { startRegisterRecheck } = await import('./register-recheck-timer');

const contextWith = (enabled: boolean) =>
  ({ config: { EXCLUSION_REGISTER_RECHECK_ENABLED: enabled }, logger: { info: vi.fn(), error: vi.fn() } }) as unknown as ServiceContext;

const HOUR = 3_600_000;

describe('the daily GAMSTOP re-check job (issue 29 item 6)', () => {
  beforeEach(() => {
    runs.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('runs once a UTC day on a node, however often it looks', async () => {
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const job = startRegisterRecheck(contextWith(true), HOUR);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(runs).toEqual(['2030-01-01']);
    vi.setSystemTime(new Date('2030-01-02T00:10:00Z'));
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(runs).toEqual(['2030-01-01', '2030-01-02']);
    await job.stop();
  });

  it('does nothing when switched off', async () => {
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const job = startRegisterRecheck(contextWith(false), HOUR);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(runs).toEqual([]);
    await job.stop();
  });
});
