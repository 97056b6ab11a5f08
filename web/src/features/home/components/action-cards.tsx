import type { InducementKind } from '../../../../../contracts/platform/inducements/inducements';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { useSession } from '../../../shared/session/use-session';
import { decodeTitle } from '../../games/game-catalogue';
import { cardWidth, type ActionCard, type DisplayPage, useActionCards } from '../api/action-cards';
import { cardActions, usePortalAction } from './use-card-action';
import './action-cards.css';

/** HOME-15…19, HOME-24: the promotional cards of one display page, by priority, a quarter, half or full row wide. */
export function ActionCards({ page, title }: { page: DisplayPage; title?: string }) {
  const cards = useActionCards(page);
  const { inducementsOff } = useSession();
  if (cards.isPending) return <div className="action-cards action-cards--loading" aria-hidden="true" />;
  // Issue 29 item 7: no card promoting an inducement the player's jurisdiction closes (IE: all of them).
  const shown = (cards.data ?? []).filter((card) => !promotesClosed(card, inducementsOff));
  if (!shown.length) return null;
  return (
    <section className="action-cards" aria-label={title} data-testid="action-cards" data-display-page={page}>
      {title ? <h2 className="action-cards__title">{title}</h2> : null}
      <ul className="action-cards__grid">
        {shown.map((card) => (
          <li
            key={card.id}
            className={`action-card action-card--${cardWidth(card.acf.size)}`}
            data-testid="action-card"
            data-size={card.acf.size}
            data-priority={card.acf.priority}
          >
            <ActionCardBody card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The shop's and Refer a Friend's pages, and promotions, by address, for cards that do not say what they promote. */
const INDUCEMENT_ADDRESSES: readonly [RegExp, InducementKind][] = [
  [/[?&]tab=refer-a-friend\b/, 'REFER_A_FRIEND'],
  [/[?&]tab=loyalty-shop\b/, 'LOYALTY_SHOP'],
  [/^\/promotions\b/, 'BONUS_OFFERS'],
];

function promotesClosed(card: ActionCard, off: readonly InducementKind[]): boolean {
  if (off.length === 0) return false;
  if (card.acf.inducement && off.includes(card.acf.inducement)) return true;
  return INDUCEMENT_ADDRESSES.some(([address, kind]) => off.includes(kind) && address.test(card.acf.url));
}

function ActionCardBody({ card }: { card: ActionCard }) {
  const { t } = useTranslation();
  const viewport = useViewport();
  const run = usePortalAction();
  const title = decodeTitle(card.title.rendered);
  const image = viewport === 'mobile' && card.acf.mobile_image?.guid ? card.acf.mobile_image.guid : card.acf.image.guid;
  const content = (
    <>
      <img className="action-card__image" src={image} alt="" loading="lazy" decoding="async" />
      <span className="action-card__shade" aria-hidden="true" />
      <span className="action-card__copy">
        <span className="action-card__title">{title}</span>
        {/* description is HTML the content service sanitised on write and on output (DEF-19). */}
        {card.acf.description ? <span className="action-card__text" dangerouslySetInnerHTML={{ __html: card.acf.description }} /> : null}
        <span className="action-card__cta">
          {card.acf.action ? t(`cards.${card.acf.action}`) : t('cards.more')}
          <ArrowRightIcon width={16} height={16} aria-hidden="true" />
        </span>
      </span>
    </>
  );
  if (card.acf.action) {
    const action = cardActions[card.acf.action];
    return (
      <button type="button" className="action-card__link" onClick={() => run(action)} data-action={card.acf.action}>
        {content}
      </button>
    );
  }
  if (card.acf.url.startsWith('/')) {
    return (
      <Link className="action-card__link" to={card.acf.url}>
        {content}
      </Link>
    );
  }
  return card.acf.url ? (
    <a className="action-card__link" href={card.acf.url} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  ) : (
    <div className="action-card__link">{content}</div>
  );
}
