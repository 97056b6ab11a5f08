import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { SearchIcon } from './icons';
import './game-search-form.css';

interface GameSearchFormProps {
  label: string;
  placeholder: string;
  /** Called after navigating, e.g. to close the sidebar holding the form. */
  onSearch?: () => void;
  testId?: string;
}

/** Sends the player to the games explorer with their text as `?search=` (NAV-55, NAV-63). */
export function GameSearchForm({ label, placeholder, onSearch, testId }: GameSearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(paths.play.getHref({ search: text.trim() }));
    onSearch?.();
  }

  return (
    <form className="game-search" role="search" onSubmit={submit} data-testid={testId}>
      <label className="game-search__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="game-search__row">
        <div className="game-search__field">
          <SearchIcon className="game-search__icon" />
          <input
            id={inputId}
            className="game-search__input"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
          />
        </div>
        <button className="button button--primary game-search__submit" type="submit">
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}
