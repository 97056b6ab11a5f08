import './game-client.css';
import { startBlackjack, startMines, startPlinko, startRoulette, type RoundAnswer, type TableContext } from './tables';
import { subtractMajor } from './money';
import { languageOf, locales, translator, type StringKey } from './strings';

/**
 * The game client served by the game server at /gs/play/:gameId: exchanges the single-use launch
 * token for a game session, then plays slot rounds through /gs and recalls and verifies them.
 * Plain DOM and canvas: none of the portal's code or dependencies load here.
 */

/** The portal's language, from the launch address (`lang=en|mk`). */
const language = languageOf(new URL(window.location.href).searchParams.get('lang'));
const locale = locales[language];
const t = translator(language);
document.documentElement.lang = language;
for (const node of document.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t as StringKey);
for (const node of document.querySelectorAll<HTMLElement>('[data-t-label]')) node.setAttribute('aria-label', t(node.dataset.tLabel as StringKey));

const START_FAILURE = t('error.start');
const SPIN_MS = 1000;

interface TitleConfig {
  gameId: string;
  name: string;
  kind: string;
  currency: string;
  limits: { min: number; max: number; steps: number[] };
  reels?: number;
  rows?: number;
  lines?: number;
  ways?: boolean;
}
interface Fairness {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}
interface JurisdictionRules {
  jurisdiction: string;
  autoplay: boolean;
  turbo: boolean;
  minSpinIntervalMs: number;
}
interface SessionAnswer {
  mode: 'REAL' | 'FREE';
  title: TitleConfig;
  fairness: Fairness;
  rules: JurisdictionRules;
  startedAt: string;
  balance: number;
}
interface LineWin {
  line: number;
  symbol: string;
  count: number;
  ways: number;
  amount: number;
}
interface SpinOutcome {
  window: string[][];
  lineWins: LineWin[];
  scatter: { symbol: string; count: number; amount: number } | null;
  freeSpinsAwarded: number;
  win: number;
}
interface SlotRound {
  base: SpinOutcome;
  freeSpins: SpinOutcome[];
  freeSpinsPlayed: number;
  totalWin: number;
}
interface SpinAnswer {
  roundId: string;
  stake: number;
  win: number;
  balance: number;
  nonce: number;
  serverSeedHash: string;
  outcome: SlotRound;
  netPosition: number;
  sessionElapsedSeconds: number;
}
interface RoundSummary {
  id: string;
  stake: number;
  win: number;
  time: string;
  nonce: number;
  verifiable: boolean;
}

class GameError extends Error {}

const element = <T extends HTMLElement>(testId: string): T => {
  const found = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`missing ${testId}`);
  return found;
};

const ui = {
  root: document.getElementById('game')!,
  title: element<HTMLHeadingElement>('gc-title'),
  mode: element('gc-mode'),
  error: element('gc-error'),
  status: element('gc-status'),
  net: element('gc-net'),
  elapsed: element('gc-elapsed'),
  games: element('gc-games'),
  table: element('gc-table'),
  fairness: element('gc-fairness'),
  canvas: element<HTMLCanvasElement>('gc-reels'),
  result: element('gc-result'),
  balance: element('gc-balance'),
  lastWin: element('gc-last-win'),
  stake: element<HTMLSelectElement>('gc-stake'),
  spin: element<HTMLButtonElement>('gc-spin'),
  commitment: element('gc-commitment'),
  verifyLink: element<HTMLAnchorElement>('gc-verify-link'),
  rounds: element('gc-rounds'),
  roundsList: element('gc-rounds-list'),
  roundsNote: element('gc-rounds-note'),
  rotate: element<HTMLButtonElement>('gc-rotate'),
  roundsClose: element<HTMLButtonElement>('gc-rounds-close'),
};

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/gs${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new GameError(t('error.unreachable'));
  }
  const answer = (await response.json().catch(() => null)) as { status?: string; message?: string } | null;
  if (!response.ok || answer?.status !== 'SUCCESS') {
    throw new GameError(answer?.message && answer.message.length > 0 ? answer.message : START_FAILURE);
  }
  return answer as T;
}

