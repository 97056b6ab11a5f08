import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinorUnits } from '../../../../../contracts/money-units';
import { useLoyaltyItems, useSaveLoyaltyItem, type ContentLanguage, type LoyaltyItemPost } from '../api/content';
import { BackOfficeTable } from './back-office-table';
import { ContentFormFooter } from './content-form-footer';
import { textOf } from './content-text';

/** What an item gives, from its rules (read-only: the loyalty programme sets them). */
function RulesOf({ item }: { item: LoyaltyItemPost }) {
  const { t } = useTranslation();
  const rules = item.acf.rules;
  const gives =
    rules.kind === 'BONUS_MONEY' && rules.bonus_amount !== null
      ? t('bo.content.loyalty.bonusMoney', { amount: formatMinorUnits(BigInt(rules.bonus_amount)), currency: rules.currency ?? '' })
      : rules.kind === 'FREE_SPINS'
        ? t('bo.content.loyalty.freeSpins', { count: rules.free_spins ?? 0, game: rules.game_id ?? '' })
        : t('bo.content.loyalty.merchandise');
  return (
    <dl className="bo-content-rules" data-testid="bo-loyalty-rules">
      <dt>{t('bo.content.loyalty.price')}</dt>
      <dd>{rules.price}</dd>
      <dt>{t('bo.content.loyalty.gives')}</dt>
      <dd>{gives}</dd>
    </dl>
  );
}

function LoyaltyItemEditor({ item, onClose }: { item: LoyaltyItemPost; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLoyaltyItem();
  const [descriptionEn, setDescriptionEn] = useState(item.acf.description_en);
  const [descriptionMk, setDescriptionMk] = useState(item.acf.description_mk);
  const [brand, setBrand] = useState(item.acf.brand);
  const [imageUrl, setImageUrl] = useState(item.acf.image.url);
  const [order, setOrder] = useState(String(item.acf.sort_order));
  const [offered, setOffered] = useState(item.status === 'publish');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      id: item.id,
      changes: {
        status: offered ? 'publish' : 'draft',
        acf: { description_en: descriptionEn, description_mk: descriptionMk, brand, image: { url: imageUrl }, sort_order: Number(order) },
      },
    });
  };
  return (
    <form className="bo-content-form" onSubmit={submit} data-testid="bo-loyalty-editor" aria-label={t('bo.content.editing', { slug: item.acf.item_code })}>
      <h3>{t('bo.content.editing', { slug: item.acf.item_code })}</h3>
      <div className="bo-content-pair">
        <label>
          {t('bo.content.loyalty.descriptionEn')}
          <textarea lang="en" value={descriptionEn} onChange={(event) => setDescriptionEn(event.target.value)} rows={2} maxLength={300} required />
        </label>
        <label>
          {t('bo.content.loyalty.descriptionMk')}
          <textarea lang="mk" value={descriptionMk} onChange={(event) => setDescriptionMk(event.target.value)} rows={2} maxLength={300} />
        </label>
      </div>
      <p className="bo-muted">{t('bo.content.loyalty.mkFallback')}</p>
      <div className="bo-content-pair">
        <label>
          {t('bo.content.loyalty.brand')}
          <input value={brand} onChange={(event) => setBrand(event.target.value)} maxLength={100} required />
        </label>
        <label>
          {t('bo.content.imageUrl')}
          <input value={imageUrl} onChange={(event) => setImageUrl(event.target.value)} maxLength={500} required />
        </label>
      </div>
      <div className="bo-content-pair">
        <label>
          {t('bo.content.order')}
          <input type="number" step={1} value={order} onChange={(event) => setOrder(event.target.value)} />
        </label>
        <label className="bo-content-check">
          <input type="checkbox" checked={offered} onChange={(event) => setOffered(event.target.checked)} />
          {t('bo.content.loyalty.offered')}
        </label>
      </div>
      <h4>{t('bo.content.loyalty.rules')}</h4>
      <RulesOf item={item} />
      <ContentFormFooter save={save} onClose={onClose} />
    </form>
  );
}

/**
 * The loyalty shop's items (issue 15 Content): what a player reads about each (descriptions in
 * both languages, brand, picture, offered or not, order). Price and reward are the loyalty
 * programme's rules and are shown, not edited.
 */
export function LoyaltyItems({ lang }: { lang: ContentLanguage }) {
  const { t } = useTranslation();
  const items = useLoyaltyItems(lang);
  const [editing, setEditing] = useState<number | null>(null);
  const open = items.data?.find((item) => item.id === editing);
  if (items.isPending) return <p className="bo-muted">{t('bo.loading')}</p>;
  if (items.isError) return <p role="alert">{t('bo.failed')}</p>;
  return (
    <>
      {open ? <LoyaltyItemEditor key={open.id} item={open} onClose={() => setEditing(null)} /> : null}
      {items.data.length === 0 ? (
        <p className="bo-muted">{t('bo.content.empty')}</p>
      ) : (
        <BackOfficeTable
          scroll={false}
          testId="bo-loyalty-list"
          rows={items.data}
          rowKey={(item) => item.id}
          columns={[
            { header: t('bo.content.loyalty.code'), cell: (item) => item.acf.item_code },
            { header: t('bo.content.loyalty.description'), cell: (item) => textOf(item.title.rendered) },
            {
              header: t('bo.content.loyalty.status'),
              cell: (item) => (item.status === 'publish' ? t('bo.content.loyalty.shown') : t('bo.content.loyalty.hidden')),
            },
            {
              header: null,
              cell: (item) => (
                <button type="button" className="button button--secondary" onClick={() => setEditing(item.id)}>
                  {t('bo.content.edit')}
                </button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
