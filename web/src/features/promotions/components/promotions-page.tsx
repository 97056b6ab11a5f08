import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { bonusListSchema } from '../../../../../contracts/content/pages';
import { ContentModal } from '../../../shared/content/content-modal';
import { ContentPage } from '../../../shared/content/content-page';
import { useInducements } from '../../../shared/session/use-inducements';
import { decodeTitle } from '../../games/game-catalogue';
import { useFeaturedBonuses } from '../api/bonuses';
import './promotions-page.css';

type Bonus = z.infer<typeof bonusListSchema>[number];

/** NAV-30, CONTENT-01…05: featured bonuses, alternating sides, each with 'READ MORE' opening the promotion modal. */
export function PromotionsPage() {
  const { t } = useTranslation();
  // Issue 29 item 7: where the player's jurisdiction closes bonus offers (IE) the page promises none.
  const inducements = useInducements();
  if (!inducements.checked || !inducements.bonusOffers) {
    return (
      <ContentPage title={t('promotions.title')} testId="promotions-page" state={{ isPending: !inducements.checked, isError: false, empty: false }}>
        <p className="content-page__state" data-testid="promotions-closed">
          {t('promotions.closed')}
        </p>
      </ContentPage>
    );
  }
  return <PromotionList />;
}

function PromotionList() {
  const { t } = useTranslation();
  const bonuses = useFeaturedBonuses();
  const [open, setOpen] = useState<Bonus | null>(null);
  const list = bonuses.data ?? [];
  return (
    <ContentPage
      title={t('promotions.title')}
      intro={t('promotions.intro')}
      testId="promotions-page"
      state={{ isPending: bonuses.isPending, isError: bonuses.isError, empty: list.length === 0 }}
      emptyText={t('promotions.notFound')}
    >
      <ul className="promotions">
        {list.map((bonus) => (
          <li
            key={bonus.id}
            className={bonus.acf.image_right ? 'promotion promotion--image-right' : 'promotion'}
            data-testid="promotion"
            data-image-right={bonus.acf.image_right}
          >
            <img className="promotion__image" src={bonus.acf.image.url} alt={bonus.acf.image.alt} loading="lazy" />
            <div className="promotion__copy">
              <h2 className="promotion__title">{decodeTitle(bonus.title.rendered)}</h2>
              {/* description and terms_and_conditions are HTML the content service sanitised (DEF-19). */}
              <div className="rich-text promotion__description" dangerouslySetInnerHTML={{ __html: bonus.acf.description }} />
              {bonus.acf.terms_and_conditions ? (
                <div
                  className="rich-text promotion__terms"
                  data-testid="promotion-terms-preview"
                  dangerouslySetInnerHTML={{ __html: bonus.acf.terms_and_conditions }}
                />
              ) : null}
              <button type="button" className="button button--primary promotion__more" onClick={() => setOpen(bonus)}>
                {t('promotions.readMore')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {open ? (
        <ContentModal title={decodeTitle(open.title.rendered)} image={open.acf.image} onClose={() => setOpen(null)} testId="promotion-modal">
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: open.acf.description }} />
          {open.acf.terms_and_conditions ? (
            <>
              <h3 className="content-modal__subtitle">{t('promotions.terms')}</h3>
              <div className="rich-text" data-testid="promotion-modal-terms" dangerouslySetInnerHTML={{ __html: open.acf.terms_and_conditions }} />
            </>
          ) : null}
        </ContentModal>
      ) : null}
    </ContentPage>
  );
}
