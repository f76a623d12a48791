import type { ChannelConflict } from '../../../shared/channels.ts';
import { getBooking } from '../db/bookings.ts';
import type { NightHolder } from '../db/inventory.ts';

/** Who holds a night, as a refusal or a conflict names it: a booking by its reference, a block or a channel by id. */
export async function describeHolder(holder: NightHolder): Promise<ChannelConflict['with']> {
  if ('blockId' in holder) return { kind: 'block', blockId: holder.blockId };
  if ('channelId' in holder) return { kind: 'channel', channelId: holder.channelId };
  const booking = await getBooking(holder.bookingId);
  return { kind: 'booking', bookingId: holder.bookingId, bookingReference: booking?.booking_reference ?? holder.bookingId };
}
