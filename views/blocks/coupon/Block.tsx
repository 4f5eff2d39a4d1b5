import { useState } from 'react';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useT } from '../../page-context';
import { formatShortDate } from '../../format-date';
import type { BlockProps } from '../define';
import type { CouponValue } from './schema';

/**
 * A printable coupon (spec section 4): 'Print Coupon' opens the print dialog, then the block
 * thanks the visitor. Print CSS (client/styles/blocks.css) prints the coupon alone.
 */
export function CouponBlock({ value }: BlockProps<CouponValue>) {
  const t = useT();
  const [printed, setPrinted] = useState(false);
  const print = () => {
    window.print();
    setPrinted(true);
  };
  return (
    <section className="block-coupon" data-block-type="coupon">
      <div className="block-coupon__printable">
        <ResponsiveImage
          image={value.coupon_image}
          sizes="(max-width: 840px) 100vw, 640px"
          className="block-coupon__image"
        />
        <p className="block-coupon__expiry">
          {t('Expires {date}', { values: { date: formatShortDate(value.expires_on) } })}
        </p>
      </div>
      {printed ? (
        <div className="block-coupon__done" role="status">
          <p className="block-coupon__done-title">{t("You're All Set. Enjoy Your Coupon!")}</p>
          <p>{t('We look forward to seeing you soon.')}</p>
        </div>
      ) : (
        <button type="button" className="button button--primary block-coupon__print" onClick={print}>
          {t('Print Coupon')}
        </button>
      )}
    </section>
  );
}
