import * as z from 'zod/mini';
import { count, dateField } from './booking-fields.ts';
import { stayMessages } from './stay.ts';

/**
 * POST /api/cottages/{id}/availability (docs/product.md#availability-check). In its own module so that the booking
 * function, which imports the booking's request schemas, does not build it.
 */
export const availabilityRequestSchema = z.object({
  checkIn: dateField(stayMessages.checkInRequired),
  checkOut: dateField(stayMessages.checkOutRequired),
  guests: count('Guests', z.gte(1, 'At least 1 guest is required'), z.lte(14, 'At most 14 guests can stay')),
  rooms: z._default(count('Rooms', z.gte(1, stayMessages.roomsRequired), z.lte(4, stayMessages.roomsMax)), 1),
});
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>;