let currency = 'EUR';
const money = (amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
const minor = (amount: number) => money(amount / 100);
const symbolName = (id: string) =>
  id
    .toLowerCase()
    .split(/[_\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

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

/* ---------- reels ---------- */

function hueOf(id: string): number {
  let hash = 7;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 3607;
  return (hash * 47) % 360;
}
const shapes = ['circle', 'diamond', 'square', 'triangle', 'hexagon'] as const;
const shapeOf = (id: string) => shapes[(id.length + id.charCodeAt(0)) % shapes.length]!;

let reelCount = 5;
let rowCount = 3;
let shown: string[][] = [];
let symbolPool: string[] = ['A', 'K', 'Q', 'J', '10'];

function drawSymbol(ctx: CanvasRenderingContext2D, id: string, x: number, y: number, size: number, highlight: boolean): void {
  const hue = hueOf(id);
  const r = size * 0.36;
  const cx = x + size / 2;
  const cy = y + size / 2;
  ctx.fillStyle = highlight ? `hsl(${hue} 70% 22%)` : '#0b241b';
  ctx.fillRect(x + 3, y + 3, size - 6, size - 6);
  ctx.beginPath();
  switch (shapeOf(id)) {
    case 'circle':
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case 'diamond':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      break;
    case 'square':
      ctx.roundRect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, r * 0.25);
      break;
    case 'triangle':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy + r * 0.8);
      ctx.lineTo(cx - r, cy + r * 0.8);
      break;
    case 'hexagon':
      for (let i = 0; i < 6; i++) {
        const angle = (Math.PI / 3) * i;
        ctx.lineTo(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
      }
      break;
  }
  ctx.closePath();
  ctx.fillStyle = `hsl(${hue} 75% 55%)`;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = `hsl(${hue} 80% 80%)`;
  ctx.stroke();
  ctx.fillStyle = '#04140e';
  // Whole words up to four letters (WILD), else the first three.
  const label = id.length <= 4 ? id : id.slice(0, 3);
  ctx.font = `700 ${Math.round(size * (label.length > 3 ? 0.17 : label.length > 2 ? 0.2 : 0.26))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, cx, cy + 1);
}

function drawReels(window: string[][], offsets: number[] = [], winning: Set<string> = new Set()): void {
  const ctx = ui.canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = ui.canvas;
  const cell = Math.min(width / reelCount, height / rowCount);
  const left = (width - cell * reelCount) / 2;
  const top = (height - cell * rowCount) / 2;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#061a13';
  ctx.fillRect(0, 0, width, height);
  for (let reel = 0; reel < reelCount; reel++) {
    const offset = offsets[reel] ?? 0;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left + reel * cell, top, cell, cell * rowCount);
    ctx.clip();
    const column = window[reel] ?? [];
    for (let row = -1; row <= rowCount; row++) {
      const id = row >= 0 && row < rowCount && offset === 0 ? (column[row] ?? '?') : symbolPool[Math.abs(reel * 7 + row + Math.floor(offset / cell)) % symbolPool.length]!;
      const y = top + row * cell + (offset % cell);
      drawSymbol(ctx, id, left + reel * cell, y, cell, offset === 0 && winning.has(`${reel}:${row}`));
    }
    ctx.restore();
    ctx.strokeStyle = '#1f4d3c';
    ctx.lineWidth = 1;
    ctx.strokeRect(left + reel * cell + 0.5, top + 0.5, cell - 1, cell * rowCount - 1);
  }
}

function spinAnimation(target: string[][]): Promise<void> {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pool = new Set(symbolPool);
  for (const column of target) for (const id of column) pool.add(id);
  symbolPool = [...pool];
  if (reduced) {
    drawReels(target);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now: number) => {
      const elapsed = now - start;
      if (elapsed >= SPIN_MS) {
        drawReels(target);
        resolve();
        return;
      }
      // Each reel stops a little after the one before it.
      const offsets = Array.from({ length: reelCount }, (_, reel) => {
        const stopAt = SPIN_MS * (0.55 + (0.45 * reel) / Math.max(1, reelCount - 1));
        return elapsed >= stopAt ? 0 : Math.floor(elapsed * 1.6) + 1;
      });
      drawReels(target, offsets);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/* ---------- results ---------- */

function describeWin(outcome: SlotRound, win: number): string {
  if (win <= 0) return t('result.noWin');
  const described = outcome.base.lineWins.map((lineWin) => ({
    where: lineWin.line >= 0 ? t('slot.line', { line: lineWin.line + 1 }) : t('slot.ways', { ways: lineWin.ways }),
    text: `${lineWin.count} × ${symbolName(lineWin.symbol)}`,
    amount: lineWin.amount,
  }));
  const extras: string[] = [];
  if (outcome.base.scatter && outcome.base.scatter.amount > 0) {
    extras.push(t('slot.scatter', { count: outcome.base.scatter.count, symbol: symbolName(outcome.base.scatter.symbol), amount: minor(outcome.base.scatter.amount) }));
  }
  if (outcome.freeSpinsPlayed > 0) {
    const freeWin = outcome.freeSpins.reduce((sum, spin) => sum + spin.win, 0);
    extras.push(t('slot.freeSpins', { count: outcome.freeSpinsPlayed, amount: minor(freeWin) }));
  }
  const only = described[0];
  if (described.length === 1 && extras.length === 0 && only) return t('slot.winOn', { amount: money(win), where: only.where, text: only.text });
  const all = [...described.map((part) => `${part.where}: ${part.text} (${minor(part.amount)})`), ...extras];
  return all.length > 0 ? t('slot.winList', { amount: money(win), list: all.join(', ') }) : t('slot.win', { amount: money(win) });
}

function winningCells(outcome: SpinOutcome, lines: number[][] | null): Set<string> {
  const cells = new Set<string>();
  for (const lineWin of outcome.lineWins) {
    for (let reel = 0; reel < lineWin.count; reel++) {
      if (lines && lineWin.line >= 0) {
        const row = lines[lineWin.line]?.[reel];
        if (row !== undefined) cells.add(`${reel}:${row}`);
      } else {
        outcome.window[reel]?.forEach((id, row) => {
          if (id === lineWin.symbol) cells.add(`${reel}:${row}`);
        });
      }
    }
  }
  return cells;
}

/* ---------- play ---------- */

let session: SessionAnswer | null = null;
let spinning = false;
/** When the last spin was asked for (client clock, ms). */
let lastSpinAt = Number.NEGATIVE_INFINITY;

function setBalance(balance: number): void {
  ui.balance.textContent = money(balance);
}

function setupStakes(title: TitleConfig): void {
  const steps = title.limits.steps.length > 0 ? title.limits.steps : [title.limits.min];
  ui.stake.replaceChildren(
    ...steps.map((step) => {
      const option = document.createElement('option');
      option.value = String(step);
      option.textContent = money(step);
      return option;
    }),
  );
}

async function spin(): Promise<void> {
  if (!session || spinning) return;
  const { rules } = session;
  const interval = rules.minSpinIntervalMs;
  if (interval > 0 && performance.now() - lastSpinAt < interval) return;
  spinning = true;
  lastSpinAt = performance.now();
  ui.spin.disabled = true;
  ui.spin.textContent = t('slot.spinning');
  clearError();
  const stake = Number(ui.stake.value);
  try {
    const answer = await call<SpinAnswer>('POST', '/slots/spin', { stake, clientRequestId: crypto.randomUUID() });
    setBalance(subtractMajor(answer.balance, answer.win));
    const finalWindow = answer.outcome.freeSpins.at(-1)?.window ?? answer.outcome.base.window;
    await spinAnimation(answer.outcome.base.window);
    if (finalWindow !== answer.outcome.base.window) await spinAnimation(finalWindow);
    // Under GB rules a win that does not beat the stake is no cause for celebration: plain text only.
    const celebrate = answer.win > 0 && (rules.jurisdiction !== 'GB' || answer.win > answer.stake);
    drawReels(finalWindow, [], celebrate ? winningCells(answer.outcome.freeSpins.at(-1) ?? answer.outcome.base, null) : new Set());
    shown = finalWindow;
    setBalance(answer.balance);
    ui.lastWin.textContent = money(answer.win);
    ui.result.textContent = describeWin(answer.outcome, answer.win);
    ui.result.dataset.win = celebrate ? 'true' : 'false';
    updateStatus(answer);
    afterRound(answer.serverSeedHash);
  } catch (error) {
    showError(error instanceof GameError ? error.message : START_FAILURE);
  } finally {
    spinning = false;
    ui.spin.textContent = t('slot.spin');
    const wait = interval - (performance.now() - lastSpinAt);
    if (wait > 0) {
      ui.spin.setAttribute('aria-description', t('slot.spinSoon'));
      window.setTimeout(() => {
        ui.spin.disabled = false;
        ui.spin.removeAttribute('aria-description');
      }, wait);
    } else {
      ui.spin.disabled = false;
    }
  }
}

/* ---------- fairness ---------- */

async function loadRounds(): Promise<void> {
  const { rounds } = await call<{ rounds: RoundSummary[] }>('GET', '/rounds?limit=10');
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
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
    const answer = await call<{ verified: boolean }>('GET', `/rounds/${encodeURIComponent(roundId)}/verify`);
    cell.textContent = answer.verified ? t('fair.verified') : t('fair.mismatch');
    cell.dataset.verified = String(answer.verified);
  } catch (error) {
    cell.textContent = error instanceof GameError ? error.message : START_FAILURE;
  }
}

async function rotate(): Promise<void> {
  ui.rotate.disabled = true;
  try {
    const answer = await call<{ revealed: { serverSeed: string; roundsPlayed: number }; next: Fairness }>('POST', '/seeds/rotate', {});
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

/** The seed commitment and the rounds panel, under every game. */
function startFairness(fairness: Fairness): void {
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
  ui.fairness.hidden = false;
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

  const answer = await call<SessionAnswer>('POST', '/session', { token });
  session = answer;
  currency = answer.title.currency;
  document.title = answer.title.name;
  ui.title.textContent = answer.title.name;
  if (answer.mode === 'FREE') {
    ui.mode.textContent = t('page.freePlay');
    ui.mode.hidden = false;
  }
  startStatus(answer.startedAt);
  startFairness(answer.fairness);
  if (answer.title.kind !== 'slot') {
    const context: TableContext = {
      host: ui.games,
      steps: answer.title.limits.steps.length > 0 ? answer.title.limits.steps : [answer.title.limits.min],
      balance: answer.balance,
      call,
      money,
      t,
      locale,
      fail: (error) => {
        if (error === null) clearError();
        else showError(error instanceof GameError ? error.message : START_FAILURE);
      },
      onRound: (round: RoundAnswer) => {
        updateStatus(round);
        afterRound(round.serverSeedHash);
      },
    };
    if (answer.title.kind === 'roulette') startRoulette(context);
    else if (answer.title.kind === 'blackjack') await startBlackjack(context);
    else if (answer.title.kind === 'plinko') startPlinko(context);
    else if (answer.title.kind === 'mines') await startMines(context);
    else {
      // Every kind the game server registers is played above; anything else is not a game this client knows.
      showError(START_FAILURE);
      return;
    }
    ui.games.hidden = false;
    return;
  }
  reelCount = answer.title.reels ?? 5;
  rowCount = answer.title.rows ?? 3;
  ui.canvas.width = 120 * reelCount;
  ui.canvas.height = 120 * rowCount;
  ui.canvas.setAttribute('aria-label', t('slot.reelsLabel', { reels: reelCount, rows: rowCount }));
  setupStakes(answer.title);
  setBalance(answer.balance);
  shown = Array.from({ length: reelCount }, (_, reel) => Array.from({ length: rowCount }, (_, row) => symbolPool[(reel + row * 2) % symbolPool.length]!));
  drawReels(shown);
  ui.table.hidden = false;
  ui.spin.addEventListener('click', () => void spin());
}

start()
  .catch((error: unknown) => {
    ui.title.textContent = t('page.gameFallback');
    showError(START_FAILURE);
    ui.error.dataset.detail = error instanceof Error ? error.message : '';
  })
  .finally(() => {
    ui.root.setAttribute('aria-busy', 'false');
  });
