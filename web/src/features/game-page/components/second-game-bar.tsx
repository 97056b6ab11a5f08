import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondGameChoices } from '../second-game';

function SingleWindowIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
    </svg>
  );
}

function SplitIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M12 4v16" />
    </svg>
  );
}

interface SecondGameBarProps {
  choices: SecondGameChoices;
  /** The chosen second game's id; '' for none (one window). */
  value: string;
  onChoose(gameId: string): void;
  /** PLAY-06: back to one window. */
  onSingleWindow(): void;
}

/**
 * PLAY-05, PLAY-06: the second-game picker ('Please select a game') and the single-window button.
 * A native select: labelled, type-ahead, the phone's own picker on a phone.
 */
export function SecondGameBar({ choices, value, onChoose, onSingleWindow }: SecondGameBarProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const noteId = useId();
  const withheld = choices.slotsWithheld;
  return (
    <div className="game-page__bar" data-testid="second-game-bar">
      <div className="game-page__picker">
        <label className="game-page__picker-label" htmlFor={selectId}>
          <SplitIcon />
          {t('gamePage.secondGame')}
        </label>
        <select
          id={selectId}
          className="game-page__picker-select"
          value={value}
          onChange={(event) => (event.target.value ? onChoose(event.target.value) : onSingleWindow())}
          aria-describedby={withheld ? noteId : undefined}
          data-testid="second-game-picker"
        >
          <option value="">{t('gamePage.selectGame')}</option>
          {choices.groups.map((group) =>
            group.name ? (
              <optgroup key={group.name} label={group.name}>
                {group.games.map((game) => (
                  <option key={game.gameId} value={game.gameId}>
                    {game.name}
                  </option>
                ))}
              </optgroup>
            ) : (
              group.games.map((game) => (
                <option key={game.gameId} value={game.gameId}>
                  {game.name}
                </option>
              ))
            ),
          )}
        </select>
      </div>
      {value ? (
        <button type="button" className="button button--secondary game-page__single" onClick={onSingleWindow} data-testid="single-window">
          <SingleWindowIcon />
          {t('gamePage.singleWindow')}
        </button>
      ) : null}
      {withheld ? (
        <p className="game-page__note" id={noteId} data-testid="second-game-slot-rule">
          {t('gamePage.oneSlotAtATime')}
        </p>
      ) : null}
    </div>
  );
}
