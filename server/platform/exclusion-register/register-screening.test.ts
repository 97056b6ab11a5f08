import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { registerFor, type ExclusionRegisterProvider } from '../../providers/exclusion-register-provider';
import { registerSettings, registersFor, screenSignup } from './register-screening';
import { SandboxExclusionRegister, sandboxExclusionRegisterTestValues as values } from './sandbox-exclusion-register';

// Sign-up without a player id never touches the database.
const noDb = {} as Db;
const person = (lastName: string, country = 'GB') => ({ firstName: 'Ada', lastName, birthDate: '1990-01-01', email: 'ada@example.test', countries: [country] });
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'SUCCESS',
    (error: unknown) => (error instanceof AppError ? `${error.httpStatus} ${error.status}` : String(error)),
  );

describe('national exclusion registers (issue 12)', () => {
  const timeout = registerSettings.timeoutMs;
  afterEach(() => {
    registerSettings.timeoutMs = timeout;
  });

  it('chooses GAMSTOP for GB (and UK), NGER for IE, none elsewhere; each register once', () => {
    expect([registerFor('GB'), registerFor('uk'), registerFor(' ie '), registerFor('MK'), registerFor(null)]).toEqual([
      'GAMSTOP',
      'GAMSTOP',
      'NGER',
      null,
      null,
    ]);
    expect(registersFor(['IE', 'GB', 'ie', null, 'FR'])).toEqual([
      { register: 'NGER', country: 'IE' },
      { register: 'GAMSTOP', country: 'GB' },
    ]);
  });

  it('the sandbox answers its documented test names, in any letter case, only in their country', async () => {
    const sandbox = new SandboxExclusionRegister();
    const check = async (lastName: string, country: string) =>
      (await sandbox.check({ firstName: 'Ada', lastName, birthDate: '1990-01-01', email: 'a@b.test', country })).answer;
    expect(await check('Lovelace', 'GB')).toBe('CLEAR');
    expect(await check('GAMSTOP', 'GB')).toBe('REGISTERED');
    expect(await check(values.gamstopLastName, 'IE')).toBe('CLEAR');
    expect(await check('nger', 'IE')).toBe('REGISTERED');
    expect(await check(values.ngerLastName, 'GB')).toBe('CLEAR');
    expect(await check(values.bothRegistersLastName, 'GB')).toBe('REGISTERED');
    expect(await check(values.bothRegistersLastName, 'IE')).toBe('REGISTERED');
    expect(await check(values.unavailableLastName, 'IE')).toBe('UNAVAILABLE');
    expect(await check(values.bothRegistersLastName, 'MK')).toBe('CLEAR');
  });

  it('sign-up fails closed when the register throws or does not answer in time', async () => {
    registerSettings.timeoutMs = 20;
    const throwing: ExclusionRegisterProvider = { id: 'throws', check: () => Promise.reject(new Error('connection reset')) };
    const silent: ExclusionRegisterProvider = { id: 'silent', check: () => new Promise(() => undefined) };
    expect(await statusOf(screenSignup({ db: noDb, provider: throwing }, person('Lovelace')))).toBe('503 SERVICE_UNAVAILABLE');
    expect(await statusOf(screenSignup({ db: noDb, provider: silent }, person('Lovelace')))).toBe('503 SERVICE_UNAVAILABLE');
  });

  it('a REGISTERED answer wins over an unavailable one; no register applies outside GB and IE', async () => {
    const mixed: ExclusionRegisterProvider = { id: 'mixed', check: async (input) => ({ answer: input.country === 'GB' ? 'UNAVAILABLE' : 'REGISTERED' }) };
    expect(await statusOf(screenSignup({ db: noDb, provider: mixed }, { ...person('Lovelace'), countries: ['GB', 'IE'] }))).toBe('403 EXCLUSION_REGISTER');
    expect(await screenSignup({ db: noDb, provider: mixed }, person('Lovelace', 'MK'))).toEqual([]);
  });
});
