import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredCard } from '../../../../../../contracts/platform/cashier/stored-cards';
import { CloseIcon } from '../../../../shared/components/icons';

interface StoredCardListProps {
  cards: readonly StoredCard[];
  selectedId: string | null;
  onSelect(card: StoredCard): void;
  /** Deleting is offered when given; the player confirms first. */
  onDelete?: (card: StoredCard) => void;
  deleting?: boolean;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A stored card's expiry as printed on it: MM/YY. */
export const cardExpiry = (card: StoredCard) => `${twoDigits(card.expiryMonth)}/${twoDigits(card.expiryYear % 100)}`;

/** DEP-48: the player's stored cards (masked number, brand, holder, expiry), one to choose. */
export function StoredCardList({ cards, selectedId, onSelect, onDelete, deleting = false }: StoredCardListProps) {
  const { t } = useTranslation();
  const name = useId();
  const [toDelete, setToDelete] = useState<StoredCard | null>(null);
  return (
    <>
      <fieldset className="stored-cards" data-testid="stored-cards">
        <legend className="visually-hidden">{t('wallet.cards.choose')}</legend>
        {cards.map((card) => (
          <div key={card.customerCardId} className="stored-cards__row" data-testid="stored-card">
            <label className="stored-cards__card">
              <input type="radio" name={name} checked={selectedId === card.customerCardId} onChange={() => onSelect(card)} />
              <span className="stored-cards__brand">{card.cardType}</span>
              <span className="stored-cards__number">{card.cardNumber}</span>
              <span className="stored-cards__meta">
                <span>{card.nameOnCard}</span>
                <span>{t('wallet.cards.expires', { expiry: cardExpiry(card) })}</span>
              </span>
            </label>
            {onDelete ? (
              <button
                type="button"
                className="icon-button stored-cards__delete"
                aria-label={t('wallet.cards.delete', { number: card.cardNumber })}
                disabled={deleting}
                onClick={() => setToDelete(card)}
                data-testid="stored-card-delete"
              >
                <CloseIcon width={16} height={16} />
              </button>
            ) : null}
          </div>
        ))}
      </fieldset>
      {onDelete ? (
        <AlertDialog.Root open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="wallet-confirm__overlay" />
            <AlertDialog.Content className="wallet-confirm" data-testid="stored-card-delete-confirm">
              <AlertDialog.Title className="wallet-confirm__title">{t('wallet.cards.deleteTitle')}</AlertDialog.Title>
              <AlertDialog.Description className="wallet-confirm__text">
                {t('wallet.cards.deleteText', { number: toDelete?.cardNumber ?? '', expiry: toDelete ? cardExpiry(toDelete) : '' })}
              </AlertDialog.Description>
              <div className="wallet-confirm__actions">
                <AlertDialog.Cancel className="button button--secondary">{t('wallet.cards.keep')}</AlertDialog.Cancel>
                <AlertDialog.Action
                  className="button button--primary"
                  onClick={() => {
                    if (toDelete) onDelete(toDelete);
                  }}
                >
                  {t('wallet.cards.deleteConfirm')}
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      ) : null}
    </>
  );
}
