import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNKNOWN_BONUS_CODE_TEXTS, type PlayerBonus } from '../../../../../../contracts/platform/bonuses/bonuses';
import { describeApiFailure } from '../../../../shared/api/api-failure';
import { Field } from '../../../../shared/components/form-fields';
import { useActiveBalance } from '../../../../shared/wallet/api/get-balance';
import { isoDay } from '../history/history-dates';
import { PanelEmpty, PanelLoadFailed, PanelLoading } from '../cashier/panel-states';
import { BonusTable } from './bonus-table';
import { refreshAfterBonusChange, redeemBonus, useBonuses } from './bonuses-api';
import { CancelBonusDialog } from './cancel-bonus-dialog';
import './bonuses.css';
import { useInducements } from '../../../../shared/session/use-inducements';

/** The server's sentence for an unknown code (redeemBonus); shown in the spec's wording (BON-15). */

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 365;

type RedeemResult = { tone: 'success' | 'error'; text: string } | null;

/** BON-01: last year up to today. */
function defaultRange(now: Date) {
  const start = new Date(now.getFullYear() - 1, now.getMonth(), now.getDate());
  return { startDate: isoDay(start), endDate: isoDay(now) };
}

/**
 * The wallet's Bonuses tab (spec 001 §2 "Bonuses page", §4 "Bonuses"; BON-01…19): the player's
 * bonuses over a date range (the server reads to the end of the end date, BON-02), a redeem-by-code
 * field, and the cancel dialog.
 */
export function BonusesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const bonuses = useBonuses(range);
  const [code, setCode] = useState('');
  const [redeeming, setRedeeming] = useState(false);
  const [result, setResult] = useState<RedeemResult>(null);
  const [cancelling, setCancelling] = useState<PlayerBonus | null>(null);
  // Issue 29 item 7: no bonus code to redeem where the jurisdiction closes bonus offers; bonuses held stay listed.
  const { bonusOffers } = useInducements();
  const onCancel = useCallback((bonus: PlayerBonus) => setCancelling(bonus), []);
  // Wagering moves with play: when the balance changes (a bet, a win, a release) the list is read again.
  const { data: balance } = useActiveBalance();
  const moved = balance ? `${balance.withdrawableBalance}:${balance.bonusBalance}` : '';
  const { refetch } = bonuses;
  useEffect(() => {
    if (moved) void refetch();
  }, [moved, refetch]);

  const typed = code.trim();
  const redeem = () => {
    if (!typed || redeeming) return;
    setRedeeming(true);
    setResult(null);
    redeemBonus(typed)
      .then(() => {
        setResult({ tone: 'success', text: t('wallet.bonuses.redeemed', { code: typed }) });
        setCode('');
        refreshAfterBonusChange(queryClient);
      })
      .catch((error: unknown) => {
        const failure = describeApiFailure(error);
        const said =
          failure.errors.find((entry) => entry.field === 'code' || entry.field === 'bonusCode')?.error ?? failure.errors[0]?.error ?? failure.message;
        // BON-15 for an unknown code; BON-16: any other refusal keeps the server's sentence.
        const text =
          typeof said === 'string' && UNKNOWN_BONUS_CODE_TEXTS.includes(said)
            ? t('wallet.bonuses.codeNotFound', { code: typed })
            : (said ?? t('wallet.bonuses.redeemFailed'));
        setResult({ tone: 'error', text });
      })
      .finally(() => setRedeeming(false));
  };

  // The server answers at most one year (getBonuses): a date moved past the other one, or more than
  // a year from it, moves the other one along.
  const setDate = (which: 'startDate' | 'endDate', value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    setRange((current) => {
      const next = { ...current, [which]: value };
      if (next.startDate > next.endDate) return { startDate: value, endDate: value };
      if (Date.parse(next.endDate) - Date.parse(next.startDate) > MAX_RANGE_DAYS * DAY_MS) {
        const moved = new Date(Date.parse(value) + (which === 'startDate' ? 1 : -1) * MAX_RANGE_DAYS * DAY_MS).toISOString().slice(0, 10);
        return which === 'startDate' ? { startDate: value, endDate: moved } : { startDate: moved, endDate: value };
      }
      return next;
    });
  };

  return (
    <div className="bonuses-panel" data-testid="bonuses">
      {bonusOffers ? (
        <form
          className="bonus-redeem"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            redeem();
          }}
        >
          <Field label={t('wallet.bonuses.code')} error={result?.tone === 'error' ? result.text : undefined} className="bonus-redeem__field">
            {(control) => (
              <input
                {...control}
                className="input"
                type="text"
                autoComplete="off"
                value={code}
                maxLength={64}
                onChange={(event) => {
                  setCode(event.target.value);
                  setResult(null);
                }}
                data-testid="bonus-redeem-code"
              />
            )}
          </Field>
          {/* BON-12: Redeem is disabled while the code is empty. */}
          <button type="submit" className="button button--primary bonus-redeem__button" disabled={!typed || redeeming} data-testid="bonus-redeem">
            {t('wallet.bonuses.redeem')}
          </button>
          {result?.tone === 'success' ? (
            <p className="bonus-redeem__success" role="status" data-testid="bonus-redeem-success">
              {result.text}
            </p>
          ) : null}
        </form>
      ) : null}

      <fieldset className="bonus-range">
        <legend className="visually-hidden">{t('wallet.bonuses.range')}</legend>
        <label className="bonus-range__field">
          <span>{t('wallet.bonuses.from')}</span>
          <input
            className="input"
            type="date"
            value={range.startDate}
            max={range.endDate}
            onChange={(event) => setDate('startDate', event.target.value)}
            data-testid="bonuses-from"
          />
        </label>
        <label className="bonus-range__field">
          <span>{t('wallet.bonuses.to')}</span>
          <input
            className="input"
            type="date"
            value={range.endDate}
            min={range.startDate}
            onChange={(event) => setDate('endDate', event.target.value)}
            data-testid="bonuses-to"
          />
        </label>
      </fieldset>

      {bonuses.isPending ? <PanelLoading /> : null}
      {bonuses.isError ? <PanelLoadFailed onRetry={() => void bonuses.refetch()} /> : null}
      {bonuses.isSuccess ? (
        bonuses.data.length === 0 ? (
          <PanelEmpty title={t('wallet.bonuses.none')} testId="bonuses-empty">
            <p>{t('wallet.bonuses.text')}</p>
          </PanelEmpty>
        ) : (
          <BonusTable bonuses={bonuses.data} onCancel={onCancel} />
        )
      ) : null}
      {cancelling ? <CancelBonusDialog bonus={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}
