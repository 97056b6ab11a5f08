import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo } from '../../../../../contracts/platform/identification/identification';
import { cardIdSchema } from '../../../../../contracts/platform/identification/identification';
import { Field } from '../../../shared/components/form-fields';
import { formatDay } from '../../documents';
import { useIdentificationMutations } from '../api/identification';
import { failureOutcome, type FlowOutcome } from './outcome';

/**
 * The Casino Access Card tab (KYC-04, KYC-07, KYC-23…25, KYC-28): the card is looked up with the
 * identity provider, its holder's data shown, and Register runs the card check (type OTHER) with
 * the look-up's token. NOT_FOUND or GENERIC_ERROR hide this tab and offer the document upload.
 */
export function CardTab({ onUnavailable, onOutcome }: { onUnavailable(): void; onOutcome(outcome: FlowOutcome): void }) {
  const { t } = useTranslation();
  const { lookUp, check } = useIdentificationMutations();
  const [cardId, setCardId] = useState('');
  const [info, setInfo] = useState<KycInfo | null>(null);
  const valid = cardIdSchema.safeParse(cardId).success;

  const find = () =>
    lookUp.mutate(cardId.trim(), {
      onSuccess: (answer) => {
        if (answer.status === 'SUCCESS' && answer.info) setInfo(answer.info);
        else onUnavailable();
      },
      onError: () => onUnavailable(),
    });

  const register = () => {
    if (!info) return;
    check.mutate(
      {
        token: info.token,
        type: 'OTHER',
        identifierValue: cardId.trim(),
        identifierKind: 'CASINO_CARD',
        extraFields: {
          MOTHER_LAST_NAME: info.extraFields.motherName || '-',
          LAST_NAME: info.lastName || '-',
          FIRST_NAME: info.firstName || '-',
          BIRTH_PLACE: info.extraFields.birthPlace || '-',
          ...(info.birthDate ? { BIRTH_DATE: info.birthDate } : {}),
        },
      },
      { onSuccess: () => onOutcome('identified'), onError: (error) => onOutcome(failureOutcome(error)) },
    );
  };

  return (
    <div className="flow" data-testid="card-tab">
      <form
        className="card-tab__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !lookUp.isPending) find();
        }}
      >
        <Field label={t('identification.card.number')} required>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              value={cardId}
              disabled={info !== null}
              onChange={(event) => setCardId(event.target.value.replace(/\D/g, ''))}
              data-testid="card-number"
            />
          )}
        </Field>
        {info ? null : (
          <div className="flow__actions">
            <button type="submit" className="button button--primary" disabled={!valid || lookUp.isPending} data-testid="card-look-up">
              {lookUp.isPending ? t('identification.card.lookingUp') : t('identification.card.lookUp')}
            </button>
          </div>
        )}
      </form>
      {info ? (
        <div className="card-holder" data-testid="card-holder">
          <p>{t('identification.card.found')}</p>
          <dl className="card-holder__list">
            <dt>{t('identification.card.name')}</dt>
            <dd>{`${info.firstName} ${info.lastName}`.trim() || '—'}</dd>
            <dt>{t('identification.card.birthDate')}</dt>
            <dd>{formatDay(info.birthDate)}</dd>
            <dt>{t('identification.card.address')}</dt>
            <dd>{[info.address, info.zipCode, info.city].filter(Boolean).join(', ') || '—'}</dd>
          </dl>
          <div className="flow__actions">
            <button type="button" className="button button--primary" disabled={check.isPending} onClick={register} data-testid="card-register">
              {check.isPending ? t('identification.submitting') : t('identification.register')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
