import { describe, expect, it } from 'vitest';
import type { LockCashPayback } from '../../../contracts/platform/limits/limits';
import { limitsSummary } from './limits-summary';
import { lockedText, lockMessage } from './lock-texts';

describe('the limits summary and the lock texts, in the player language (issue 27 items 1 and 2)', () => {
  const limits = [
    { limitType: 'DEPOSIT_LIMIT' as const, periodType: 'Daily' as const, limit: 70, currency: 'EUR' },
    { limitType: 'GAME_TIME_LIMIT' as const, periodType: 'Day' as const, limit: 120, currency: null },
    { limitType: 'REALITY_CHECK' as const, periodType: 'Session' as const, limit: 30, currency: null },
  ];

  it('RG-07 I18N-04 writes the limits in force in English, money as the contracts write it', () => {
    expect(limitsSummary(limits, 'en')).toBe(
      'Your limits: a daily deposit limit of €70.00; a daily game time limit of 120 minutes; a reality check every 30 minutes.',
    );
    expect(limitsSummary([], 'en')).toBe('You have no limits set. Limits help you stay in control: set them below.');
  });

  it('RG-07 I18N-04 writes them in Macedonian, with no English word and Macedonian money', () => {
    const text = limitsSummary(limits, 'mk');
    expect(text).toBe('Вашите лимити: дневен лимит за уплата од 70,00\u00a0€; дневен лимит за време на игра од 120 минути; потсетник на секои 30 минути.');
    expect(text).not.toMatch(/[A-Za-z]{2,}/);
    expect(limitsSummary([], 'mk')).not.toMatch(/[A-Za-z]{2,}/);
  });

  it('writes the lock refusal and answer in the player language, the day named', () => {
    const endsAt = new Date('2027-01-02T10:00:00Z');
    expect(lockedText('EXCLUSION', endsAt, 'en')).toBe(
      'You are self-excluded until 2 January 2027. Your account is closed to play at your request until then.',
    );
    expect(lockedText('TIMEOUT', endsAt, 'mk')).toBe('Вие сте на пауза до 2 јануари 2027. Вашата сметка е затворена за игра на ваше барање до тогаш.');
    const payback: LockCashPayback = {
      payouts: [{ amount: 30, currency: 'EUR', paymentMethod: 'NETELLER', destination: 'Neteller a@b.ie', paymentStatus: 'PENDING' }],
      staffReturns: [],
      processing: false,
    };
    expect(lockMessage('EXCLUSION', endsAt, payback, 'en')).toBe('You are self-excluded until 2 January 2027. €30.00 is being paid back to Neteller a@b.ie.');
    expect(lockMessage('EXCLUSION', endsAt, payback, 'mk')).toContain('30,00\u00a0€ ви се враќаат на Neteller a@b.ie.');
  });
});
