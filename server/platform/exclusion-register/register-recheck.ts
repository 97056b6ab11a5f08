import { and, desc, eq } from 'drizzle-orm';
import type { BaseLogger } from 'pino';
import { REGISTER_PROBLEMS, type RecheckRunView, type RegisterCheckView } from '../../../contracts/back-office/exclusion-register';
import type { Db } from '../../db/database';
import { exclusionRegisterCheck, exclusionRegisterRecheck } from '../../db/schema';
import type { ExclusionRegisterProvider, RegisterBatchEntry, RegisterBatchResult, RegisterReply } from '../../providers/exclusion-register-provider';

/**
 * The daily batch re-check of every active GB player against GAMSTOP (issue 29 item 6;
 * docs/compliance.md "GAMSTOP"). A person may join the register any day; without the re-check a
 * player who never logs in again would only be refused at the next login.
 *
 * - One run per register and UTC day, whichever node claims the day's row first.
 * - Every definite answer is stored (place RECHECK) with GAMSTOP's X-Unique-Id; P is stored as
 *   CLEAR with `previously_registered`.
 * - REGISTERED has the consequences of a register hit at login: the caller ends every session the
 *   player holds (`onRegistered`); the stored answer keeps them out while the register is down.
 * - A player the register did not answer about is left as they were (no row: the last definite
 *   answer still decides a login), and the run ends INCOMPLETE with the problem: the staff alert,
 *   logged as an error too.
 */

export interface RecheckPerson {
  playerId: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  email: string;
  postcode: string | null;
  mobile: string | null;
}

export interface RecheckSummary {
  /** SKIPPED: another node (or an earlier pass) has the day's run already. */
  status: 'COMPLETE' | 'INCOMPLETE' | 'SKIPPED';
  asked: number;
  /** The players found on the register (their sessions were ended). */
  registered: string[];
  previouslyRegistered: number;
  unanswered: number;
  problem?: string | undefined;
}

type RecheckLogger = Pick<BaseLogger, 'info' | 'error'>;

/** A provider without a batch form is asked person by person; a throw is an unanswered person. */
async function askAll(provider: ExclusionRegisterProvider, entries: readonly RegisterBatchEntry[]): Promise<RegisterBatchResult> {
  if (provider.checkMany) return provider.checkMany(entries);
  const replies = new Map<string, RegisterReply>();
  for (const entry of entries) replies.set(entry.correlationId, await provider.check(entry).catch((): RegisterReply => ({ answer: 'UNAVAILABLE' })));
  return { replies, problem: undefined };
}

