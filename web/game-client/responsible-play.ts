import type { AnswerRealityCheckAnswer, PlayStatusAnswer } from '../../contracts/games/answers';
import { refusalText, type GameLanguage } from './strings';
import { rgTranslator, STOPPING_STATUSES, type RgKey } from './responsible-play-strings';
import { formatDateTime, formatMoney, formatTime } from '../../contracts/format';

/**
 * Responsible play inside a real-money game (issue 12, RG-62, NS-23): the reality check as a modal
 * dialog when its time comes (from the play status's `realityCheck.dueAt`, and whenever a round is
 * refused with REALITY_CHECK_DUE) with time played, net position, Continue, Log out and View
 * history; a compact bar of every limit's live usage; and, when a round is refused because a limit
 * is reached or the account is locked, the reason and no more real-money play (the game's controls
 * become inert). The server enforces all of it; this only tells the player.
 *
 * The portal is asked to show the history and to follow a log-out by a message to the window that
 * framed the game (`{ type: 'emerald:game-client', action }`); the portal's game page listens.
 */

type Call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

export interface ResponsiblePlayOptions {
  call: Call;
  language: GameLanguage;
  locale: string;
  currency: string;
  /** Where the usage bar and the stop notice go: right after this element. */
  after: HTMLElement;
  /** The elements holding the game's controls, made inert when real-money play stops. */
  playAreas: () => HTMLElement[];
  clearError(): void;
}

export interface ResponsiblePlay {
  /** The first status read has answered (or failed): the usage bar is in its place. */
  ready: Promise<void>;
  /** A round was played: the usage moved. */
  afterRound(): void;
  /**
   * A round was refused with this status. True when it stopped real-money play: the stop notice
   * says why, so the caller's own error line is not needed.
   */
  refused(status: string, message: string): boolean;
}

export type GameClientMessage = { type: 'emerald:game-client'; action: 'view-history' | 'logged-out' | 'show-me' };

const REFRESH_MS = 30_000;
const AFTER_ROUND_MS = 3_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

const periodKey: Record<string, RgKey | undefined> = {
  Daily: 'period.daily',
  Day: 'period.daily',
  Weekly: 'period.weekly',
  Week: 'period.weekly',
  Monthly: 'period.monthly',
  Month: 'period.monthly',
  Year: 'period.yearly',
};

function make<K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; testId?: string; text?: string } = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.testId) node.dataset.testid = props.testId;
  if (props.text !== undefined) node.textContent = props.text;
  return node;
}

/** Tells the portal's game page (the framing window) what the player chose; nothing when the game is not framed. */
function tellPortal(action: GameClientMessage['action']): boolean {
  if (window.parent === window) return false;
  // The message names an action and carries nothing private, so any framing origin may read it.
  window.parent.postMessage({ type: 'emerald:game-client', action } satisfies GameClientMessage, '*');
  return true;
}

