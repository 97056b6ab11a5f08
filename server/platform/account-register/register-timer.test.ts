import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../../service-context';

const runs: Date[] = [];
vi.mock('./register.service', () => ({
  runAccountRegister: vi.fn(async (_context: unknown, now: Date) => {
    runs.push(now);
    return { candidates: 0, noticed: 0, removed: 0, blocked: 0, cancelled: 0, failed: 0 };
  }),
}));

const { startAccountRegister } = await import('./register-timer');

const contextWith = (enabled: boolean) =>
  ({ config: { ACCOUNT_REGISTER_ENABLED: enabled }, logger: { info: vi.fn(), error: vi.fn() } }) as unknown as ServiceContext;

const HOUR = 3_600_000;

describe('the account-holder register job', () => {
  beforeEach(() => {
    runs.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('runs a pass after start and then every interval, at the clock it is given', async () => {
    const clock = { now: new Date('2027-03-01T00:00:00Z') };
    const job = startAccountRegister(contextWith(true), { intervalMs: HOUR, firstAfterMs: 1_000, now: () => clock.now });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([new Date('2027-03-01T00:00:00Z')]);
    clock.now = new Date('2027-04-01T00:00:00Z');
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs).toEqual([new Date('2027-03-01T00:00:00Z'), new Date('2027-04-01T00:00:00Z')]);
    await job.stop();
  });

  it('does nothing when switched off', async () => {
    const job = startAccountRegister(contextWith(false), { intervalMs: HOUR, firstAfterMs: 1_000 });
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(runs).toEqual([]);
    await job.stop();
  });
});