export async function recheckRegister(
  deps: { db: Db; provider: ExclusionRegisterProvider; logger?: RecheckLogger | undefined },
  people: readonly RecheckPerson[],
  options: { day: string; onRegistered: (playerId: string) => Promise<void> },
): Promise<RecheckSummary> {
  const { db, provider } = deps;
  const [run] = await db
    .insert(exclusionRegisterRecheck)
    .values({ register: 'GAMSTOP', day: options.day, provider: provider.id })
    .onConflictDoNothing({ target: [exclusionRegisterRecheck.register, exclusionRegisterRecheck.day] })
    .returning({ id: exclusionRegisterRecheck.id });
  if (!run) return { status: 'SKIPPED', asked: 0, registered: [], previouslyRegistered: 0, unanswered: 0 };

  const entries: RegisterBatchEntry[] = people.map((person) => ({
    correlationId: person.playerId,
    firstName: person.firstName,
    lastName: person.lastName,
    birthDate: person.birthDate,
    email: person.email,
    postcode: person.postcode ?? undefined,
    mobile: person.mobile ?? undefined,
    country: 'GB',
  }));
  let result: RegisterBatchResult;
  try {
    result = await askAll(provider, entries);
  } catch (error) {
    // An adapter should not throw; if it does, nobody was answered and the run says so.
    result = { replies: new Map(), problem: error instanceof Error ? error.message : 'the register adapter failed' };
  }

  const registered: string[] = [];
  let previouslyRegistered = 0;
  let unanswered = 0;
  const checkedAt = new Date();
  const rows: (typeof exclusionRegisterCheck.$inferInsert)[] = [];
  for (const person of people) {
    const reply = result.replies.get(person.playerId) ?? { answer: 'UNAVAILABLE' };
    if (reply.answer === 'UNAVAILABLE') {
      unanswered++;
      continue;
    }
    rows.push({
      playerId: person.playerId,
      register: 'GAMSTOP',
      answer: reply.answer,
      place: 'RECHECK',
      provider: provider.id,
      previouslyRegistered: reply.previouslyRegistered === true,
      reference: reply.reference ?? null,
      checkedAt,
    });
    if (reply.previouslyRegistered) previouslyRegistered++;
    if (reply.answer === 'REGISTERED') registered.push(person.playerId);
  }
  // Stored before the consequences: a login while sessions are being ended already finds REGISTERED.
  for (let start = 0; start < rows.length; start += 500) await db.insert(exclusionRegisterCheck).values(rows.slice(start, start + 500));
  for (const playerId of registered) await options.onRegistered(playerId);
  const status = unanswered > 0 ? 'INCOMPLETE' : 'COMPLETE';
  const problem = unanswered > 0 ? (result.problem ?? REGISTER_PROBLEMS.partial) : undefined;
  await db
    .update(exclusionRegisterRecheck)
    .set({ status, asked: people.length, registered: registered.length, previouslyRegistered, unanswered, problem: problem ?? null, finishedAt: new Date() })
    .where(and(eq(exclusionRegisterRecheck.id, run.id), eq(exclusionRegisterRecheck.status, 'RUNNING')));
  if (status === 'INCOMPLETE') {
    deps.logger?.error(
      { module: 'exclusion-register', register: 'GAMSTOP', day: options.day, unanswered, asked: people.length, problem },
      'staff alert: the GAMSTOP re-check is incomplete; the players it could not check were left as they were',
    );
  } else {
    deps.logger?.info(
      { module: 'exclusion-register', register: 'GAMSTOP', day: options.day, asked: people.length, registered: registered.length, previouslyRegistered },
      'GAMSTOP re-check done',
    );
  }
  return { status, asked: people.length, registered, previouslyRegistered, unanswered, problem };
}

/** The re-check runs, newest first, as staff see them: the alert is the newest finished run being INCOMPLETE. */
export async function recheckRuns(db: Db, limit = 30): Promise<{ alert: boolean; runs: RecheckRunView[] }> {
  const rows = await db.select().from(exclusionRegisterRecheck).orderBy(desc(exclusionRegisterRecheck.day), desc(exclusionRegisterRecheck.id)).limit(limit);
  const runs = rows.map((row) => ({
    id: String(row.id),
    register: row.register,
    day: row.day,
    status: row.status as RecheckRunView['status'],
    provider: row.provider,
    asked: row.asked,
    registered: row.registered,
    previouslyRegistered: row.previouslyRegistered,
    unanswered: row.unanswered,
    problem: row.problem,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
  const newestFinished = runs.find((run) => run.status !== 'RUNNING');
  return { alert: newestFinished?.status === 'INCOMPLETE', runs };
}

/** A player's register answers, newest first (at most 200), as staff see them. */
export async function playerRegisterChecks(db: Db, playerId: string): Promise<RegisterCheckView[]> {
  const rows = await db
    .select()
    .from(exclusionRegisterCheck)
    .where(eq(exclusionRegisterCheck.playerId, playerId))
    .orderBy(desc(exclusionRegisterCheck.checkedAt), desc(exclusionRegisterCheck.id))
    .limit(200);
  return rows.map((row) => ({
    id: String(row.id),
    register: row.register,
    answer: row.answer as RegisterCheckView['answer'],
    place: row.place as RegisterCheckView['place'],
    provider: row.provider,
    previouslyRegistered: row.previouslyRegistered,
    reference: row.reference,
    checkedAt: row.checkedAt.toISOString(),
  }));
}
