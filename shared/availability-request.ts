import * as v from 'valibot';
import { count, dateField } from './booking.ts';
import { stayMessages } from './stay.ts';
import { fields } from './validation.ts';

/**
 * POST /api/cottages/{id}/availability (guest section 7). In its own module so that the booking
 * function, which imports shared/booking.ts, does not build it.
 */
export const availabilityRequestSchema = fields({
  checkIn: dateField(stayMessages.checkInRequired),
  checkOut: dateField(stayMessages.checkOutRequired),
  guests: count('Guests', v.minValue(1, 'At least 1 guest is required'), v.maxValue(14, 'At most 14 guests can stay')),
  rooms: v.optional(count('Rooms', v.minValue(1, stayMessages.roomsRequired), v.maxValue(4, stayMessages.roomsMax)), 1),
});
export type AvailabilityRequest = v.InferOutput<typeof availabilityRequestSchema>;
