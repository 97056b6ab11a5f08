import { describe, expect, it } from 'vitest';
import { REGISTER_PROBLEMS, registerProblemOf, registerStatusProblem } from './exclusion-register';

describe('a re-check problem read back for the back office', () => {
  it('knows each problem the adapters store, and the status GAMSTOP answered', () => {
    for (const [problem, text] of Object.entries(REGISTER_PROBLEMS)) expect(registerProblemOf(text)).toEqual({ problem });
    expect(registerProblemOf(registerStatusProblem(503))).toEqual({ problem: 'status', status: 503 });
  });

  it('leaves any other text (an adapter’s exception) to be shown as stored', () => {
    expect(registerProblemOf('socket hang up')).toBeNull();
    expect(registerProblemOf('GAMSTOP answered 503 twice')).toBeNull();
  });
});
