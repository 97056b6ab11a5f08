import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config/env';
import { GAME_SESSION_COOKIE } from '../server/games/play/game-session';
import { roundOutcome } from '../server/games/play/rounds';
import { limitsFor } from '../server/games/play/stakes';
import { TITLES } from '../server/games/titles/registry';
import type { SlotTitle } from '../server/games/titles/types';
import { createSession, SESSION_COOKIE, sessionPolicy } from '../server/platform/session/session-store';
import { auditLedger, auditProblems } from '../server/platform/wallet/index';
import { changeLimit, DEFAULT_LIMIT_SETTINGS } from '../server/platform/limits/index';
import { rgLimit, rgPlayClock } from '../server/db/schema';
import type { Db } from '../server/db/database';
import { startEmerald } from '../server/start';
import { benchLogging } from './support/bench-logging';
import {
  figuresLine,
  fundedPlayers,
  halfLoadIntervalMs,
  LOAD_WORKER_PRELUDE,
  measure,
  measureInWorker,
  openBenchDatabase,
  POOL_SIZE,
  rawLedgerRounds,
  runEveryDriver,
  SECONDS,
  type Driver,
  type Figures,
} from './support/ledger-bench';

/**
 * Game-server throughput: 64 verified players (jurisdiction IE, so no minimum time between
 * spins) each spinning a real-money video slot as fast as they can through the HTTP API
 * (`POST /gs/slots/spin` with their game-session cookie: the session check, then one statement
 * for the seed at its nonce, the round row, the wallet's debit and credit and the session's net
 * position, and the answer), next to the wallet's raw ledger baseline measured in
 * the same run on the same database (each debit and credit a plain SQL transaction of its own), and
 * the same players offering half the API's measured capacity (latency below saturation), and
 * the pure engine: outcomes per second of every video slot from the fair stream, one core, no
 * database. On PGlite and, when reachable, on PostgreSQL. The last line is one JSON object.
 *
 * Responsible gaming (issue 12): the same spins again with every limit set on every player — a
 * deposit, loss and wager limit (too high to be reached), a session limit, a game-time limit and a
 * reality check — so every spin runs the limits' locks, checks and counters inside its one
 * statement; then without limits again. The ratio is the limits' spin rate over the mean of the
 * two no-limit runs around it (aim ≥ 0.9).
 *
 * Logging (issue 32): the server logs at `info` (or --log-level) into a file, as an operator runs it;
 * a second server on the same database, logging nothing, is measured beside it (info, silent,
 * silent, info), and `infoVsSilent` is the ratio of their mean spin rates (aim ≥ 0.9).
 *
 *   npm run bench:games [-- --seconds 5] [--postgres postgres://postgres@127.0.0.1:5432/test] [--pool 10] [--log-level info]
 */

const slots = TITLES.filter((title): title is SlotTitle => title.kind === 'slot');
const benchSlot = slots[0]!;
/** The bench's stake: 1.00 when the title allows it, else its smallest stake. */
const stakeMinor = limitsFor(benchSlot, 'EUR').steps.includes(100) ? 100 : limitsFor(benchSlot, 'EUR').min;

/** Pure engine outcomes per second, every video slot in turn, for `seconds`. */
function engineSpinsPerSecond(seconds: number): number {
  const seed = { serverSeed: randomBytes(32).toString('hex'), clientSeed: 'bench' };
  let spins = 0;
  const begin = performance.now();
  const until = begin + seconds * 1000;
  while (performance.now() < until) {
    for (const title of slots) roundOutcome(title, limitsFor(title, 'EUR').min, seed, (spins += 1));
  }
  return Math.round(spins / ((performance.now() - begin) / 1000));
}

/** Each player spins with its game-session cookie; a spin is one call. */
const loadWorkerSource = `${LOAD_WORKER_PRELUDE}
const { randomUUID } = require('node:crypto');
playAll(workerData.cookies, async (cookie) => {
  const status = await post('/gs/slots/spin', JSON.stringify({ stake: workerData.stake, clientRequestId: randomUUID() }), { cookie });
  if (status !== 200) throw new Error('HTTP ' + status);
});
`;

async function post(url: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}

