import { ONLINE_HOLD_MINUTES, OPEN_HOLD_LIMIT, PAY_AT_PROPERTY_CONFIRM_HOURS, UNPAID_NIGHT_LIMIT, UNPAID_STAY_LIMIT } from '@shared/payment-rules';
import type { Draft } from '../model/draft';
import { useT } from '@/i18n/i18n';

type Method = Draft['paymentMethod'];

/**
 * How to pay (docs/product.md#step-4-review-and-pay): online (the default; cards, UPI, net banking) or at the property.
 * Each tile says what happens next in plain words, before anything is booked: online confirms at
 * once; at the property holds the villa for a day until the guest confirms from the e-mail.
 */
export function PaymentMethodTiles({
  method,
  onChange,
  testMode,
  disabled = false,
}: {
  method: Method;
  onChange: (method: Method) => void;
  /** The built-in test provider stands in for Razorpay: say so before the guest picks it. */
  testMode: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <fieldset className="panel" disabled={disabled}>
      <legend className="panel__title">{t('How would you like to pay?')}</legend>
      <div className="pay-tiles">
        <label className={`pay-tile${method === 'razorpay' ? ' pay-tile--selected' : ''}`}>
          <input
            type="radio"
            name="paymentMethod"
            value="razorpay"
            checked={method === 'razorpay'}
            aria-describedby="pay-online-terms"
            onChange={() => onChange('razorpay')}
          />
          <span className="pay-tile__title">{t('Pay online')}</span>
          <span className="pay-tile__text" id="pay-online-terms">
            {t('Cards, UPI, net banking. Your booking is confirmed as soon as the payment goes through; you have {minutes} minutes to pay.', {
              minutes: ONLINE_HOLD_MINUTES,
            })}
          </span>
          {testMode && <span className="badge badge--gold">{t('Test mode: no real money')}</span>}
        </label>
        <label className={`pay-tile${method === 'offline' ? ' pay-tile--selected' : ''}`}>
          <input
            type="radio"
            name="paymentMethod"
            value="offline"
            checked={method === 'offline'}
            aria-describedby="pay-at-property-terms"
            onChange={() => onChange('offline')}
          />
          <span className="pay-tile__title">{t('Pay at property')}</span>
          <span className="pay-tile__text">{t('Nothing to pay now.')}</span>
          <ul className="pay-tile__terms" id="pay-at-property-terms" data-testid="pay-at-property-terms">
            <li>{t('We hold your villa for {hours} hours.', { hours: PAY_AT_PROPERTY_CONFIRM_HOURS })}</li>
            <li>
              {t('We e-mail you a link: confirm your booking from it within {hours} hours, or the hold is released.', { hours: PAY_AT_PROPERTY_CONFIRM_HOURS })}
            </li>
            <li>{t('You pay at the property when you arrive.')}</li>
            <li>{t('You can have at most {count} such bookings waiting for confirmation at once.', { count: OPEN_HOLD_LIMIT })}</li>
            <li>
              {t('Up to {stays} stays, {nights} room-nights in all, can wait to be paid at the property.', {
                stays: UNPAID_STAY_LIMIT,
                nights: UNPAID_NIGHT_LIMIT,
              })}
            </li>
          </ul>
        </label>
      </div>
    </fieldset>
  );
}
