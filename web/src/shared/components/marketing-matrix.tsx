import { useTranslation } from 'react-i18next';
import {
  MARKETING_CHANNELS,
  OFFERED_MARKETING_PRODUCTS,
  type MarketingChannel,
  type OfferedMarketingProduct,
} from '../../../../contracts/platform/marketing/marketing-consents';
import './marketing-matrix.css';

/** A box's key in the ticked set: `PRODUCT:CHANNEL`. */
export const boxKey = (product: OfferedMarketingProduct, channel: MarketingChannel) => `${product}:${channel}`;

/**
 * Marketing consent per product and channel (UKGC SR 5.1.12): one row per offered product, one box
 * per channel, each box its own yes — the caller starts them all unticked for a new player. Used at
 * sign-up, on the account page and on the back office's player page.
 */
export function MarketingMatrix({
  ticked,
  onChange,
  disabled = false,
  testId = 'marketing-matrix',
}: {
  ticked: ReadonlySet<string>;
  onChange: (product: OfferedMarketingProduct, channel: MarketingChannel, on: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  // The table scrolls inside its own box on a screen narrower than its four channels (Macedonian's
  // longer words), rather than widen the page around it.
  return (
    <div className="marketing-matrix__scroll">
      <table className="marketing-matrix" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">
              <span className="marketing-matrix__hidden">{t('marketing.product')}</span>
            </th>
            {MARKETING_CHANNELS.map((channel) => (
              <th key={channel} scope="col">
                {t(`marketing.channel.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {OFFERED_MARKETING_PRODUCTS.map((product) => (
            <tr key={product}>
              <th scope="row">{t(`marketing.productName.${product}`)}</th>
              {MARKETING_CHANNELS.map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    checked={ticked.has(boxKey(product, channel))}
                    disabled={disabled}
                    onChange={(event) => onChange(product, channel, event.target.checked)}
                    aria-label={t('marketing.box', { product: t(`marketing.productName.${product}`), channel: t(`marketing.channel.${channel}`) })}
                    data-testid={`marketing-${product}-${channel}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
