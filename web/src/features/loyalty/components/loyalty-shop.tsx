import { Dialog } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LoyaltyItem, LoyaltyPointsStatus } from '../../../../../contracts/platform/loyalty/loyalty';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { registerLoyaltyStrings } from '../../../shared/i18n/loyalty/register';
import type { LoyaltyTranslationKey } from '../../../shared/i18n/loyalty/en';
import { useLoyaltyCheckout, useLoyaltyItems, useLoyaltyStatus } from '../api/loyalty';
import { addToCart, cartCount, cartLines, cartTotal, loadCart, removeFromCart, saveCart, setQuantity, MAX_QUANTITY, type CartLine } from '../cart';
import { useLoyaltyTranslation, type LoyaltyT } from '../i18n';
import { formatNumber } from '../../../../../contracts/format';
import '../../../shared/components/form.css';
import './loyalty-shop.css';

registerLoyaltyStrings();

/** Whole points with the language's digit grouping (not left to the browser's locale data, which may lack Macedonian). */
export function formatPoints(points: number, language: string): string {
  return formatNumber(Math.trunc(points), language);
}

const levelName = (t: LoyaltyT, level: string) => t(`loyalty.level.${level}` as LoyaltyTranslationKey, { defaultValue: level });

function pointsText(t: LoyaltyT, points: number, language: string) {
  return t('loyalty.points', { count: points, formatted: formatPoints(points, language) });
}

/**
 * The account page's Loyalty Shop tab (spec 001 §2 "Loyalty shop", §3, §8; LOY-01…10, NS-05): the
 * player's points and level (on phones the loyalty-level card, LOY-07), the items with columns
 * Item and Price, View Item, Add To Cart, and View Cart with the total and a checkout that pays
 * the cart with points at once.
 */
