import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { confirmationMailContent, RESORT_NAME } from '@shared/booking-mail';
import { CHECK_IN_TIME, CHECK_OUT_TIME } from '@shared/stay-times';
import { calendarFile, stayEvent } from '@shared/calendar-file';
import { mailWords } from '@shared/mail-messages/index';
import { formatInr } from '@shared/money';
import { PriceNote } from '@/components/price-note';
import { Dialog } from '@/components/dialog';
import { paths } from '@/config/paths';
import { ConfirmByNotice } from './confirm-by-notice';
import type { CreatedBooking } from '../api/schemas';
import { formatDateWithWeekday } from '@/lib/format';
import { t as translate, useT, type MessageId } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { Trans } from '@/i18n/trans';
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
    description: translate('Booking {reference}. Check-in from {checkIn}, check-out by {checkOut} (India time).', {
      reference: booking.booking_reference,
      checkIn: CHECK_IN_TIME,
      checkOut: CHECK_OUT_TIME,
    }),
    status: booking.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
  });
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
}

/**
 * The confirmation e-mail as the guest will read it: the very content the server sends
 * (shared/booking-mail.ts), folded away until asked for.
 */
function EmailPreview({ booking }: { booking: CreatedBooking['booking'] }) {
  // In the booking's language, as the e-mail itself (the guest may switch the page's since).
  const words = mailWords(booking.language);
  const mail = useMemo(() => confirmationMailContent(booking, words), [booking, words]);
  const t = useT();
  return (
    <details className="email-preview" data-testid="email-preview">
      <summary>{t('Preview the e-mail')}</summary>
      <div className="email-preview__message" lang={words.language}>
        <p className="email-preview__meta">
          {words.say('From')}: {RESORT_NAME}
          <br />
          {words.say('To')}: {booking.customer_email}
          <br />
          {words.say('Subject')}: {mail.subject}
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
export function resultTitle(record: CreatedBooking['booking'] | undefined): MessageId {
  if (record?.payment_method === 'offline') return 'Booking held: pay at the property';
  if (record?.payment_status === 'paid') return 'Booking paid and confirmed';
  return 'Booking received';
}

/** The reference in one piece, and a button that copies it (with what happened, said to screen readers too). */
function Reference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState<MessageId>();
  const t = useT();
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
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void copy()}
        aria-label={t('Copy booking reference {reference}', { reference })}
      >
        {t('Copy')}
      </button>
      <span role="status" className="receipt__copied">
        {copied && t(copied)}
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
  const t = useT();
  // Built at each render (the dialog renders rarely): its description follows the guest's language.
  const ics = record ? calendarHref(record) : '';
  return (
    <Dialog open={booking !== undefined} title={t(resultTitle(record))} onClose={onClose} className="dialog--result dialog--receipt" hideCloseButton>
      {booking && record && (
        <div className="receipt" data-testid="booking-success">
          <p className="receipt__label">{t('Booking reference')}</p>
          <Reference reference={booking.bookingReference} />
          <dl className="receipt__facts">
            <div>
              <dt>{t('Villa')}</dt>
              <dd>{record.cottage_name}</dd>
            </div>
            <div>
              <dt>{t('Check-in')}</dt>
              <dd>{t('{date}, from {time}', { date: formatDateWithWeekday(record.check_in_date), time: CHECK_IN_TIME })}</dd>
            </div>
            <div>
              <dt>{t('Check-out')}</dt>
              <dd>{t('{date}, by {time}', { date: formatDateWithWeekday(record.check_out_date), time: CHECK_OUT_TIME })}</dd>
            </div>
            <div>
              <dt>{t('Guests')}</dt>
              <dd>
                {t('{count, plural, one {# adult} other {# adults}}', { count: record.adults })}
                {record.children > 0 ? `, ${t('{count, plural, one {# child} other {# children}}', { count: record.children })}` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('Package')}</dt>
              <dd>{record.package_name}</dd>
            </div>
            <div>
              <dt>{t('Total')}</dt>
              <dd>
                <strong>{formatInr(record.total_amount)}</strong>
                <PriceNote rupees={record.total_amount} estimatedOffline={false} />
                {record.payment_method === 'offline' ? t(', to pay at the property') : record.payment_status === 'paid' ? t(', paid online') : ''}
              </dd>
            </div>
          </dl>
          <ConfirmByNotice booking={record} />
          <div className="email-panel">
            <strong>{t('Confirmation e-mail')}</strong>
            <p>
              <Trans
                id={
                  record.payment_method === 'offline'
                    ? 'An e-mail with these details and the link to confirm is on its way to <0>{email}</0>. Free cancellation up to 48 hours before check-in.'
                    : 'A confirmation with these details is on its way to <0>{email}</0>. Free cancellation up to 48 hours before check-in.'
                }
                values={{ email: record.customer_email }}
                components={{ 0: <strong /> }}
              />
            </p>
            <p>
              {/* The link from the create answer opens the booking at once; without it, the lookup by reference and e-mail. */}
              <Trans
                id="<0>Manage this booking</0> any time: see it, or cancel it."
                components={{
                  0: (
                    <Link
                      className="email-panel__link"
                      to={
                        booking.manageToken
                          ? paths.manageBooking.getHref(booking.bookingReference, booking.manageToken)
                          : paths.findBooking.getHref(booking.bookingReference)
                      }
                    />
                  ),
                }}
              />
            </p>
            <EmailPreview booking={record} />
          </div>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
              {t('Close')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              {t('Print Receipt')}
            </button>
            <a className="button button--ghost" href={ics} download={`${booking.bookingReference}.ics`}>
              {t('Add to calendar')}
            </a>
          </div>
        </div>
      )}
    </Dialog>
  );
}
