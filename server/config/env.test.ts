import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './env';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/emerald');
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('starts with defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/emerald');
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/emerald/data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.services).toEqual(['content', 'platform', 'games', 'management']);
  });

  it('names each bad variable and the value it had', () => {
    const problems = problemsOf({ PORT: '70000', SEED_DEMO_CONTENT: 'maybe', SERVICES: 'content,casino' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be between 0 and 65535 (got "70000")',
        'SEED_DEMO_CONTENT must be true or false (got "maybe")',
        expect.stringContaining('SERVICES'),
      ]),
    );
  });

  it('does not echo a database address, which may hold a password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:secret@db/emerald' });
    expect(problems).toEqual(['DATABASE_URL must be a postgres:// or postgresql:// URL']);
  });

  it('refuses production mode without DATABASE_URL', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toContain('DATABASE_URL is required when NODE_ENV=production');
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/emerald' }).DATABASE_URL).toBe('postgres://db/emerald');
  });

  it('runs a subset of services when asked', () => {
    expect(loadConfig({ SERVICES: 'content, management' }).services).toEqual(['content', 'management']);
  });
});
