import './game-client.css';
import type { FairnessAnswer, GameSessionAnswer, RotateSeedsAnswer, RoundsAnswer, VerifyAnswer } from '../../contracts/games/answers';
import { timeOfDay } from './clock';
import { whenSessionEnds } from './gateway';
import { rendererFor } from './kinds/registry';
import type { GameContext, RoundAnswer } from './kinds/parts';
import { startResponsiblePlay, type ResponsiblePlay } from './responsible-play';
import { startBonusProgress } from './bonus-progress';
import { languageOf, locales, refusalText, translator, type StringKey } from './strings';
import { formatMoney } from '../../contracts/format';
import { fetchAnswer, readRefusal, retryAfterSeconds, type Answer } from '../src/shared/api/fetch-core';

/**
 * The game client served by the game server at /gs/play/:gameId: exchanges the single-use launch
 * token for a game session, then hands the game to the renderer of its kind (`kinds/registry.ts`)
 * and keeps what every game shares: the session status, the fairness commitment and the rounds
 * panel that recalls and verifies rounds. Answers are the shared contracts' types
 * (`contracts/games/answers.ts`). Plain DOM and canvas: none of the portal's code or dependencies
 * load here, only the HTTP and gateway cores the portal shares (`web/src/shared/api/fetch-core.ts`,
 * `web/src/shared/realtime/gateway-core.ts`).
 *
 * Only this page's own part loads first; the kind's renderer is a chunk of its own, and PixiJS (on
 * which every kind but bingo draws) starts loading at once, beside the launch exchange, so that a
 * game's panel is playable before its pictures are drawn.
 */

// Nothing waits on it here: the kind's stage imports Pixi again, and finds it loaded or on its way.
void import('./kinds/pixi').catch(() => undefined);

/** The portal's language, from the launch address (`lang=en|mk`). */
const language = languageOf(new URL(window.location.href).searchParams.get('lang'));
const locale = locales[language];
const t = translator(language);
document.documentElement.lang = language;
for (const node of document.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t as StringKey);
for (const node of document.querySelectorAll<HTMLElement>('[data-t-label]')) node.setAttribute('aria-label', t(node.dataset.tLabel as StringKey));

