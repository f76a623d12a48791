import { formatInr } from '@shared/money';
import { formatDateWithWeekday } from '@/lib/format';
import { useT } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { Trans } from '@/i18n/trans';
import type { CreatedBooking } from '../api/schemas';
import { HoldCountdown } from './hold-countdown';

/**
 * The booking made for online payment and not yet paid: which booking, how long its villa stays
 * held, and what changing anything means (giving the hold back, then booking again).
 */
export function AwaitingPayment({
  held,
  changed,
  timeLeft,
  releasing,
  onRelease,
  onBookAgain,
}: {
  held: CreatedBooking;
  /** The guest went back and changed the stay after this booking was made. */
  changed: boolean;
  timeLeft: number | undefined;
  releasing: boolean;
  onRelease: () => void;
  onBookAgain: () => void;
}) {
  const record = held.booking;
  const t = useT();
  const reference = held.bookingReference;
  if (changed && timeLeft !== 0)
    return (
      <section className="panel pay-hold" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
        <h3 id="pay-hold-heading" className="panel__title">
          {t('You changed your stay after booking it')}
        </h3>
        <p>
          {t(
            'Booking {reference} ({villa}, {checkIn} to {checkOut}) is still held for you, unpaid. To book what you have chosen now, release that hold first; nothing was charged.',
            {
              reference,
              villa: record.cottage_name,
              checkIn: formatDateWithWeekday(record.check_in_date),
              checkOut: formatDateWithWeekday(record.check_out_date),
            },
          )}
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={onRelease} disabled={releasing}>
            {releasing ? t('Releasing the hold...') : t('Release it and continue')}
          </button>
        </p>
      </section>
    );
  if (timeLeft === 0)
    return (
      <section className="panel pay-hold pay-hold--over" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
        <h3 id="pay-hold-heading" className="panel__title">
          {t('The time to pay has run out')}
        </h3>
        <p>
          {t(
            'Booking {reference} was not paid within the time, so its villa is no longer held. Nothing was charged. Your details are still here: book again to check the villa is still free.',
            { reference },
          )}
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={onBookAgain}>
            {t('Book again')}
          </button>
        </p>
      </section>
    );
  return (
    <section className="panel pay-hold" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
      <h3 id="pay-hold-heading" className="panel__title">
        {t('Booking {reference} is waiting for payment', { reference })}
      </h3>
      <HoldCountdown expiresAt={record.hold_expires_at} />
      <p>
        <Trans
          id="Pay <0>{amount}</0> to confirm it. Nothing has been charged yet."
          values={{ amount: formatInr(record.total_amount) }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p className="pay-hold__change muted">
        <Trans
          id="The details below are in this booking. To change them, <0>{release}</0> and book again."
          values={{ release: releasing ? t('releasing the hold...') : t('release the hold') }}
          components={{ 0: <button type="button" className="link-button" onClick={onRelease} disabled={releasing} /> }}
        />
      </p>
    </section>
  );
}
