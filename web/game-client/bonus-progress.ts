import type { BonusProgressAnswer } from '../../contracts/platform/bonuses/bonuses';
import './bonus-progress.css';
import type { GameLanguage } from './strings';
import { bonusTranslator } from './bonus-progress-strings';
import { formatMoney } from '../../contracts/format';

/**
 * The active bonus's wagering progress in a real-money game (issue 14): wagered against required
 * and the bonus money it releases as cash, from GET /gs/bonus-progress, read at the start, shortly
 * after each round and every half minute. Hidden without an active bonus.
 */

type Call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

export interface BonusProgressOptions {
  call: Call;
  language: GameLanguage;
  locale: string;
  /** The panel goes right after this element. */
  after: HTMLElement;
}

const REFRESH_MS = 30_000;
const AFTER_ROUND_MS = 1_500;

export interface BonusProgress {
  /** The first read has answered (or failed): the panel is in its place. */
  ready: Promise<void>;
  afterRound(): void;
}

export function startBonusProgress(options: BonusProgressOptions): BonusProgress {
  const t = bonusTranslator(options.language);
  const panel = document.createElement('section');
  panel.className = 'gc__bonus';
  panel.dataset.testid = 'gc-bonus-progress';
  panel.setAttribute('aria-label', t('bonus.title'));
  panel.hidden = true;
  const title = document.createElement('p');
  title.className = 'gc__bonus-title';
  const bar = document.createElement('progress');
  bar.className = 'gc__bonus-bar';
  bar.max = 100;
  const wagered = document.createElement('p');
  wagered.className = 'gc__bonus-value';
  wagered.dataset.testid = 'gc-bonus-wagered';
  const releases = document.createElement('p');
  releases.className = 'gc__bonus-note';
  const maxStake = document.createElement('p');
  maxStake.className = 'gc__bonus-note';
  panel.append(title, bar, wagered, releases, maxStake);
  options.after.after(panel);

  const money = (amount: number, currency: string) => formatMoney(amount, currency, options.locale);

  function render(answer: BonusProgressAnswer): void {
    const progress = answer.progress;
    panel.hidden = progress === null;
    if (!progress) return;
    const percent = progress.wagerRequirement <= 0 ? 100 : Math.min(100, Math.floor((progress.amountWagered / progress.wagerRequirement) * 100));
    title.textContent = `${t('bonus.title')}: ${progress.bonusPlanName}`;
    bar.value = percent;
    bar.textContent = `${percent}%`;
    const text = t('bonus.wagered', {
      wagered: money(progress.amountWagered, progress.currency),
      required: money(progress.wagerRequirement, progress.currency),
    });
    bar.setAttribute('aria-label', text);
    wagered.textContent = text;
    releases.textContent = t('bonus.releases', {
      amount: money(progress.releases, progress.currency),
      remaining: money(progress.remaining, progress.currency),
    });
    maxStake.hidden = progress.maxStake === null;
    maxStake.textContent = progress.maxStake === null ? '' : t('bonus.maxStake', { amount: money(progress.maxStake, progress.currency) });
  }

  let reading = false;
  async function refresh(): Promise<void> {
    if (reading) return;
    reading = true;
    try {
      render(await options.call<BonusProgressAnswer>('GET', '/bonus-progress'));
    } catch {
      // The progress is information only: a failed read keeps what was shown and the next one tries again.
    } finally {
      reading = false;
    }
  }

  const ready = refresh();
  window.setInterval(() => void refresh(), REFRESH_MS);
  let soon: number | undefined;
  return {
    ready,
    afterRound() {
      window.clearTimeout(soon);
      soon = window.setTimeout(() => void refresh(), AFTER_ROUND_MS);
    },
  };
}
