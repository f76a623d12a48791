import { formatInr } from '@shared/money';
import { formatDateWithWeekday } from '@/lib/format';
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
  if (changed && timeLeft !== 0)
    return (
      <section className="panel pay-hold" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
        <h3 id="pay-hold-heading" className="panel__title">
          You changed your stay after booking it
        </h3>
        <p>
          Booking {held.bookingReference} ({record.cottage_name}, {formatDateWithWeekday(record.check_in_date)} to{' '}
          {formatDateWithWeekday(record.check_out_date)}) is still held for you, unpaid. To book what you have chosen now, release that hold first; nothing was
          charged.
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={onRelease} disabled={releasing}>
            {releasing ? 'Releasing the hold...' : 'Release it and continue'}
          </button>
        </p>
      </section>
    );
  if (timeLeft === 0)
    return (
      <section className="panel pay-hold pay-hold--over" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
        <h3 id="pay-hold-heading" className="panel__title">
          The time to pay has run out
        </h3>
        <p>
          Booking {held.bookingReference} was not paid within the time, so its villa is no longer held. Nothing was charged. Your details are still here: book
          again to check the villa is still free.
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={onBookAgain}>
            Book again
          </button>
        </p>
      </section>
    );
  return (
    <section className="panel pay-hold" aria-labelledby="pay-hold-heading" data-testid="awaiting-payment">
      <h3 id="pay-hold-heading" className="panel__title">
        Booking {held.bookingReference} is waiting for payment
      </h3>
      <HoldCountdown expiresAt={record.hold_expires_at} />
      <p>
        Pay <strong>{formatInr(record.total_amount)}</strong> to confirm it. Nothing has been charged yet.
      </p>
      <p className="pay-hold__change muted">
        The details below are in this booking. To change them,{' '}
        <button type="button" className="link-button" onClick={onRelease} disabled={releasing}>
          {releasing ? 'releasing the hold...' : 'release the hold'}
        </button>{' '}
        and book again.
      </p>
    </section>
  );
}
