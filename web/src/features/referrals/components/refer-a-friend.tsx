import { useState, type FormEvent } from 'react';
import { joinReferralFields, REFERRAL_FIELDS, type ReferralError } from '../../../../../contracts/platform/referrals/referrals';
import { registerReferralsStrings } from '../../../shared/i18n/referrals/register';
import type { ReferralsTranslationKey } from '../../../shared/i18n/referrals/en';
import { formatMoney } from '../../../shared/wallet/money-format';
import { useReferFriend, useReferrals } from '../api/referrals';
import { useReferralsTranslation, type ReferralsT } from '../i18n';
import '../../../shared/components/form.css';
import './refer-a-friend.css';

registerReferralsStrings();

/** REF-10: each error as 'error: field', joined by commas; the error is the server's code in the player's language. */
export function errorLine(errors: readonly ReferralError[], t: ReferralsT): string {
  return errors.map((item) => `${t(`referrals.error.${item.error}` as ReferralsTranslationKey, { defaultValue: item.error })}: ${item.field}`).join(', ');
}

const emptyFields = () => Array.from({ length: REFERRAL_FIELDS }, () => '');

/**
 * The account page's Refer a Friend tab (spec 001 §2 "Refer a friend", §4, §5, §8; REF-01…12):
 * 'Life is Better with Friends!', four e-mail fields and Send, the 15-address note, the player's
 * referral link, and the friends as invited, joined or qualified — only the addresses the player
 * typed, nothing else of the friends.
 */
export function ReferAFriend() {
  const { t } = useReferralsTranslation();
  const referrals = useReferrals();
  const send = useReferFriend();
  const [fields, setFields] = useState(emptyFields);
  const [complete, setComplete] = useState(false);
  const [errors, setErrors] = useState<ReferralError[]>([]);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);

  const empty = fields.every((field) => field.trim() === '');
  // REF-04, REF-05, REF-06: disabled with all four empty, while sending, and once complete.
  const disabled = empty || send.isPending || complete;

  const change = (index: number, value: string) => {
    setFields((current) => current.map((field, at) => (at === index ? value : field)));
    // Editing after a success starts a new form; editing after a failure clears its error state.
    setComplete(false);
    setErrors([]);
    setFailed(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setErrors([]);
    setFailed(false);
    send.mutate(joinReferralFields(fields), {
      onSuccess: (answer) => {
        if (answer.status === 'SUCCESS') setComplete(true);
        else setErrors(answer.errors);
      },
      onError: () => setFailed(true),
    });
  };

  const copy = (link: string) => {
    void navigator.clipboard?.writeText(link).then(() => setCopied(true));
  };

  const invalid = errors.length > 0;
  const data = referrals.data;
  const money = (amount: number) => (data ? formatMoney(amount, data.currency) : '');

  return (
    <section className="referrals" data-testid="refer-a-friend" aria-labelledby="referrals-title">
      <h2 id="referrals-title" className="referrals__title">
        {t('referrals.title')}
      </h2>
      {data ? <p className="referrals__lead">{t('referrals.lead', { minimum: money(data.minimumDeposit), reward: money(data.reward) })}</p> : null}

      <form className="referrals__form" onSubmit={submit} noValidate aria-describedby="referrals-note">
        <fieldset className="referrals__fields">
          <legend className="referrals__legend">{t('referrals.fields')}</legend>
          {fields.map((value, index) => (
            <div key={index} className={['field', invalid ? 'field--invalid' : null].filter(Boolean).join(' ')}>
              <label className="field__label" htmlFor={`referral-email-${index}`}>
                {t('referrals.field', { number: index + 1 })}
              </label>
              <textarea
                id={`referral-email-${index}`}
                className="input referrals__input"
                rows={2}
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                value={value}
                aria-invalid={invalid}
                onChange={(event) => change(index, event.target.value)}
                data-testid={`referral-email-${index}`}
              />
            </div>
          ))}
        </fieldset>
        <p id="referrals-note" className="referrals__note" data-testid="referrals-note">
          {t('referrals.note', { max: data?.maxAddresses ?? 15 })}
          {data ? <> {t('referrals.remaining', { count: data.remaining })}</> : null}
        </p>
        {invalid ? (
          // REF-10: 'error: field', joined by commas, in a red box.
          <div className="form-alert referrals__errors" role="alert" data-testid="referrals-errors">
            <p className="form-alert__title">{t('referrals.errorsTitle')}</p>
            <p className="form-alert__message">{errorLine(errors, t)}</p>
          </div>
        ) : null}
        {failed ? (
          <div className="form-alert" role="alert" data-testid="referrals-failed">
            <p className="form-alert__message">{t('referrals.sendFailed')}</p>
          </div>
        ) : null}
        <button type="submit" className="button button--primary referrals__send" disabled={disabled} aria-busy={send.isPending} data-testid="referrals-send">
          {complete ? t('referrals.sent') : send.isPending ? t('referrals.sending') : t('referrals.send')}
        </button>
      </form>

      {referrals.isError ? (
        <div className="referrals__state">
          <p>{t('referrals.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void referrals.refetch()}>
            {t('referrals.retry')}
          </button>
        </div>
      ) : !data ? (
        <p className="referrals__state">{t('referrals.loading')}</p>
      ) : (
        <>
          <div className="referrals__link">
            <h3 className="referrals__subtitle">{t('referrals.linkTitle')}</h3>
            <p className="referrals__hint">{t('referrals.linkHint')}</p>
            <div className="referrals__link-row">
              <input
                className="input referrals__link-input"
                readOnly
                value={data.referralLink}
                aria-label={t('referrals.linkTitle')}
                data-testid="referral-link"
                onFocus={(event) => event.target.select()}
              />
              <button type="button" className="button button--secondary" onClick={() => copy(data.referralLink)}>
                {copied ? t('referrals.copied') : t('referrals.copy')}
              </button>
            </div>
          </div>

          <div className="referrals__friends">
            <h3 className="referrals__subtitle">{t('referrals.friendsTitle')}</h3>
            <dl className="referrals__counts" data-testid="referral-counts">
              {(['invited', 'joined', 'qualified'] as const).map((name) => (
                <div key={name} className="referrals__count">
                  <dt>{t(`referrals.count.${name}`)}</dt>
                  <dd>{data.counts[name]}</dd>
                </div>
              ))}
            </dl>
            {data.friends.length === 0 ? (
              <p className="referrals__state">{t('referrals.noFriends')}</p>
            ) : (
              <table className="referrals__table" data-testid="referral-friends">
                <thead>
                  <tr>
                    <th scope="col">{t('referrals.column.email')}</th>
                    <th scope="col">{t('referrals.column.stage')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.friends.map((friend, index) => (
                    <tr key={`${friend.email ?? 'link'}-${index}`}>
                      <td className="referrals__email">{friend.email ?? t('referrals.linkFriend')}</td>
                      <td>
                        <span className={`referrals__stage referrals__stage--${friend.stage.toLowerCase()}`}>{t(`referrals.stage.${friend.stage}`)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </section>
  );
}