/** A real-money game session of the bench slot for each player: launch, then the launch token for the game's cookie. */
async function openSlotSessions(url: string, portalCookies: string[]): Promise<string[]> {
  return Promise.all(
    portalCookies.map(async (portalCookie) => {
      const launched = await post(url, '/gs/launch', { gameId: benchSlot.gameId, playForReal: true }, portalCookie);
      if (launched.status !== 200) throw new Error(`launch answered ${launched.status}: ${await launched.text()}`);
      const { launchUrl } = (await launched.json()) as { launchUrl: string };
      const token = new URL(launchUrl, url).searchParams.get('token');
      const opened = await post(url, '/gs/session', { token });
      if (opened.status !== 200) throw new Error(`session answered ${opened.status}: ${await opened.text()}`);
      const value = new RegExp(`${GAME_SESSION_COOKIE}=([^;]+)`).exec(opened.headers.get('set-cookie') ?? '')?.[1];
      if (!value) throw new Error('no game-session cookie');
      return `${GAME_SESSION_COOKIE}=${value}`;
    }),
  );
}

/** Every limit on every player, high enough that the bench never reaches one. */
async function setEveryLimit(db: Db, playerIds: string[]): Promise<void> {
  for (const playerId of playerIds) {
    const set = (limitType: Parameters<typeof changeLimit>[2]['limitType'], periodType: Parameters<typeof changeLimit>[2]['periodType'], value: bigint) =>
      changeLimit(db, DEFAULT_LIMIT_SETTINGS, { playerId, limitType, periodType, currency: 'EUR', value });
    await set('DEPOSIT_LIMIT', 'Daily', 1_000_000n);
    await set('LOSS_LIMIT', 'Weekly', 100_000_000n);
    await set('WAGER_LIMIT', 'Weekly', 100_000_000n);
    await set('SESSION_LIMIT', 'Session', 60n);
    await set('GAME_TIME_LIMIT', 'Day', 1440n);
    await set('REALITY_CHECK', 'Session', 60n);
  }
}

async function removeEveryLimit(db: Db): Promise<void> {
  await db.delete(rgLimit);
  await db.delete(rgPlayClock);
}

