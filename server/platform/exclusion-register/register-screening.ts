import { and, desc, eq, inArray } from 'drizzle-orm';
import type { BaseLogger } from 'pino';
import type { Db } from '../../db/database';
import { exclusionRegisterCheck } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  registerFor,
  type ExclusionRegisterProvider,
  type RegisterAnswer,
  type RegisterName,
  type RegisterReply,
} from '../../providers/exclusion-register-provider';

/**
 * When the registers are asked and what their answers do (issue 12, UKGC LCCP SR 3.5.4, Gambling
 * Regulation Act 2024 s. 115):
 *
 * - **Sign-up** (the step that knows name, birth date and address: `signup`, `quickSignupCompletion`):
 *   every register that applies to the declared country, the sign-up address's country and the
 *   jurisdiction already kept for the player is asked. REGISTERED refuses with 403
 *   EXCLUSION_REGISTER; UNAVAILABLE fails closed with 503 SERVICE_UNAVAILABLE — an
 *   account is never opened on a guess. Nothing is created (the one-step sign-up asks before the
 *   player exists; a quick sign-up's completion is not stored, only the answer).
 * - **Login**: the registers of the player's declared country and jurisdiction are asked again (a
 *   person may have joined since). REGISTERED refuses the login and ends every session the player
 *   still has. UNAVAILABLE falls back to the last definite answer stored for that register: CLEAR
 *   lets the player in, REGISTERED refuses, and no answer at all fails closed (503). A player whose
 *   name or birth date is not known yet (a quick sign-up not completed, who cannot play for real)
 *   is judged on the last stored answers of every register asked about them (a completion refused
 *   as REGISTERED keeps them out).
 *
 * Every answer about an existing player is stored with its time (`exclusion_register_check`).
 */

/** RECHECK: the daily batch re-check of every active GB player (register-recheck.ts). */
export type ScreeningPlace = 'SIGNUP' | 'LOGIN' | 'RECHECK';
/** Any pino-style logger (a request's or a module's). */
type ScreeningLogger = Pick<BaseLogger, 'info' | 'warn'>;

export interface PersonToScreen {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  email: string;
  postcode?: string | null | undefined;
  mobile?: string | null | undefined;
  /** Every country whose register applies (declared, address, jurisdiction); duplicates and unknowns are fine. */
  countries: readonly (string | null | undefined)[];
}

export interface RegisterOutcome extends RegisterReply {
  register: RegisterName;
}

/** How long a register may take before it counts as UNAVAILABLE; tests may shorten it. */
export const registerSettings = { timeoutMs: 5_000 };

/** The registers that apply to these countries, each once with the country it is asked for. */
export function registersFor(countries: readonly (string | null | undefined)[]): { register: RegisterName; country: string }[] {
  const chosen = new Map<RegisterName, string>();
  for (const country of countries) {
    const register = registerFor(country);
    if (register && !chosen.has(register)) chosen.set(register, country!.trim().toUpperCase());
  }
  return [...chosen].map(([register, country]) => ({ register, country }));
}

const knowsIdentity = (person: PersonToScreen): person is PersonToScreen & { firstName: string; lastName: string; birthDate: string } =>
  Boolean(person.firstName?.trim() && person.lastName?.trim() && person.birthDate);