const START_FAILURE = t('error.start');
/** A refusal or failure to show; `status` is the catalogue's code when the server answered one. */
class GameError extends Error {
  constructor(
    message: string,
    readonly status?: string,
    /** A 429's Retry-After: how long the rule it names (a game cycle, a spin interval) still runs. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const element = <T extends HTMLElement>(testId: string): T => {
  const found = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`missing ${testId}`);
  return found;
};

const ui = {
  root: document.getElementById('game')!,
  bar: element('gc-bar'),
  tools: element('gc-tools'),
  title: element<HTMLHeadingElement>('gc-title'),
  mode: element('gc-mode'),
  error: element('gc-error'),
  status: element('gc-status'),
  net: element('gc-net'),
  elapsed: element('gc-elapsed'),
  games: element('gc-games'),
  table: element('gc-table'),
  fairness: element('gc-fairness'),
  commitment: element('gc-commitment'),
  verifyLink: element<HTMLAnchorElement>('gc-verify-link'),
  rounds: element('gc-rounds'),
  roundsList: element('gc-rounds-list'),
  roundsNote: element('gc-rounds-note'),
  rotate: element<HTMLButtonElement>('gc-rotate'),
  roundsClose: element<HTMLButtonElement>('gc-rounds-close'),
};

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let answer: Answer;
  try {
    answer = await fetchAnswer(`/gs${path}`, { method, body, credentials: 'same-origin' });
  } catch {
    throw new GameError(t('error.unreachable'));
  }
  const payload = answer.payload as { status?: string } | null;
  if (!answer.ok || payload?.status !== 'SUCCESS') {
    // Translated by the catalogue status, not the English message; English shows the server's words.
    const refusal = readRefusal(answer.payload);
    const retryAfter = answer.status === 429 ? retryAfterSeconds(answer.headers) : undefined;
    throw new GameError(
      refusalText(language, refusal.status ?? undefined, refusal.message ?? undefined) ?? START_FAILURE,
      refusal.status ?? undefined,
      retryAfter,
    );
  }
  return payload as T;
}

let currency = 'EUR';
const money = (amount: number) => formatMoney(amount, currency, locale);

function showError(text: string): void {
  ui.error.textContent = text;
  ui.error.hidden = false;
}
function clearError(): void {
  ui.error.hidden = true;
  ui.error.textContent = '';
}

/* ---------- session status (net position, session time) ---------- */

/** The client clock's time at which the game session started. */
let sessionStart = Date.now();

function showElapsed(): void {
  const seconds = Math.max(0, Math.floor((Date.now() - sessionStart) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  ui.elapsed.textContent = hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
  ui.elapsed.setAttribute('datetime', `PT${seconds}S`);
}

function showNet(net: number): void {
  ui.net.textContent = `${net > 0 ? '+' : net < 0 ? '−' : ''}${money(Math.abs(net))}`;
  ui.net.dataset.sign = net > 0 ? 'up' : net < 0 ? 'down' : 'even';
}

function startStatus(startedAt: string): void {
  const started = Date.parse(startedAt);
  sessionStart = Number.isFinite(started) ? Math.min(started, Date.now()) : Date.now();
  showNet(0);
  showElapsed();
  ui.status.hidden = false;
  window.setInterval(showElapsed, 1000);
}

/** A round answer carries the server's view of the session: it wins over the client clock. */
function updateStatus(answer: { netPosition: number; sessionElapsedSeconds: number }): void {
  showNet(answer.netPosition);
  sessionStart = Date.now() - answer.sessionElapsedSeconds * 1000;
  showElapsed();
}

/* ---------- fairness ---------- */

async function loadRounds(): Promise<void> {
  const { rounds } = await call<RoundsAnswer>('GET', '/rounds?limit=10');
  const timeFormat = timeOfDay(locale, { seconds: true });
  ui.roundsList.replaceChildren(
    ...rounds.map((round) => {
      const row = document.createElement('tr');
      row.dataset.testid = 'gc-round';
      row.dataset.roundId = round.id;
      const cells = [timeFormat.format(new Date(round.time)), money(round.stake), money(round.win), String(round.nonce)];
      for (const text of cells) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      const check = document.createElement('td');
      check.dataset.testid = 'gc-round-check';
      if (round.verifiable) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'gc__small';
        button.textContent = t('fair.verify');
        button.addEventListener('click', () => void verify(round.id, check));
        check.append(button);
      } else {
        check.textContent = t('fair.notRevealed');
      }
      row.append(check);
      return row;
    }),
  );
  if (rounds.length === 0) ui.roundsNote.textContent = t('fair.noRounds');
}

async function verify(roundId: string, cell: HTMLElement): Promise<void> {
  cell.textContent = t('fair.checking');
  try {
    const answer = await call<VerifyAnswer>('GET', `/rounds/${encodeURIComponent(roundId)}/verify`);
    cell.textContent = answer.verified ? t('fair.verified') : t('fair.mismatch');
    cell.dataset.verified = String(answer.verified);
  } catch (error) {
    cell.textContent = error instanceof GameError ? error.message : START_FAILURE;
  }
}

async function rotate(): Promise<void> {
  ui.rotate.disabled = true;
  try {
    const answer = await call<RotateSeedsAnswer>('POST', '/seeds/rotate', {});
    ui.commitment.textContent = answer.next.serverSeedHash;
    ui.roundsNote.textContent = t('fair.revealed', { seed: answer.revealed.serverSeed });
    await loadRounds();
    const first = ui.roundsList.querySelector<HTMLElement>('[data-testid="gc-round-check"] button');
    first?.click();
  } catch (error) {
    ui.roundsNote.textContent = error instanceof GameError ? error.message : START_FAILURE;
  } finally {
    ui.rotate.disabled = false;
  }
}

/** The seed commitment and the rounds panel, under every game played on the player's own seeds. */
function startFairness(fairness: FairnessAnswer): void {
  ui.commitment.textContent = fairness.serverSeedHash;
  ui.verifyLink.addEventListener('click', (event) => {
    event.preventDefault();
    ui.rounds.hidden = false;
    ui.roundsNote.textContent = '';
    void loadRounds().catch((error: unknown) => {
      ui.roundsNote.textContent = error instanceof GameError ? error.message : START_FAILURE;
    });
  });
  ui.roundsClose.addEventListener('click', () => {
    ui.rounds.hidden = true;
  });
  ui.rotate.addEventListener('click', () => void rotate());
}

/** A round answer names the commitment it was played under; an open rounds panel lists it. */
function afterRound(serverSeedHash: string): void {
  ui.commitment.textContent = serverSeedHash;
  if (!ui.rounds.hidden) void loadRounds().catch(() => undefined);
}

/* ---------- start ---------- */

async function start(): Promise<void> {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  // The launch token is single use; it leaves the address bar (and the history) at once.
  url.searchParams.delete('token');
  history.replaceState(null, '', url.pathname + url.search + url.hash);
  if (!token) throw new GameError(START_FAILURE);

  // The game's name comes back as the catalogue shows it in the portal's language.
  const answer = await call<GameSessionAnswer>('POST', '/session', { token, lang: language });
  // The kind's code loads while the page fills in what every game shares.
  const rendererLoading = rendererFor(answer.title.kind);
  currency = answer.title.currency;
  document.title = answer.title.name;
  ui.title.textContent = answer.title.name;
  if (answer.mode === 'FREE') {
    ui.mode.textContent = t('page.freePlay');
    ui.mode.hidden = false;
  }
  startStatus(answer.startedAt);
  // Real money only: the reality check, the limits' usage and a stop when a limit is reached (issue 12).
  const responsible: ResponsiblePlay | null =
    answer.mode === 'REAL'
      ? startResponsiblePlay({ call, language, locale, currency, after: ui.bar, playAreas: () => [ui.table, ui.games], clearError })
      : null;
  // Real money only: the active bonus's wagering progress (issue 14).
  const bonusProgress = answer.mode === 'REAL' ? startBonusProgress({ call, language, locale, after: ui.bar }) : null;
  // The game server registers every kind it plays; one this client has no renderer for is not a game it knows.
  const renderer = await rendererLoading;
  if (!renderer) {
    showError(START_FAILURE);
    return;
  }
  // The usage bar and the bonus progress sit above the game: their first reads (sent beside the
  // kind's chunk) place them before the game's panel shows, so they push nothing down afterwards.
  await Promise.all([responsible?.ready, bonusProgress?.ready]);
  if (renderer.playerSeeds !== false) startFairness(answer.fairness);
  const context: GameContext = {
    host: ui.games,
    tools: ui.tools,
    title: answer.title,
    rules: answer.rules,
    steps: answer.title.limits.steps.length > 0 ? answer.title.limits.steps : [answer.title.limits.min],
    balance: answer.balance,
    call,
    money,
    t,
    locale,
    fail: (error) => {
      if (error === null) clearError();
      else showError(error instanceof GameError ? error.message : START_FAILURE);
      // A reached limit or a lock: the stop notice says why instead of the error line.
      if (error instanceof GameError && error.status && responsible?.refused(error.status, error.message)) clearError();
    },
    onRound: (round: RoundAnswer) => {
      updateStatus(round);
      afterRound(round.serverSeedHash);
      responsible?.afterRound();
      bonusProgress?.afterRound();
    },
  };
  await renderer.start(context);
  // The slot plays in the page's own panel; every other kind builds its panel in the games host.
  if (ui.games.childElementCount > 0) ui.games.hidden = false;
  // Under the game's panel, once that is in place: shown before it, the panel would push it down.
  if (renderer.playerSeeds !== false) ui.fairness.hidden = false;
}

// A socket closed because the session ended (logout elsewhere, a lock): play cannot go on here.
whenSessionEnds(() => {
  showError(t('error.sessionEnded'));
  ui.table.inert = true;
  ui.games.inert = true;
});

start()
  .catch((error: unknown) => {
    ui.title.textContent = t('page.gameFallback');
    showError(START_FAILURE);
    ui.error.dataset.detail = error instanceof Error ? error.message : '';
  })
  .finally(() => {
    ui.root.setAttribute('aria-busy', 'false');
  });
