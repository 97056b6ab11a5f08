/**
 * Free spins in the slot (issue 14): when the player holds free spins on this title (real play),
 * a panel above the reels says how many are left, that the stake is fixed, and where the winnings
 * go; Spin then plays a free spin (`POST /gs/free-spins/spin`) with the stake selector locked to
 * the fixed stake. When the spins are used up the selector is given back and Spin plays for real
 * money again. Answers are typed by the contract (`contracts/platform/bonuses/free-spins.ts`,
 * types only: no schema is bundled).
 */

import './free-spins.css';
import type { FreeSpinAnswer, FreeSpinGrant, FreeSpinsAnswer } from '../../contracts/platform/bonuses/free-spins';
import { fsTranslator } from './free-spins-strings';
import { make, type GameContext } from './kinds/parts';
import { languageOf } from './strings';
import { formatDateTime } from '../../contracts/format';

export interface FreeSpinsControl {
  /** The request of the next free spin, or null when Spin plays a paid round. */
  next(): { path: string; body: { grantId: number; clientRequestId: string } } | null;
  /** A free spin's answer: the spins left and what it credited. */
  played(answer: FreeSpinAnswer): void;
}

const NONE: FreeSpinsControl = { next: () => null, played: () => undefined };

export async function startFreeSpins(context: GameContext, parts: { table: HTMLElement; stake: HTMLSelectElement }): Promise<FreeSpinsControl> {
  let grants: FreeSpinGrant[];
  try {
    grants = (await context.call<FreeSpinsAnswer>('GET', '/free-spins')).freeSpins;
  } catch {
    // A failed read: Spin stays the paid spin (free play and visitors are answered an empty list).
    return NONE;
  }
  const language = languageOf(document.documentElement.lang);
  // Day first and the 24-hour clock, as the portal writes times (the contracts' one formatter).
  const dates = { format: (at: Date): string => formatDateTime(at, context.locale) };
  const fs = fsTranslator(language);
  const panel = make('section', { className: 'gc-fs', testId: 'gc-free-spins' });
  panel.setAttribute('aria-labelledby', 'gc-fs-title');
  const title = make('h2', { className: 'gc-fs__title', text: fs('fs.title') });
  title.id = 'gc-fs-title';
  const left = make('p', { className: 'gc-fs__left', testId: 'gc-free-spins-left' });
  const stake = make('p', { className: 'gc-fs__stake', testId: 'gc-free-spins-stake' });
  const note = make('p', { className: 'gc-fs__note' });
  const status = make('p', { className: 'gc-fs__status', testId: 'gc-free-spins-status' });
  status.setAttribute('aria-live', 'polite');
  panel.append(title, left, stake, note, status);

  /** The stake the player had chosen before the spins locked it. */
  let chosenStake = parts.stake.value;
  let locked = false;
  const current = () => grants.find((grant) => grant.spinsLeft > 0);

  function lockStake(fixed: number): void {
    if (!locked) chosenStake = parts.stake.value;
    locked = true;
    let option = [...parts.stake.options].find((candidate) => Number(candidate.value) === fixed);
    if (!option) {
      option = make('option', { text: context.money(fixed) });
      option.value = String(fixed);
      option.dataset.freeSpin = 'true';
      parts.stake.prepend(option);
    }
    parts.stake.value = option.value;
    parts.stake.disabled = true;
  }

  function unlockStake(): void {
    if (!locked) return;
    locked = false;
    parts.stake.querySelector('option[data-free-spin]')?.remove();
    parts.stake.value = chosenStake;
    parts.stake.disabled = false;
  }

  function show(): void {
    const grant = current();
    if (!grant) {
      unlockStake();
      left.textContent = '';
      stake.textContent = '';
      note.textContent = '';
      panel.dataset.state = 'done';
      return;
    }
    panel.dataset.state = 'active';
    left.textContent = fs('fs.left', { left: grant.spinsLeft, total: grant.spinsTotal });
    stake.textContent = `${fs('fs.stake', { stake: context.money(grant.stake) })} · ${fs('fs.expires', { time: dates.format(new Date(grant.expiresAt)) })}`;
    note.textContent = fs('fs.bonus', { plan: grant.planName });
    lockStake(grant.stake);
  }

  // No grants (free play, a visitor, none held): no panel. Read before the table shows, so it moves nothing.
  if (grants.length === 0) return NONE;
  parts.table.prepend(panel);
  show();
  const first = current();
  if (first) status.textContent = fs('fs.next', { number: first.spinsTotal - first.spinsLeft + 1 });

  return {
    next() {
      const grant = current();
      return grant ? { path: '/free-spins/spin', body: { grantId: grant.grantId, clientRequestId: crypto.randomUUID() } } : null;
    },
    played(answer) {
      const grant = grants.find((candidate) => candidate.grantId === answer.freeSpin.grantId);
      if (grant) grant.spinsLeft = answer.freeSpin.spinsLeft;
      const { spinNumber, credited } = answer.freeSpin;
      show();
      const done = current() ? '' : ` ${fs('fs.done')}`;
      status.textContent =
        (credited > 0 ? fs('fs.won', { number: spinNumber, amount: context.money(credited) }) : fs('fs.lost', { number: spinNumber })) + done;
    },
  };
}
