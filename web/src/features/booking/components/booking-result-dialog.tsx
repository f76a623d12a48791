import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CHECK_IN_TIME, CHECK_OUT_TIME, confirmationMailContent, RESORT_NAME } from '@shared/booking-mail';
import { calendarFile, stayEvent } from '@shared/calendar-file';
import { formatInr } from '@shared/money';
import { PriceNote } from '@/components/price-note';
import { Dialog } from '@/components/dialog';
import { paths } from '@/config/paths';
import { ConfirmByNotice } from './confirm-by-notice';
import type { CreatedBooking } from '../api/schemas';
import { formatDateWithWeekday, plural } from '@/lib/format';
import './booking-result-dialog.css';

/**
 * The stay as a calendar file, from the e-mails' own builder with their UID: one event per booking,
 * which the booking's e-mails update as it moves on.
 */
function calendarHref(booking: CreatedBooking['booking'], now = Date.now()): string {
  const text = calendarFile({
    product: `-//${RESORT_NAME}//Booking//EN`,
    method: 'PUBLISH',
    sequence: 0,
    stamp: now,
    ...stayEvent(booking),
    description: `Booking ${booking.booking_reference}. Check-in from ${CHECK_IN_TIME}, check-out by ${CHECK_OUT_TIME} (India time).`,
    status: booking.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
  });
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
}

/**
 * The confirmation e-mail as the guest will read it: the very content the server sends
 * (shared/booking-mail.ts), folded away until asked for.
 */
function EmailPreview({ booking }: { booking: CreatedBooking['booking'] }) {
  const mail = useMemo(() => confirmationMailContent(booking), [booking]);
  return (
    <details className="email-preview" data-testid="email-preview">
      <summary>Preview the e-mail</summary>
      <div className="email-preview__message">
        <p className="email-preview__meta">
          From: {RESORT_NAME}
          <br />
          To: {booking.customer_email}
          <br />
          Subject: {mail.subject}
        </p>
        <p>{mail.intro}</p>
        <table className="email-preview__rows">
          <tbody>
            {mail.rows.map(([label, value], index) => (
              <tr key={`${index}-${label}`}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {mail.outro.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </details>
  );
}

/** What happened, as the heading says it: paid online, or held for the guest to pay at the property. */
export function resultTitle(record: CreatedBooking['booking'] | undefined): string {
  if (record?.payment_method === 'offline') return 'Booking held: pay at the property';
  if (record?.payment_status === 'paid') return 'Booking paid and confirmed';
  return 'Booking received';
}

/** The reference in one piece, and a button that copies it (with what happened, said to screen readers too). */
function Reference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied('Copied');
    } catch {
      setCopied('Select the reference to copy it: the browser did not allow copying.');
    }
  };
  return (
    <div className="receipt__reference-row">
      <p className="receipt__reference" translate="no">
        {reference}
      </p>
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()} aria-label={`Copy booking reference ${reference}`}>
        Copy
      </button>
      <span role="status" className="receipt__copied">
        {copied}
      </span>
    </div>
  );
}

/**
 * The confirmation, a keepsake: the reference in large type, the dates with their weekdays, the
 * check-in time, the e-mail on its way, Add to calendar, and a receipt layout for printing.
 */
export default function BookingResultDialog({ booking, onClose }: { booking: CreatedBooking | undefined; onClose: () => void }) {
  const record = booking?.booking;
  const ics = useMemo(() => (record ? calendarHref(record) : ''), [record]);
  return (
    <Dialog open={booking !== undefined} title={resultTitle(record)} onClose={onClose} className="dialog--result dialog--receipt" hideCloseButton>
      {booking && record && (
        <div className="receipt" data-testid="booking-success">
          <p className="receipt__label">Booking reference</p>
          <Reference reference={booking.bookingReference} />
          <dl className="receipt__facts">
            <div>
              <dt>Villa</dt>
              <dd>{record.cottage_name}</dd>
            </div>
            <div>
              <dt>Check-in</dt>
              <dd>
                {formatDateWithWeekday(record.check_in_date)}, from {CHECK_IN_TIME}
              </dd>
            </div>
            <div>
              <dt>Check-out</dt>
              <dd>
                {formatDateWithWeekday(record.check_out_date)}, by {CHECK_OUT_TIME}
              </dd>
            </div>
            <div>
              <dt>Guests</dt>
              <dd>
                {plural(record.adults, 'adult')}
                {record.children > 0 ? `, ${plural(record.children, 'child', 'children')}` : ''}
              </dd>
            </div>
            <div>
              <dt>Package</dt>
              <dd>{record.package_name}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>
                <strong>{formatInr(record.total_amount)}</strong>
                <PriceNote rupees={record.total_amount} estimatedOffline={false} />
                {record.payment_method === 'offline' ? ', to pay at the property' : record.payment_status === 'paid' ? ', paid online' : ''}
              </dd>
            </div>
          </dl>
          <ConfirmByNotice booking={record} />
          <div className="email-panel">
            <strong>Confirmation e-mail</strong>
            <p>
              {record.payment_method === 'offline' ? 'An e-mail with these details and the link to confirm' : 'A confirmation with these details'} is on its way
              to <strong>{record.customer_email}</strong>. Free cancellation up to 48 hours before check-in.
            </p>
            <p>
              {/* The link from the create answer opens the booking at once; without it, the lookup by reference and e-mail. */}
              <Link
                className="email-panel__link"
                to={
                  booking.manageToken
                    ? paths.manageBooking.getHref(booking.bookingReference, booking.manageToken)
                    : paths.findBooking.getHref(booking.bookingReference)
                }
              >
                Manage this booking
              </Link>{' '}
              any time: see it, or cancel it.
            </p>
            <EmailPreview booking={record} />
          </div>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
              Close
            </button>
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              Print Receipt
            </button>
            <a className="button button--ghost" href={ics} download={`${booking.bookingReference}.ics`}>
              Add to calendar
            </a>
          </div>
        </div>
      )}
    </Dialog>
  );
}
