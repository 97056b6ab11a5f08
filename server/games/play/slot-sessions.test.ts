import { describe, expect, it } from 'vitest';
import { JURISDICTION_RULES, rulesFor } from '../../jurisdiction';
import { endsOtherSlotSessions, isSlotGame, SLOT_GAME_IDS, SLOT_SESSION_ENDED_FIELD, slotSessionEndedError } from './slot-sessions';

describe('one slot game at a time (GB: no two slots side by side)', () => {
  it('knows the studio slots from the table and mini games', () => {
    expect(isSlotGame('SR-1001')).toBe(true);
    expect(isSlotGame('SR-3001')).toBe(true);
    expect(isSlotGame('NT-4001')).toBe(false);
    expect(isSlotGame('PA-5002')).toBe(false);
    expect(isSlotGame('bingo')).toBe(false);
    expect(SLOT_GAME_IDS.length).toBeGreaterThan(10);
  });

  it('is a GB rule only', () => {
    expect(JURISDICTION_RULES.GB.oneSlotAtATime).toBe(true);
    expect(rulesFor('uk').oneSlotAtATime).toBe(true);
    expect(rulesFor('IE').oneSlotAtATime).toBe(false);
    expect(rulesFor(null).oneSlotAtATime).toBe(false);
  });

  it('ends other slot sessions only when a GB player opens a slot', () => {
    expect(endsOtherSlotSessions('GB', 'SR-1001')).toBe(true);
    expect(endsOtherSlotSessions('GB', 'NT-4001')).toBe(false);
    expect(endsOtherSlotSessions('IE', 'SR-1001')).toBe(false);
    expect(endsOtherSlotSessions(null, 'SR-1001')).toBe(false);
  });

  it('refuses an ended session with a 409 naming the rule and the game session', () => {
    const error = slotSessionEndedError('GB');
    expect(error.httpStatus).toBe(409);
    expect(error.status).toBe('GAME_SESSION_ENDED');
    expect(error.message).toMatch(/GB rules allow one slot game at a time/);
    expect(error.errors?.map((entry) => entry.field)).toEqual([SLOT_SESSION_ENDED_FIELD]);
  });
});
