import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatInr } from '@shared/money';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { BookingView, CancellationResult, CancellationTerms } from '@/lib/booking-record';
import { formatResortInstant, formatShortDate } from '@/lib/format';
import { localizeMessage, t, useT } from '@/i18n/i18n';
import '@/i18n/english/manage';
import { Trans } from '@/i18n/trans';
import { Dialog } from './dialog';
import './cancel-booking.css';

type Cancellation = UseMutationResult<CancellationResult, Error, void>;

/** Why the refund is what it is, in one sentence: nothing charged, everything back, or past the deadline. */
function refundReason(booking: BookingView, terms: CancellationTerms): string {
  const deadline = formatResortInstant(terms.freeCancellationUntil);
  if (booking.payment_status !== 'paid')
    return booking.payment_method === 'offline'
      ? t('Nothing has been charged for this booking (you chose to pay at the property), so there is nothing to refund and nothing to pay.')
      : t('Nothing has been charged for this booking (the online payment was not completed), so there is nothing to refund and nothing to pay.');
  if (terms.refundAmount >= booking.total_amount)
    return t('Everything you paid comes back: you are cancelling before the free-cancellation deadline, {deadline}.', { deadline });
  if (terms.refundAmount === 0) return t('No refund: free cancellation ended on {deadline}.', { deadline });
  return t('{refund} of the {total} you paid comes back.', { refund: formatInr(terms.refundAmount), total: formatInr(booking.total_amount) });
}

/** Until when cancelling refunds everything paid, said plainly (the 48 hours count back from check-in at 2:00 PM). */
function freeUntil(terms: CancellationTerms): string {
  return t('You can cancel for a full refund until {deadline}, 48 hours before check-in. After that, nothing is refunded.', {
    deadline: formatResortInstant(terms.freeCancellationUntil),
  });
}

/** The line under a booking before the guest asks to cancel: until when it is free, and what it would refund. */
function termsLine(booking: BookingView, terms: CancellationTerms, now: number): string {
  const deadline = formatResortInstant(terms.freeCancellationUntil);
  const window =
    Date.parse(terms.freeCancellationUntil) > now
      ? t('Free cancellation until {deadline}.', { deadline })
      : t('Free cancellation ended on {deadline}.', { deadline });
  if (booking.payment_status !== 'paid') return `${window} ${t('Nothing has been charged, so cancelling costs nothing.')}`;
  return `${window} ${t('Cancelling now refunds {amount}.', { amount: formatInr(terms.refundAmount) })}`;
}

function CancelledNotice({ booking, result }: { booking: BookingView; result: CancellationResult }) {
  const ref = useRef<HTMLDivElement>(null);
  // The answer is where the eye (and the screen reader) goes next.
  useEffect(() => ref.current?.focus(), []);
  const t = useT();
  const amount = formatInr(result.refundAmount);
  const strong = { 0: <strong /> };
  return (
    <div className="banner banner--info cancel-result" role="status" tabIndex={-1} ref={ref} data-testid="cancel-result">
      <p>
        <strong>{t('Booking {reference} is cancelled.', { reference: result.booking.booking_reference })}</strong>
      </p>
      <p>
        {result.refundAmount > 0 ? (
          <Trans id="Refund: <0>{amount}</0>, to the card you paid with, within 5-7 working days." values={{ amount }} components={strong} />
        ) : booking.payment_status === 'paid' ? (
          <Trans id="Refund: <0>{amount}</0>." values={{ amount }} components={strong} />
        ) : (
          <Trans id="Refund: <0>{amount}</0> (nothing was charged)." values={{ amount }} components={strong} />
        )}{' '}
        {t('A confirmation is on its way to {email}.', { email: result.booking.customer_email })}
      </p>
      <p>
        <a className="cancel-result__link" href={paths.home.getHref()}>
          {t('Find other dates for your stay')}
        </a>
      </p>
    </div>
  );
}

/**
 * Cancelling a booking, refund first: the terms under the booking, then a dialog naming the booking
 * and the exact refund the 48-hour policy gives today (the server's figure), then the result, focused.
 */
export function CancelBooking({ booking, cancellation }: { booking: BookingView; cancellation: Cancellation }) {
  const [open, setOpen] = useState(false);
  const [now] = useState(() => Date.now());
  const t = useT();
  const terms = booking.cancellation;
  const pending = cancellation.isPending;

  if (cancellation.data) return <CancelledNotice booking={booking} result={cancellation.data} />;
  if (!terms || booking.status === 'cancelled') return null;
  if (!terms.cancellable)
    return <p className="cancel-terms muted">{terms.reason ? localizeMessage(terms.reason) : t('This booking can no longer be cancelled online.')}</p>;

  const close = () => {
    if (!pending) setOpen(false);
  };
  const error = cancellation.error;
  return (
    <div className="cancel-booking">
      <p className="cancel-terms">{termsLine(booking, terms, now)}</p>
      <button
        type="button"
        className="button button--danger-outline"
        onClick={() => {
          cancellation.reset();
          setOpen(true);
        }}
      >
        {t('Cancel booking')}
      </button>
      <Dialog
        open={open}
        title={t('Cancel booking {reference}?', { reference: booking.booking_reference })}
        onClose={close}
        className="dialog--cancel"
        description={t('{villa}, {from} to {to}, {guests, plural, one {# guest} other {# guests}}, for {name}.', {
          villa: booking.cottage_name,
          from: formatShortDate(booking.check_in_date),
          to: formatShortDate(booking.check_out_date),
          guests: booking.adults + booking.children,
          name: booking.customer_name,
        })}
      >
        <div className="refund-box" data-testid="refund">
          <p className="refund-box__label">{t('Refund if you cancel now')}</p>
          <p className="refund-box__amount">{formatInr(terms.refundAmount)}</p>
          <p className="refund-box__reason">{refundReason(booking, terms)}</p>
        </div>
        <p className="muted refund-policy" data-testid="refund-policy">
          {freeUntil(terms)}
        </p>
        {error && (
          <p className="field__error field__error--block" role="alert">
            {localizeMessage(error.message)}
            {error instanceof ApiError && error.retryAfterSeconds
              ? ` ${t('(try again in {seconds, plural, one {# second} other {# seconds}})', { seconds: error.retryAfterSeconds })}`
              : ''}
          </p>
        )}
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--danger"
            disabled={pending}
            onClick={() => cancellation.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            {pending ? (
              <>
                <span className="spinner spinner--small" aria-hidden="true" /> {t('Cancelling...')}
              </>
            ) : (
              t('Yes, cancel booking')
            )}
          </button>
          <button type="button" className="button button--secondary" data-autofocus disabled={pending} onClick={close}>
            {t('Keep my booking')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