export function LoyaltyShop() {
  const { t, language } = useLoyaltyTranslation();
  const lang = language === 'mk' ? 'mk' : 'en';
  const viewport = useViewport();
  const status = useLoyaltyStatus();
  const items = useLoyaltyItems(lang);
  const [cart, setCart] = useState<CartLine[]>(loadCart);
  const [viewing, setViewing] = useState<LoyaltyItem | null>(null);
  const [cartOpen, setCartOpen] = useState(false);

  useEffect(() => saveCart(cart), [cart]);

  const list = items.data?.items ?? [];
  const count = cartCount(cartLines(cart, list));

  return (
    <section className="loyalty" data-testid="loyalty-shop" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title" className="loyalty__title">
        {t('loyalty.title')}
      </h2>
      <p className="loyalty__lead">{t('loyalty.lead')}</p>

      {status.isError ? (
        // LOY-09: a loyalty-status failure is SERVER_ERROR.
        <div className="form-alert" role="alert" data-testid="loyalty-status-failed">
          <p className="form-alert__message">{t('loyalty.statusFailed')}</p>
        </div>
      ) : status.data ? (
        <LevelCard status={status.data} t={t} language={language} variant={viewport === 'mobile' ? 'card' : 'strip'} />
      ) : null}

      <div className="loyalty__toolbar">
        <h3 className="loyalty__subtitle">{t('loyalty.items')}</h3>
        <button type="button" className="button button--secondary loyalty__view-cart" onClick={() => setCartOpen(true)} data-testid="loyalty-view-cart">
          {t('loyalty.viewCart')}
          <span className="loyalty__cart-count" aria-label={t('loyalty.inCart', { count })}>
            {count}
          </span>
        </button>
      </div>

      {items.isError ? (
        <div className="loyalty__state">
          <p>{t('loyalty.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void items.refetch()}>
            {t('loyalty.retry')}
          </button>
        </div>
      ) : !items.data ? (
        <p className="loyalty__state">{t('loyalty.loading')}</p>
      ) : list.length === 0 ? (
        <p className="loyalty__state">{t('loyalty.noItems')}</p>
      ) : (
        // LOY-01: columns Item and Price.
        <table className="loyalty__table" data-testid="loyalty-items">
          <thead>
            <tr>
              <th scope="col">{t('loyalty.column.item')}</th>
              <th scope="col" className="loyalty__price-column">
                {t('loyalty.column.price')}
              </th>
              <th scope="col" className="loyalty__actions-column">
                <span className="loyalty__visually-hidden">{t('loyalty.column.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.itemCode} data-testid={`loyalty-item-${item.itemCode}`}>
                <td>
                  <div className="loyalty__item">
                    <img className="loyalty__thumb" src={item.imageUrl} alt="" width={64} height={48} loading="lazy" />
                    <span>{item.description}</span>
                  </div>
                </td>
                <td className="loyalty__price-column">{pointsText(t, item.price, language)}</td>
                <td>
                  <div className="loyalty__actions">
                    <button
                      type="button"
                      className="button button--secondary loyalty__small-button"
                      onClick={() => setViewing(item)}
                      data-testid="loyalty-view-item"
                    >
                      {t('loyalty.viewItem')}
                    </button>
                    <button
                      type="button"
                      className="button button--primary loyalty__small-button"
                      onClick={() => setCart((current) => addToCart(current, item.itemCode))}
                      data-testid="loyalty-add-to-cart"
                    >
                      {t('loyalty.addToCart')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {viewing ? (
        <ItemDialog
          item={viewing}
          t={t}
          language={language}
          onAdd={() => setCart((current) => addToCart(current, viewing.itemCode))}
          onClose={() => setViewing(null)}
        />
      ) : null}
      {cartOpen ? (
        <CartDialog
          cart={cart}
          items={list}
          points={status.data?.points ?? null}
          onChange={setCart}
          onClose={() => setCartOpen(false)}
          t={t}
          language={language}
        />
      ) : null}
    </section>
  );
}

/** LOY-07: the level (the player's vipStatus), the points and what the next level needs; a card on phones. */
function LevelCard({ status, t, language, variant }: { status: LoyaltyPointsStatus; t: LoyaltyT; language: string; variant: 'card' | 'strip' }) {
  const toNext = status.nextLevelPoints !== null ? Math.max(0, status.nextLevelPoints - status.earnedPoints) : null;
  return (
    <div className={`loyalty__level loyalty__level--${variant}`} data-testid={variant === 'card' ? 'loyalty-level-card' : 'loyalty-points'}>
      <div>
        <p className="loyalty__level-label">{t('loyalty.levelCard')}</p>
        <p className="loyalty__level-name" data-testid="loyalty-level">
          {levelName(t, status.level)}
        </p>
      </div>
      <div>
        <p className="loyalty__level-label">{t('loyalty.yourPoints')}</p>
        <p className="loyalty__level-points" data-testid="loyalty-balance">
          {pointsText(t, status.points, language)}
        </p>
      </div>
      <p className="loyalty__level-next">
        {status.nextLevel !== null && toNext !== null
          ? t('loyalty.nextLevel', { points: formatPoints(toNext, language), level: levelName(t, status.nextLevel) })
          : t('loyalty.topLevel')}
      </p>
    </div>
  );
}

/** LOY-03: image, description, price and brand; the number of free spins when the item is free spins. */
function ItemDialog({ item, t, language, onAdd, onClose }: { item: LoyaltyItem; t: LoyaltyT; language: string; onAdd(): void; onClose(): void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="loyalty-dialog__overlay" />
        <Dialog.Content className="loyalty-dialog" data-testid="loyalty-item-dialog">
          <img className="loyalty-dialog__image" src={item.imageUrl} alt="" width={320} height={240} />
          <Dialog.Title className="loyalty-dialog__title">{item.description}</Dialog.Title>
          <Dialog.Description asChild>
            <dl className="loyalty-dialog__facts">
              <div>
                <dt>{t('loyalty.detail.price')}</dt>
                <dd>{pointsText(t, item.price, language)}</dd>
              </div>
              <div>
                <dt>{t('loyalty.detail.brand')}</dt>
                <dd>{item.brand}</dd>
              </div>
              {item.freespin ? (
                <div>
                  <dt>{t('loyalty.detail.freeSpins')}</dt>
                  <dd>{item.noOfFreespin}</dd>
                </div>
              ) : null}
            </dl>
          </Dialog.Description>
          <div className="loyalty-dialog__buttons">
            <Dialog.Close className="button button--secondary">{t('loyalty.close')}</Dialog.Close>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                onAdd();
                onClose();
              }}
              data-testid="loyalty-dialog-add"
            >
              {t('loyalty.addToCart')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface CartDialogProps {
  cart: CartLine[];
  items: LoyaltyItem[];
  points: number | null;
  onChange(cart: CartLine[]): void;
  onClose(): void;
  t: LoyaltyT;
  language: string;
}

/** LOY-05, LOY-06, NS-05: the cart's items with price, quantity and remove, the total, and the checkout. */
function CartDialog({ cart, items, points, onChange, onClose, t, language }: CartDialogProps) {
  const checkout = useLoyaltyCheckout();
  const lines = useMemo(() => cartLines(cart, items), [cart, items]);
  const total = cartTotal(lines);
  const [done, setDone] = useState<{ order: number; points: number; bonus: boolean; freeSpins: boolean } | null>(null);
  // One request id per cart: a retried click of the same cart is answered with the same order.
  const requestId = useRef<string>(crypto.randomUUID());
  const change = (next: CartLine[]) => {
    requestId.current = crypto.randomUUID();
    setDone(null);
    checkout.reset();
    onChange(next);
  };

  const pay = () => {
    if (lines.length === 0 || checkout.isPending) return;
    checkout.mutate(
      { requestId: requestId.current, items: lines.map((line) => ({ itemCode: line.itemCode, quantity: line.quantity })) },
      {
        onSuccess: (answer) => {
          setDone({
            order: answer.order.orderId,
            points: answer.points,
            bonus: answer.order.lines.some((line) => line.type === 'BONUS_MONEY'),
            freeSpins: answer.order.lines.some((line) => line.type === 'FREE_SPINS'),
          });
          requestId.current = crypto.randomUUID();
          onChange([]);
        },
      },
    );
  };

  const failure = checkout.isError ? describeApiFailure(checkout.error) : null;
  const failureText = failure ? t(`loyalty.error.${failure.status ?? 'other'}` as LoyaltyTranslationKey, { defaultValue: t('loyalty.error.other') }) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="loyalty-dialog__overlay" />
        <Dialog.Content className="loyalty-dialog loyalty-dialog--cart" data-testid="loyalty-cart">
          <Dialog.Title className="loyalty-dialog__title">{t('loyalty.cart.title')}</Dialog.Title>
          {done ? (
            <div className="form-success loyalty-dialog__done" role="status" data-testid="loyalty-checkout-done">
              <p>{t('loyalty.cart.done', { order: String(done.order), points: pointsText(t, done.points, language) })}</p>
              {done.bonus ? <p>{t('loyalty.cart.bonusNote')}</p> : null}
              {done.freeSpins ? <p>{t('loyalty.cart.freeSpinsNote')}</p> : null}
            </div>
          ) : null}
          {lines.length === 0 ? (
            done ? null : (
              <Dialog.Description className="loyalty-dialog__empty">{t('loyalty.cart.empty')}</Dialog.Description>
            )
          ) : (
            <>
              <Dialog.Description className="loyalty__visually-hidden">{t('loyalty.cart.title')}</Dialog.Description>
              <table className="loyalty__table loyalty__table--cart">
                <thead>
                  <tr>
                    <th scope="col">{t('loyalty.column.item')}</th>
                    <th scope="col" className="loyalty__quantity-column">
                      {t('loyalty.cart.quantity')}
                    </th>
                    <th scope="col" className="loyalty__price-column">
                      {t('loyalty.column.price')}
                    </th>
                    <th scope="col" className="loyalty__remove-column">
                      <span className="loyalty__visually-hidden">{t('loyalty.cart.remove')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.itemCode} data-testid={`loyalty-cart-line-${line.itemCode}`}>
                      <td>{line.item.description}</td>
                      <td>
                        <input
                          className="input loyalty__quantity"
                          type="number"
                          min={1}
                          max={MAX_QUANTITY}
                          inputMode="numeric"
                          value={line.quantity}
                          aria-label={`${t('loyalty.cart.quantity')}: ${line.item.description}`}
                          onChange={(event) => change(setQuantity(cart, line.itemCode, Number(event.target.value)))}
                        />
                      </td>
                      <td className="loyalty__price-column">{pointsText(t, line.item.price * line.quantity, language)}</td>
                      <td>
                        <button
                          type="button"
                          className="button button--secondary loyalty__small-button"
                          onClick={() => change(removeFromCart(cart, line.itemCode))}
                          aria-label={t('loyalty.cart.removeItem', { item: line.item.description })}
                        >
                          {t('loyalty.cart.remove')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('loyalty.cart.total')}
                    </th>
                    <td className="loyalty__price-column" data-testid="loyalty-cart-total">
                      {pointsText(t, total, language)}
                    </td>
                    <td />
                  </tr>
                </tfoot>
              </table>
              {points !== null && points >= total ? (
                <p className="loyalty__lead">{t('loyalty.cart.balanceAfter', { points: formatPoints(points - total, language) })}</p>
              ) : null}
              {failureText ? (
                <div className="form-alert" role="alert" data-testid="loyalty-checkout-failed">
                  <p className="form-alert__message">{failureText}</p>
                </div>
              ) : null}
            </>
          )}
          <div className="loyalty-dialog__buttons">
            <Dialog.Close className="button button--secondary">{t('loyalty.close')}</Dialog.Close>
            {lines.length > 0 ? (
              <button
                type="button"
                className="button button--primary"
                onClick={pay}
                disabled={checkout.isPending}
                aria-busy={checkout.isPending}
                data-testid="loyalty-checkout"
              >
                {checkout.isPending ? t('loyalty.cart.paying') : t('loyalty.cart.checkout')}
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
