import { refundRecordedWrite, type StoredBooking } from '../db/bookings.ts';
import { getRefund, paymentRefundedWrite, putRefundWrite } from '../db/payments.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { stageProvider } from './stage-provider.ts';

/**
 * The refund's note at the provider (what the resort's payment dashboard shows): who cancelled.
 * A refund is given only within the free cancellation window (release-booking.ts' refundFor).
 */
export const refundReason = (booking: Pick<StoredBooking, 'cancelled_by'>): string =>
  `Cancelled by ${booking.cancelled_by ? 'the resort' : 'the guest'} within the free cancellation window`;

/**
 * The refund the 48-hour policy gives a cancelled, paid booking, sent through the provider by the
 * stream consumer (the cancellation only wrote the booking). Safe to repeat: the provider's
 * idempotency key is the booking's, and the record is written only if no refund is recorded yet.
 * A provider failure throws: the stream record is retried, then set aside with an alarm.
 */
export async function refundCancelledBooking(booking: StoredBooking, amount: number, now = Date.now()): Promise<void> {
  if (!booking.payment_id || amount <= 0) return;
  const provider = await stageProvider();
  const refund = await provider.refund(booking.payment_id, {
    amount: Math.round(amount * 100),
    receipt: `cancel-${booking.booking_reference}`.slice(0, 40),
    notes: { bookingReference: booking.booking_reference, reason: refundReason(booking) },
    idempotencyKey: `cancel-${booking.id}`,
  });
  const at = new Date(now).toISOString();
  const full = refund.amount >= Math.round(booking.total_amount * 100);
  const paymentId = booking.payment_id;
  const writes = (status: string) => [
    refundRecordedWrite(booking.id, { id: refund.id, status, full }),
    ...(full ? [paymentRefundedWrite(booking.id, paymentId, at)] : []),
    putRefundWrite({
      id: refund.id,
      booking_id: booking.id,
      booking_reference: booking.booking_reference,
      payment_id: paymentId,
      amount: refund.amount / 100,
      status: refund.status,
      reason: 'Cancelled within the free cancellation window',
      created_at: at,
      ...(refund.status === 'processed' ? { processed_at: at } : {}),
    }),
  ];
  try {
    await transact(writes(refund.status));
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    // The booking names its refund: recorded by an earlier attempt of this same record.
    if (error.failed.includes(0)) return;
    const own = writes(refund.status).length - 1;
    if (error.failed.some((index) => index !== own)) throw error;
    // Only the refund's own item was there: the provider's refund.processed webhook wrote it first
    // (an upsert that leaves the booking alone while it names no refund). Record it on the booking, as reported.
    const reported = await getRefund(booking.id, refund.id);
    await transact(writes(reported?.status === 'processed' ? 'processed' : refund.status).slice(0, own));
  }
}
