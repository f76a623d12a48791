import { expiredHolds } from '../lib/db/booking-months.ts';
import { TransactionRefused } from '../lib/db/transactions.ts';
import { releaseBooking } from '../lib/bookings/release-booking.ts';
import type { Context } from 'aws-lambda';
import { log, setLogContext } from '../lib/logger.ts';

/**
 * Scheduled every minute: online-payment holds that ran out free their nights and seats and the
 * booking is marked expired. Expiry is already enforced by the claim condition; this is cleanup
 * and the guest-visible status change; the guest and staff hear of it from the table's stream.
 */
export const handler = async (_event?: unknown, context?: Pick<Context, 'awsRequestId'>): Promise<{ released: number; skipped: number; failed: number }> => {
  setLogContext({ requestId: context?.awsRequestId, route: 'release-expired-holds' });
  const now = Date.now();
  // Booking partitions are by UTC creation month; a month back covers any hold and a long outage.
  const months = [...new Set([new Date(now).toISOString().slice(0, 7), new Date(now - 31 * 86_400_000).toISOString().slice(0, 7)])];
  let released = 0;
  let skipped = 0;
  const failures: unknown[] = [];
  for (const booking of await expiredHolds(months, now)) {
    try {
      await releaseBooking(booking, 'expired', ['pending'], { expired_at: new Date(now).toISOString() });
      released += 1;
    } catch (error) {
      // Paid or cancelled in the meantime: its status moved on, nothing to release.
      if (error instanceof TransactionRefused) skipped += 1;
      else {
        // One bad booking must not keep the others' nights locked: go on, and fail the run at the end.
        log.error('Could not release an expired hold', { bookingId: booking.id, error });
        failures.push(error);
      }
    }
  }
  if (released || skipped || failures.length) log.info('Released expired holds', { released, skipped, failed: failures.length });
  // Failing the invocation makes the function's errors alarm see it.
  if (failures.length) throw new AggregateError(failures, `${failures.length} expired hold(s) could not be released`);
  return { released, skipped, failed: 0 };
};
