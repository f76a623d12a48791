import * as z from 'zod/mini';

/*
 * The staff portal's bookings: what the functions parse and decide is in booking-status.ts (status
 * changes) and booking-list.ts (the list), each in its own module so a function builds only its own
 * schema; the answers as the portal reads them are here (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 */
export * from './booking-status.ts';
export * from './booking-list.ts';

/** POST /api/bookings/admin: a phone booking typed by staff (its schema lives beside the guest's). */
export { createStaffBookingSchema, type CreateStaffBookingRequest } from './booking-request.ts';

// Answers, as the portal reads them (extra fields pass through unread).

export const adminBookingSchema = z.looseObject({
  id: z.string(),
  booking_reference: z.string(),
  status: z.string(),
  payment_method: z.string(),
  payment_status: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  check_in_date: z.string(),
  check_out_date: z.string(),
  nights: z.number(),
  adults: z.number(),
  children: z.number(),
  rooms: z._default(z.number(), 1),
  cottage_type: z.string(),
  cottage_name: z.string(),
  package_id: z.optional(z.string()),
  package_name: z.string(),
  total_amount: z.number(),
  created_at: z.string(),
  special_requests: z.optional(z.string()),
  created_by: z.optional(z.string()),
  guest_confirmed_at: z.optional(z.string()),
  /** What cancelling now would refund (the 48-hour policy, from the server). */
  cancel_refund: z.optional(z.number()),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const bookingCountsSchema = z.object({
  total: z.number(),
  pending: z.number(),
  confirmed: z.number(),
  checkedIn: z.number(),
  completed: z.number(),
  cancelled: z.number(),
});
export type BookingCounts = z.infer<typeof bookingCountsSchema>;

export const bookingListSchema = z.object({
  bookings: z.array(adminBookingSchema),
  cursor: z.optional(z.string()),
  /** The oldest month (yyyy-mm) the list reaches back to. */
  through: z.string(),
});
export type BookingList = z.infer<typeof bookingListSchema>;

export const dashboardSchema = z.object({
  overview: z.object({
    totalBookings: z.number(),
    confirmedBookings: z.number(),
    pendingBookings: z.number(),
    checkedInBookings: z.number(),
    completedBookings: z.number(),
    cancelledBookings: z.number(),
    totalRevenue: z.number(),
  }),
  recentBookings: z.array(adminBookingSchema),
  cottageOccupancy: z.array(z.object({ cottage_type: z.string(), cottage_name: z.string(), confirmed_bookings: z.number(), total_bookings: z.number() })),
  monthlyRevenue: z.array(z.object({ month: z.string(), revenue: z.number() })),
  /** The counts cover bookings made from this month (yyyy-mm) on; revenue the last 30 resort days. */
  since: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const bookingHistoryEntrySchema = z.object({
  at: z.string(),
  event: z.string(),
  by: z.optional(z.string()),
  note: z.optional(z.string()),
  before: z.optional(z.record(z.string(), z.unknown())),
  after: z.optional(z.record(z.string(), z.unknown())),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

export const bookingDetailsSchema = z.object({
  booking: z.looseObject({
    ...adminBookingSchema.shape,
    safaris: z.array(
      z.looseObject({ name: z.string(), date: z.string(), time_slot: z.string(), guests: z.number(), amount: z.number(), included: z.optional(z.boolean()) }),
    ),
  }),
  payments: z.array(z.looseObject({ id: z.string(), method: z.string(), amount: z.number(), status: z.string(), created_at: z.string() })),
  refunds: z.array(z.looseObject({ id: z.string(), amount: z.number(), status: z.string(), created_at: z.string() })),
  history: z.array(bookingHistoryEntrySchema),
  cancellation: z.object({ refundAmount: z.number(), policy: z.string() }),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;