export function startResponsiblePlay(options: ResponsiblePlayOptions): ResponsiblePlay {
  const { call, language, locale } = options;
  const t = rgTranslator(language);
  const money = (amount: number, currency: string | null) => formatMoney(amount, currency ?? options.currency, locale);
  const signed = (amount: number, currency: string) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${money(Math.abs(amount), currency)}`;
  // Today's times by the clock alone; another day's with the day, as the contracts write them.
  const timeOf = (iso: string) => (new Date(iso).toDateString() === new Date().toDateString() ? formatTime(iso, locale) : formatDateTime(iso, locale));

  /* ---------- the markup ---------- */
  const usage = make('section', { className: 'gc__usage', testId: 'gc-usage' });
  usage.setAttribute('aria-label', t('usage.title'));
  usage.hidden = true;
  const usageList = make('ul', { className: 'gc__usage-list' });
  usage.append(usageList);
  const stopped = make('p', { className: 'gc__stopped', testId: 'gc-stopped' });
  stopped.setAttribute('role', 'alert');
  stopped.hidden = true;
  options.after.after(usage, stopped);

  const dialog = make('dialog', { className: 'gc__rc', testId: 'gc-reality-check' });
  dialog.setAttribute('aria-labelledby', 'gc-rc-title');
  dialog.setAttribute('aria-describedby', 'gc-rc-played gc-rc-net');
  const heading = make('h2', { className: 'gc__rc-title', text: t('rc.title') });
  heading.id = 'gc-rc-title';
  const played = make('p', { testId: 'gc-rc-played' });
  played.id = 'gc-rc-played';
  const net = make('p', { className: 'gc__rc-net', testId: 'gc-rc-net' });
  net.id = 'gc-rc-net';
  const question = make('p', { text: t('rc.question') });
  const dialogError = make('p', { className: 'gc__rc-error', testId: 'gc-rc-error' });
  dialogError.setAttribute('role', 'alert');
  dialogError.hidden = true;
  const actions = make('div', { className: 'gc__rc-actions' });
  const continueButton = make('button', { className: 'gc__spin gc__rc-continue', testId: 'gc-rc-continue', text: t('rc.continue') });
  const logoutButton = make('button', { className: 'gc__small', testId: 'gc-rc-logout', text: t('rc.logout') });
  const historyButton = make('button', { className: 'gc__small', testId: 'gc-rc-history', text: t('rc.history') });
  for (const button of [continueButton, logoutButton, historyButton]) button.type = 'button';
  actions.append(continueButton, logoutButton, historyButton);
  dialog.append(heading, played, net, question, dialogError, actions);
  document.body.append(dialog);
  // The check must be answered: Escape does not dismiss it.
  dialog.addEventListener('cancel', (event) => event.preventDefault());

  /* ---------- the play status ---------- */
  let dueTimer: number | undefined;
  let roundTimer: number | undefined;
  let lastRefresh = 0;
  let ended = false;

  function renderUsage(status: PlayStatusAnswer): void {
    const items = status.limits
      .filter((limit) => limit.limitType !== 'REALITY_CHECK' && limit.limit > 0)
      .map((limit) => {
        const minutes = limit.limitType === 'SESSION_LIMIT' || limit.limitType === 'GAME_TIME_LIMIT';
        const show = (value: number) => (minutes ? t('usage.minutes', { minutes: Math.round(value) }) : money(value, limit.currency));
        const period = periodKey[limit.periodType];
        const label = `${t(`usage.${limit.limitType}` as RgKey)}${period ? ` · ${t(period)}` : ''}`;
        const item = make('li', { className: 'gc__usage-item', testId: 'gc-usage-item' });
        item.dataset.limitType = limit.limitType;
        const name = make('span', { className: 'gc__meter-label', text: label });
        const bar = make('progress', { className: 'gc__usage-bar' });
        bar.max = limit.usage.limit > 0 ? limit.usage.limit : 1;
        bar.value = Math.min(limit.usage.used, bar.max);
        bar.setAttribute('aria-label', label);
        const value = make('span', { className: 'gc__usage-value', text: t('usage.of', { used: show(limit.usage.used), limit: show(limit.usage.limit) }) });
        item.append(name, bar, value);
        if (limit.usage.resetsAt) item.append(make('span', { className: 'gc__usage-reset', text: t('usage.resets', { time: timeOf(limit.usage.resetsAt) }) }));
        if (limit.usage.left <= 0) item.dataset.full = 'true';
        return item;
      });
    usageList.replaceChildren(...items);
    usage.hidden = items.length === 0;
  }

  function stop(status: string, message: string, until: string | null): void {
    stopped.textContent = [refusalText(language, status, message) ?? message, t('blocked.stopped'), until ? t('blocked.until', { time: timeOf(until) }) : '']
      .filter(Boolean)
      .join(' ');
    stopped.dataset.status = status;
    stopped.hidden = false;
    for (const area of options.playAreas()) area.inert = true;
    document.getElementById('game')?.setAttribute('data-real-play', 'stopped');
  }

  function openCheck(status: PlayStatusAnswer): void {
    played.textContent = t('rc.played', { minutes: status.sessionMinutes });
    const position = status.netPosition.find((entry) => entry.currency === options.currency) ??
      status.netPosition[0] ?? { currency: options.currency, amount: 0 };
    net.textContent = t('rc.net', { amount: signed(position.amount, position.currency) });
    dialogError.hidden = true;
    if (!dialog.open) {
      dialog.showModal();
      // In the portal's page the frame may be scrolled partly out of sight: the check must be seen, so the portal brings the game into view.
      tellPortal('show-me');
    }
    continueButton.focus();
  }

  function schedule(dueAt: string | null): void {
    window.clearTimeout(dueTimer);
    if (!dueAt) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(dueAt) - Date.now()) + 250);
    dueTimer = window.setTimeout(() => void refresh(), wait);
  }

  async function refresh(): Promise<void> {
    if (ended) return;
    lastRefresh = Date.now();
    let status: PlayStatusAnswer;
    try {
      status = await call<PlayStatusAnswer>('GET', '/play-status');
    } catch {
      // The next refresh tries again; the server refuses what it must meanwhile.
      return;
    }
    renderUsage(status);
    if (status.blocked && status.blocked.status !== 'REALITY_CHECK_DUE') stop(status.blocked.status, status.blocked.message, status.blocked.until);
    if (status.realityCheck.due) openCheck(status);
    else {
      // Answered elsewhere (the portal, another game): nothing is due any more.
      if (dialog.open) dialog.close();
      schedule(status.realityCheck.dueAt);
    }
  }

  async function answer(action: 'CONTINUE' | 'LOGOUT'): Promise<AnswerRealityCheckAnswer | null> {
    for (const button of [continueButton, logoutButton]) button.disabled = true;
    try {
      return await call<AnswerRealityCheckAnswer>('POST', '/reality-check', { action });
    } catch (error) {
      dialogError.textContent = error instanceof Error ? error.message : String(error);
      dialogError.hidden = false;
      return null;
    } finally {
      for (const button of [continueButton, logoutButton]) button.disabled = false;
    }
  }

  continueButton.addEventListener('click', () => {
    void answer('CONTINUE').then((answered) => {
      if (!answered) return;
      dialog.close();
      options.clearError();
      schedule(answered.nextDueAt);
      void refresh();
    });
  });
  logoutButton.addEventListener('click', () => {
    void answer('LOGOUT').then((answered) => {
      if (!answered) return;
      ended = true;
      window.clearTimeout(dueTimer);
      // The portal signs out and leaves the game; a game opened on its own goes to the portal's home.
      if (!tellPortal('logged-out')) window.location.assign('/');
    });
  });
  historyButton.addEventListener('click', () => {
    if (!tellPortal('view-history')) window.open('/', '_blank', 'noopener');
  });

  window.setInterval(() => void refresh(), REFRESH_MS);
  const ready = refresh();

  return {
    ready,
    afterRound() {
      // At most one status read every few seconds however fast the rounds go.
      window.clearTimeout(roundTimer);
      const wait = Math.max(0, lastRefresh + AFTER_ROUND_MS - Date.now());
      roundTimer = window.setTimeout(() => void refresh(), wait);
    },
    refused(status, message) {
      if (status === 'REALITY_CHECK_DUE') {
        void refresh();
        return false;
      }
      if ((STOPPING_STATUSES as readonly string[]).includes(status)) {
        stop(status, message, null);
        void refresh();
        return true;
      }
      return false;
    },
  };
}