async function runOne(kind: Driver): Promise<Record<string, unknown>> {
  const { database, close } = await openBenchDatabase(kind);
  try {
    const { db } = database;
    const playerIds = await fundedPlayers(db, 100_000_000n, { registrationStatus: 'PLAYER', kycStatus: 'PASS', country: 'IE' });
    const rawRound = await rawLedgerRounds(database, playerIds);

    const logging = benchLogging(`games-${kind}`);
    const configAt = (level: string) =>
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: level,
        LOG_FORMAT: 'json',
        SERVE_WEB: 'false',
        SEED_DEMO_CONTENT: 'false',
        DATABASE_POOL_SIZE: String(POOL_SIZE),
      });
    const config = configAt(logging.level);
    const portalCookies = await Promise.all(playerIds.map(async (playerId) => `${SESSION_COOKIE}=${await createSession(db, playerId, sessionPolicy(config))}`));
    const emerald = await startEmerald(config, logging.logger, database);
    // The same server logging nothing, on the same database: what the logging costs, in one run.
    const quiet = benchLogging(`games-${kind}`, 'silent');
    const silentEmerald = await startEmerald(configAt('silent'), quiet.logger, database);
    const gameCookies = await openSlotSessions(emerald.url, portalCookies);
    const measureSpins = (seconds: number, cookies: string[], intervalMs = 0) =>
      measureInWorker(loadWorkerSource, { url: emerald.url, seconds, cookies, stake: stakeMinor / 100, intervalMs });
    const measureSilentSpins = (seconds: number, cookies: string[]) =>
      measureInWorker(loadWorkerSource, { url: silentEmerald.url, seconds, cookies, stake: stakeMinor / 100, intervalMs: 0 });

    const warmUp = Math.min(2, SECONDS);
    await measure(warmUp, playerIds, rawRound('raw-warm'));
    const rawLedger = await measure(SECONDS, playerIds, rawRound('raw'));
    await measureSpins(warmUp, gameCookies);
    const api = await measureSpins(SECONDS, gameCookies);
    // The game sessions are the players' own, whichever node answers (one database). The two
    // servers are measured info, silent, silent, info: a drift over the run (the database's caches
    // warming, the JIT, a neighbour's load) weighs on both sides alike instead of on the first.
    await measureSilentSpins(warmUp, gameCookies);
    const apiSilent = await measureSilentSpins(SECONDS, gameCookies);
    const apiSilentAgain = await measureSilentSpins(SECONDS, gameCookies);
    const apiAgain = await measureSpins(SECONDS, gameCookies);
    const loggedRate = (api.roundsPerSecond + apiAgain.roundsPerSecond) / 2;
    const silentRate = (apiSilent.roundsPerSecond + apiSilentAgain.roundsPerSecond) / 2;
    // The same 64 players offering half that capacity: latency below saturation.
    const apiHalfLoad = await measureSpins(SECONDS, gameCookies, halfLoadIntervalMs(gameCookies.length, api.roundsPerSecond));
    // One player alone: the latency of a spin when nothing queues.
    const apiSinglePlayer = await measureSpins(Math.min(3, SECONDS), gameCookies.slice(0, 1));
    const engine = engineSpinsPerSecond(Math.min(3, SECONDS));
    await setEveryLimit(db, playerIds);
    await measureSpins(warmUp, gameCookies);
    const apiEveryLimit = await measureSpins(SECONDS, gameCookies);
    await removeEveryLimit(db);
    await measureSpins(warmUp, gameCookies);
    const apiNoLimitAgain = await measureSpins(SECONDS, gameCookies);
    const noLimitMean = (api.roundsPerSecond + apiNoLimitAgain.roundsPerSecond) / 2;

    const problems = auditProblems(await auditLedger(db));
    const logged = logging.describe();
    await silentEmerald.close();
    // The silent server's close has closed the shared database already.
    await emerald.close().catch(() => undefined);
    const rawLedgerTransactionsPerSecond = rawLedger.roundsPerSecond * 2;
    return {
      driver: kind,
      logLevel: logging.level,
      logged,
      poolSize: kind === 'postgres' ? POOL_SIZE : 1,
      gameId: benchSlot.gameId,
      stakeMinor,
      rawLedger,
      rawLedgerTransactionsPerSecond,
      api,
      apiHalfLoad,
      apiSinglePlayer,
      apiSilent,
      apiSilentAgain,
      apiAgain,
      infoVsSilent: Math.round((loggedRate / silentRate) * 100) / 100,
      engineSpinsPerSecond: engine,
      apiEveryLimit,
      apiNoLimitAgain,
      everyLimitVsNoLimit: Math.round((apiEveryLimit.roundsPerSecond / noLimitMean) * 100) / 100,
      // A slot round moves the same two ledger writes as one raw round (a debit and a credit).
      apiRoundsVsRawRounds: Math.round((api.roundsPerSecond / rawLedger.roundsPerSecond) * 100) / 100,
      apiRoundsVsRawTransactions: Math.round((api.roundsPerSecond / rawLedgerTransactionsPerSecond) * 100) / 100,
      ledgerSound: problems.length === 0,
      ...(problems.length ? { problems } : {}),
    };
  } finally {
    await close();
  }
}

await runEveryDriver(import.meta.filename, { round: `one real-money spin of ${benchSlot.gameId}` }, runOne, (_kind, result) => [
  figuresLine('rawLedger', result.rawLedger as Figures) + `  = ${String(result.rawLedgerTransactionsPerSecond)} ledger transactions/s`,
  `logging: ${String(result.logged)}`,
  figuresLine(`api spins (${String(result.logLevel)})`, result.api as Figures, 'spin'),
  figuresLine('api spins (silent)', result.apiSilent as Figures, 'spin'),
  figuresLine('api spins (silent, again)', result.apiSilentAgain as Figures, 'spin'),
  figuresLine(`api spins (${String(result.logLevel)}, again)`, result.apiAgain as Figures, 'spin') +
    `  → ${String(result.logLevel)} / silent ${String(result.infoVsSilent)} (the means of the two runs each; aim ≥ 0.9)`,
  figuresLine('api half load', result.apiHalfLoad as Figures, 'spin'),
  figuresLine('api 1 player', result.apiSinglePlayer as Figures, 'spin'),
  `engine ${String(result.engineSpinsPerSecond)} spins/s (one core, every video slot in turn)`,
  figuresLine('api every limit', result.apiEveryLimit as Figures, 'spin'),
  figuresLine('api no limit again', result.apiNoLimitAgain as Figures, 'spin'),
  `every limit set / no limit (mean of the runs before and after) ${String(result.everyLimitVsNoLimit)} (aim ≥ 0.9)`,
  `API rounds / raw ledger rounds (debit + credit) ${String(result.apiRoundsVsRawRounds)}, / raw ledger transactions ${String(result.apiRoundsVsRawTransactions)}; ledger invariants ${result.ledgerSound ? 'hold' : 'BROKEN'}`,
]);
