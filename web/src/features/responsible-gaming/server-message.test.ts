import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-client';
import { summarise } from './components/submitted';
import { serverMessageOf } from './server-message';

const refused = (body: unknown) => new ApiError({ kind: 'response', httpStatus: 400, appError: null, appAlert: null, body });

describe('what a refused change shows under its field (RG-10, RG-61, DIS-11)', () => {
  it("prefers the field's own error, then any field error, then the message", () => {
    const body = {
      status: 'VALIDATION_ERROR',
      message: 'Invalid request',
      errors: [
        { field: 'interval', error: 'Choose 0 or 10…60' },
        { field: 'limit', error: 'Too high' },
      ],
    };
    expect(serverMessageOf(refused(body), 'limit')).toBe('Too high');
    expect(serverMessageOf(refused(body), 'other')).toBe('Choose 0 or 10…60');
    expect(serverMessageOf(refused({ status: 'PLAYER_LOCKED', message: 'Locked' }))).toBe('Locked');
  });
  it("is null when the server said nothing usable, so the page shows 'Error'", () => {
    expect(serverMessageOf(refused('not json'))).toBeNull();
    expect(serverMessageOf(new ApiError({ kind: 'network' }))).toBeNull();
    expect(serverMessageOf(new Error('boom'))).toBeNull();
  });
});

describe('the submitted dialog for several changes saved together (RG-08, RG-18)', () => {
  const answer = (pending: boolean, requiresDays: number) => ({ status: 'SUCCESS' as const, message: 'ok', pending, requiresDays });
  it('is pending if any change is, for the longest cooling-off', () => {
    expect(summarise([answer(false, 0), answer(true, 1), answer(true, 3)])).toEqual({ pending: true, requiresDays: 3 });
    expect(summarise([answer(false, 0)])).toEqual({ pending: false, requiresDays: 0 });
  });
});
