import { describe, expect, it } from 'vitest';
import { translator } from '../strings';
import { gameCyclePace, type PaceClock } from './parts';

/** A clock that moves only when the pace sleeps, recording what the button said at each step. */
function fakeClock() {
  let now = 0;
  const clock: PaceClock & { advance(ms: number): void; readonly at: number } = {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    get at() {
      return now;
    },
  };
  return clock;
}

const rules = (minGameCycleMs: number) => ({
  jurisdiction: minGameCycleMs > 0 ? 'GB' : 'IE',
  autoplay: true,
  turbo: true,
  minSpinIntervalMs: 0,
  minGameCycleMs,
  oneSlotAtATime: false,
});

describe('the game cycle pace (issue 29 item 1, RTS 14G)', () => {
  it('starts a round pressed too soon after the 5 s cycle, counting down on its button, then gives the button back', async () => {
    const clock = fakeClock();
    const pace = gameCyclePace({ rules: rules(5_000), t: translator('en') }, clock);
    const button = { textContent: 'Deal', disabled: false };
    const shown: string[] = [];
    const startedAt: number[] = [];
    const start = async () => {
      startedAt.push(clock.at);
      return 'round';
    };
    expect(await pace.start(button, start)).toBe('round');
    clock.advance(1_200);
    const sleep = clock.sleep;
    clock.sleep = async (ms) => {
      shown.push(`${button.textContent}|${button.disabled}`);
      await sleep(ms);
    };
    await pace.start(button, start);
    expect(startedAt).toEqual([0, 5_000]);
    expect(shown).toEqual(['Next game in 4 s|true', 'Next game in 3 s|true', 'Next game in 2 s|true', 'Next game in 1 s|true']);
    expect(button).toEqual({ textContent: 'Deal', disabled: false });
  });

  it('waits out a refusal the server names (a round started in another tab), once, and then starts', async () => {
    const clock = fakeClock();
    const pace = gameCyclePace({ rules: rules(5_000), t: translator('mk') }, clock);
    const button = { textContent: 'Подели', disabled: true };
    let calls = 0;
    const answer = await pace.start(button, async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('too soon'), { retryAfterSeconds: 3 });
      return clock.at;
    });
    expect(calls).toBe(2);
    expect(answer).toBe(3_000);
    expect(button).toEqual({ textContent: 'Подели', disabled: true });
  });

  it('neither waits nor retries where the jurisdiction has no cycle, and passes any other failure on', async () => {
    const clock = fakeClock();
    const pace = gameCyclePace({ rules: rules(0), t: translator('en') }, clock);
    const button = { textContent: 'Spin', disabled: false };
    await pace.start(button, async () => 1);
    await pace.start(button, async () => 2);
    expect(clock.at).toBe(0);
    await expect(pace.start(button, async () => Promise.reject(Object.assign(new Error('429'), { retryAfterSeconds: 2 })))).rejects.toThrow('429');
    const gb = gameCyclePace({ rules: rules(5_000), t: translator('en') }, clock);
    await expect(gb.start(button, async () => Promise.reject(new Error('no money')))).rejects.toThrow('no money');
  });
});
