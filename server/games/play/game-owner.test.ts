import { describe, expect, it } from 'vitest';
import { gameRound } from '../../db/schema';
import { isVisitor, ownedBy, ownerColumns, ownerOf, realPlayerId } from './game-owner';
import { freePlayNeedsAgeVerification, rulesFor } from '../../jurisdiction';

const PLAYER = '6f1c1b1e-8d6b-4f51-9a3f-0d9d2d1c1a01';
const VISITOR = '0b7f3c52-3f0e-4b8e-8a55-5d1e1f6a2b02';

describe('game owner (a player, or a visitor’s anonymous game identity)', () => {
  it('reads the one owner of a row and refuses a row with none or both', () => {
    expect(ownerOf({ playerId: PLAYER, visitorId: null })).toEqual({ playerId: PLAYER });
    expect(ownerOf({ playerId: null, visitorId: VISITOR })).toEqual({ visitorId: VISITOR });
    expect(() => ownerOf({ playerId: null, visitorId: null })).toThrow(/exactly one owner/);
    expect(() => ownerOf({ playerId: PLAYER, visitorId: VISITOR })).toThrow(/exactly one owner/);
  });

  it('writes exactly one owner column', () => {
    expect(ownerColumns({ playerId: PLAYER })).toEqual({ playerId: PLAYER, visitorId: null });
    expect(ownerColumns({ visitorId: VISITOR })).toEqual({ playerId: null, visitorId: VISITOR });
    expect(isVisitor({ visitorId: VISITOR })).toBe(true);
    expect(isVisitor({ playerId: PLAYER })).toBe(false);
  });

  it('real money always names a player', () => {
    expect(realPlayerId({ playerId: PLAYER })).toBe(PLAYER);
    expect(() => realPlayerId({ playerId: null })).toThrow(/without a player/);
  });

  it('filters on the owner’s own column', () => {
    expect(ownedBy(gameRound, { playerId: PLAYER }).queryChunks).toContain(gameRound.playerId);
    expect(ownedBy(gameRound, { visitorId: VISITOR }).queryChunks).toContain(gameRound.visitorId);
    expect(ownedBy(gameRound, { visitorId: VISITOR }).queryChunks).not.toContain(gameRound.playerId);
  });
});

describe('free play before age verification (visitors)', () => {
  it('GB (and UK) rules need age verification before free play; IE and others do not', () => {
    expect(freePlayNeedsAgeVerification('GB')).toBe(true);
    expect(freePlayNeedsAgeVerification('uk')).toBe(true);
    expect(freePlayNeedsAgeVerification('IE')).toBe(false);
    expect(freePlayNeedsAgeVerification('DE')).toBe(false);
    expect(freePlayNeedsAgeVerification(null)).toBe(false);
    expect(rulesFor('IE').jurisdiction).toBe('IE');
  });
});
