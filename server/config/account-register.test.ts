import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './env';
import { DEFAULT_ACCOUNT_INACTIVITY_REMOVAL, inactivityRemovalJurisdictions, parseInactivityRemoval } from './account-register';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ NODE_ENV: 'test', ...env }, '/srv/emerald');
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
};

describe('the account-holder register configuration', () => {
  it('defaults to the law: IE players removed after 13 months without play, told 30 days before, the job on', () => {
    expect(inactivityRemovalJurisdictions(DEFAULT_ACCOUNT_INACTIVITY_REMOVAL)).toEqual(['IE']);
    expect(loadConfig({ NODE_ENV: 'test' }, '/srv/emerald')).toMatchObject({
      ACCOUNT_REGISTER_ENABLED: true,
      ACCOUNT_INACTIVITY_REMOVAL: 'IE',
      ACCOUNT_INACTIVITY_MONTHS: 13,
      ACCOUNT_REMOVAL_NOTICE_DAYS: 30,
    });
    expect(inactivityRemovalJurisdictions(' ie , gb ')).toEqual(['IE', 'GB']);
    expect(inactivityRemovalJurisdictions('')).toEqual([]);
    expect(
      loadConfig({ NODE_ENV: 'test', ACCOUNT_REGISTER_ENABLED: 'false', ACCOUNT_INACTIVITY_MONTHS: '24', ACCOUNT_REMOVAL_NOTICE_DAYS: '60' }, '/srv/emerald'),
    ).toMatchObject({
      ACCOUNT_REGISTER_ENABLED: false,
      ACCOUNT_INACTIVITY_MONTHS: 24,
      ACCOUNT_REMOVAL_NOTICE_DAYS: 60,
    });
  });

  it('refuses a bad value at start, naming the variable and the value', () => {
    expect(parseInactivityRemoval('IE,FR')).toMatchObject({ problem: expect.stringContaining('"FR"') });
    expect(parseInactivityRemoval('IE,ie')).toMatchObject({ problem: expect.stringContaining('more than once') });
    expect(
      problemsOf({
        ACCOUNT_INACTIVITY_REMOVAL: 'IE,UK',
        ACCOUNT_INACTIVITY_MONTHS: '0',
        ACCOUNT_REMOVAL_NOTICE_DAYS: 'soon',
        ACCOUNT_REGISTER_ENABLED: 'hourly',
      }),
    ).toEqual([
      'ACCOUNT_REGISTER_ENABLED must be true or false (got "hourly")',
      expect.stringMatching(/^ACCOUNT_INACTIVITY_REMOVAL must name jurisdictions from GB, IE, DEFAULT.*"UK".*\(got "IE,UK"\)$/),
      'ACCOUNT_INACTIVITY_MONTHS must be between 1 and 120 (got "0")',
      'ACCOUNT_REMOVAL_NOTICE_DAYS must be a whole number (got "soon")',
    ]);
  });
});
