import { useState } from 'react';
import { useRgTranslation } from '../i18n';
import { DepositLimitEditor } from './responsible-gaming-limits';

/**
 * The prompt at the first deposit (issue 12, beside DEP-02): set a deposit limit here, in place,
 * or open every limit (the wallet's Limits tab).
 */
export function DepositLimitPrompt({ onAllLimits }: { onAllLimits(): void }) {
  const { t } = useRgTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="rg-deposit-prompt" data-testid="rg-deposit-prompt">
      <p className="rg-deposit-prompt__title">{t('rg.prompt.depositTitle')}</p>
      <p className="rg-muted">{t('rg.prompt.depositText')}</p>
      <div className="rg-deposit-prompt__actions">
        {open ? null : (
          <button type="button" className="button button--secondary" onClick={() => setOpen(true)} data-testid="rg-deposit-prompt-open">
            {t('rg.prompt.depositOpen')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onAllLimits} data-testid="rg-deposit-prompt-all">
          {t('rg.prompt.allLimits')}
        </button>
      </div>
      {open ? <DepositLimitEditor /> : null}
    </div>
  );
}
