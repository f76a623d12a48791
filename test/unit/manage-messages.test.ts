import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cancellationTerms } from '../../functions/lib/bookings/release-booking.ts';
import { bookingStatuses } from '../../shared/booking-rules.ts';
import { messages } from '../../web/src/i18n/source/en/manage.ts';

/** The cancellation API's refusals must be in the manage catalogue word for word, or a guest reading Hindi sees them in English. */
describe("the manage catalogue and the cancellation's refusals (docs/product.md#languages)", () => {
  const catalogue = new Set<string>(messages);

  it('holds the reason the API gives for every status that cannot be cancelled, and for a check-in that has passed', () => {
    const booking = { payment_status: 'paid' as const, total_amount: 41_300, check_in_date: '2027-01-10' };
    const refused = bookingStatuses
      .map((status) => cancellationTerms({ ...booking, status }, Date.parse('2026-12-01T00:00:00Z')))
      .filter((terms) => !terms.cancellable);
    expect(refused).toHaveLength(4);
    const late = cancellationTerms({ ...booking, status: 'confirmed' }, Date.parse('2027-01-10T12:00:00Z'));
    for (const { reason } of [...refused, late]) expect(catalogue.has(reason ?? ''), reason).toBe(true);
  });

  it("holds the refusals cancelBooking writes in place, as the API's source spells them", () => {
    const source = readFileSync(new URL('../../functions/lib/bookings/release-booking.ts', import.meta.url), 'utf8');
    for (const message of ['This booking cannot be cancelled', 'This booking changed while you were cancelling it. Please reload it and try again.']) {
      expect(source, message).toContain(`'${message}'`);
      expect(catalogue.has(message), message).toBe(true);
    }
  });
});