/** One register's answer; an adapter that throws or does not answer in time counts as UNAVAILABLE. */
async function ask(
  provider: ExclusionRegisterProvider,
  person: PersonToScreen & { firstName: string; lastName: string; birthDate: string },
  country: string,
): Promise<RegisterReply> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<RegisterReply>((resolve) => {
    timer = setTimeout(() => resolve({ answer: 'UNAVAILABLE' }), registerSettings.timeoutMs);
  });
  try {
    const asked = provider
      .check({
        firstName: person.firstName,
        lastName: person.lastName,
        birthDate: person.birthDate,
        email: person.email,
        postcode: person.postcode ?? undefined,
        mobile: person.mobile ?? undefined,
        country,
      })
      .catch((): RegisterReply => ({ answer: 'UNAVAILABLE' }));
    return await Promise.race([asked, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function askAll(provider: ExclusionRegisterProvider, person: PersonToScreen): Promise<RegisterOutcome[]> {
  if (!knowsIdentity(person)) return [];
  return Promise.all(registersFor(person.countries).map(async ({ register, country }) => ({ register, ...(await ask(provider, person, country)) })));
}

export const registeredError = () => new AppError('EXCLUSION_REGISTER');
/** The register did not answer: the catalogue's SERVICE_UNAVAILABLE (503) with what the player can do. */
export const REGISTER_UNAVAILABLE_MESSAGE = 'We cannot check the national self-exclusion register right now. Please try again in a few minutes.';
export const unavailableError = () => new AppError('SERVICE_UNAVAILABLE', REGISTER_UNAVAILABLE_MESSAGE);

/** Stores the answers about a player, with the place and the provider. */
export async function recordScreening(
  db: Db,
  playerId: string,
  place: ScreeningPlace,
  providerId: string,
  outcomes: readonly RegisterOutcome[],
  at = new Date(),
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.insert(exclusionRegisterCheck).values(
    outcomes.map(({ register, answer, previouslyRegistered, reference }) => ({
      playerId,
      register,
      answer,
      place,
      provider: providerId,
      previouslyRegistered: previouslyRegistered === true,
      reference: reference ?? null,
      checkedAt: at,
    })),
  );
}

/**
 * Sign-up: asks the registers and refuses a registered person (403) or an unanswered check (503).
 * With `playerId` (a quick sign-up being completed) the answers are stored before refusing; without
 * one (the player does not exist yet) the caller stores them with `recordScreening` once it does.
 */
export async function screenSignup(
  deps: { db: Db; provider: ExclusionRegisterProvider; logger?: ScreeningLogger | undefined },
  person: PersonToScreen,
  playerId?: string,
): Promise<RegisterOutcome[]> {
  const outcomes = await askAll(deps.provider, person);
  if (playerId) await recordScreening(deps.db, playerId, 'SIGNUP', deps.provider.id, outcomes);
  const refused = outcomes.find((outcome) => outcome.answer === 'REGISTERED') ?? outcomes.find((outcome) => outcome.answer === 'UNAVAILABLE');
  if (refused) {
    // No name, e-mail or birth date in the log: the register and its answer are enough to follow it up.
    deps.logger?.info(
      { register: refused.register, answer: refused.answer, provider: deps.provider.id, partyId: playerId },
      'sign-up refused by the exclusion register check',
    );
    throw refused.answer === 'REGISTERED' ? registeredError() : unavailableError();
  }
  return outcomes;
}

/** The last CLEAR or REGISTERED answer stored for each of these registers (every register the player was checked against, without a list). */
async function lastDefiniteAnswers(db: Db, playerId: string, registers?: readonly RegisterName[]): Promise<Map<RegisterName, RegisterAnswer>> {
  const last = new Map<RegisterName, RegisterAnswer>();
  if (registers?.length === 0) return last;
  const rows = await db
    .select({ register: exclusionRegisterCheck.register, answer: exclusionRegisterCheck.answer })
    .from(exclusionRegisterCheck)
    .where(
      and(
        eq(exclusionRegisterCheck.playerId, playerId),
        registers ? inArray(exclusionRegisterCheck.register, [...registers]) : undefined,
        inArray(exclusionRegisterCheck.answer, ['CLEAR', 'REGISTERED']),
      ),
    )
    .orderBy(desc(exclusionRegisterCheck.checkedAt), desc(exclusionRegisterCheck.id));
  for (const row of rows) if (!last.has(row.register as RegisterName)) last.set(row.register as RegisterName, row.answer as RegisterAnswer);
  return last;
}

/**
 * Login: asks the registers again and decides as described above. Throws 403 EXCLUSION_REGISTER or
 * 503 SERVICE_UNAVAILABLE; the caller ends the player's sessions on the first.
 */
export async function screenLogin(
  deps: { db: Db; provider: ExclusionRegisterProvider; logger?: ScreeningLogger | undefined },
  playerId: string,
  person: PersonToScreen,
): Promise<void> {
  if (!knowsIdentity(person)) {
    // Without a name the declared country may be unknown too: every register ever asked about them counts.
    const stored = await lastDefiniteAnswers(deps.db, playerId);
    if ([...stored.values()].includes('REGISTERED')) throw registeredError();
    return;
  }
  const outcomes = await askAll(deps.provider, person);
  await recordScreening(deps.db, playerId, 'LOGIN', deps.provider.id, outcomes);
  if (outcomes.some((outcome) => outcome.answer === 'REGISTERED')) {
    deps.logger?.info({ partyId: playerId, provider: deps.provider.id }, 'login refused: the player is on a national exclusion register');
    throw registeredError();
  }
  const unanswered = outcomes.filter((outcome) => outcome.answer === 'UNAVAILABLE').map((outcome) => outcome.register);
  if (unanswered.length === 0) return;
  const stored = await lastDefiniteAnswers(deps.db, playerId, unanswered);
  for (const register of unanswered) {
    const last = stored.get(register);
    if (last === 'REGISTERED') throw registeredError();
    if (last === undefined) {
      deps.logger?.warn({ partyId: playerId, register }, 'login refused: the exclusion register is unavailable and no earlier answer is stored');
      throw unavailableError();
    }
  }
  deps.logger?.warn({ partyId: playerId, registers: unanswered }, 'exclusion register unavailable at login: the last stored answer (CLEAR) applies');
}
