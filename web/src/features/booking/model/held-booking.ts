import type { CreatedBooking } from '../api/schemas';
import type { Draft } from './draft';

/**
 * Whether the booking made for payment is still the stay the draft describes: a guest who went
 * back and changed the villa, dates, party, package or safaris after booking would otherwise pay
 * for the old stay while looking at the new one.
 */
export function heldMatchesDraft(booking: CreatedBooking['booking'], draft: Draft): boolean {
  const safaris = booking.safaris;
  return (
    (booking.cottage_type === undefined || booking.cottage_type === draft.cottage) &&
    booking.check_in_date === draft.checkIn &&
    booking.check_out_date === draft.checkOut &&
    booking.adults === draft.adults &&
    booking.children === draft.children &&
    booking.rooms === draft.rooms &&
    booking.package_name === draft.packageDetails?.name &&
    safaris.length === draft.safaris.length &&
    draft.safaris.every(
      (chosen, index) =>
        (safaris[index]?.safari_id ?? chosen.id) === chosen.id &&
        safaris[index]?.date === chosen.date &&
        safaris[index]?.time_slot === chosen.timeSlot &&
        safaris[index]?.guests === chosen.guests,
    )
  );
}
