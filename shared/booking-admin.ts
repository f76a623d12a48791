import * as z from 'zod/mini';
import { bookingStatuses, type BookingStatus } from './booking.ts';
import { cleanText } from './text.ts';
import { inRoleGroup, type RoleGroup, type UserRole } from './users.ts';
import { cursorField, maxLength, pageLimit } from './validation.ts';

/**
 * What staff may do to a booking's status, the one table of it (the server enforces it, the portal
 * shows only the actions it allows): pending -> confirmed -> checked-in -> completed, and a pending
 * or confirmed booking may be cancelled. Checking guests in and out is front-desk work (staff and
 * up); confirming and cancelling decide about money and rooms, so they take a manager.
 */
export const statusActions = [
  { action: 'confirm', label: 'Confirm', to: 'confirmed', from: ['pending'], group: 'manager' },
  { action: 'cancel', label: 'Cancel', to: 'cancelled', from: ['pending', 'confirmed'], group: 'manager' },
  { action: 'check-in', label: 'Check in', to: 'checked-in', from: ['confirmed'], group: 'staff' },
  { action: 'check-out', label: 'Check out', to: 'completed', from: ['checked-in'], group: 'staff' },
] as const satisfies ReadonlyArray<{ action: string; label: string; to: BookingStatus; from: readonly BookingStatus[]; group: RoleGroup }>;

export type StatusAction = (typeof statusActions)[number];
export const targetStatuses = ['confirmed', 'cancelled', 'checked-in', 'completed'] as const;
export type TargetStatus = (typeof targetStatuses)[number];

export const actionTo = (status: TargetStatus): StatusAction => statusActions.find((entry) => entry.to === status) as StatusAction;

/** The actions a role may take on a booking in this status, in the order the row shows them. */
export const actionsFor = (status: string, role: UserRole | string | undefined): StatusAction[] =>
  statusActions.filter((entry) => (entry.from as readonly string[]).includes(status) && inRoleGroup((role ?? 'customer') as UserRole, entry.group));

export const statusMessages = {
  forbidden: (label: string) => `Only a manager or an administrator can ${label.toLowerCase()} a booking. Staff can check guests in and out.`,
  wrongFrom: (reference: string, current: string, label: string) =>
    `Booking ${reference} is ${current}: it cannot be ${pastTense[label] ?? label.toLowerCase()} now.`,
  changedMeanwhile: (current: string) => `This booking changed meanwhile: it is now ${current}. Please review it and try again.`,
  tooEarly: (date: string) => `Guests can be checked in from their check-in date (${date}), not before.`,
  nightsLost: 'The hold on this booking ran out and some of its nights are no longer its own: it cannot be confirmed. Please book the guest again.',
} as const;

const pastTense: Record<string, string> = { Confirm: 'confirmed', Cancel: 'cancelled', 'Check in': 'checked in', 'Check out': 'checked out' };

/** PATCH /api/bookings/{id}/status. */
export const updateBookingStatusSchema = z.object({
  status: z.enum(targetStatuses, 'status is confirmed, cancelled, checked-in or completed'),
  reason: z.optional(
    z.string('The reason is text').check(
      z.overwrite((text: string) => cleanText(text)),
      maxLength(500, 'The reason is at most 500 characters'),
    ),
  ),
});
export type UpdateBookingStatusRequest = z.infer<typeof updateBookingStatusSchema>;

/** Statuses the admin list filters by (every status a booking can have). */
export const listStatuses = bookingStatuses;

export const BOOKING_PAGE_DEFAULT = 25;
export const BOOKING_PAGE_MAX = 100;
/** How far back the admin list and the dashboard counts walk the month partitions. */
export const BOOKING_MONTHS_BACK = 24;

/** GET /api/bookings: the list's filters (`admin` and `stats` are flags; with `stats` the answer is the dashboard). */
export const listBookingsQuerySchema = z.object({
  admin: z.optional(z.string()),
  stats: z.optional(z.string()),
  status: z.optional(z.enum(listStatuses, `status is one of ${listStatuses.join(', ')}`)),
  q: z.optional(
    z.string().check(
      z.overwrite((text: string) => text.trim().toLowerCase()),
      maxLength(100, 'The search is at most 100 characters'),
    ),
  ),
  limit: pageLimit(`${BOOKING_PAGE_DEFAULT}`, BOOKING_PAGE_MAX),
  cursor: cursorField(4000),
});

/** The fields a search looks in (case-insensitive contains): guest, e-mail, phone, reference, villa name and type. */
export const searchableText = (booking: {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  booking_reference: string;
  cottage_name: string;
  cottage_type: string;
}): string =>
  [
    booking.customer_name,
    booking.customer_email,
    booking.customer_phone,
    booking.customer_phone.replace(/\D/g, ''),
    booking.booking_reference,
    booking.cottage_name,
    booking.cottage_type,
    booking.cottage_type.replace(/-/g, ' '),
  ]
    .join('\n')
    .toLowerCase();

/** POST /api/bookings/admin: a phone booking typed by staff (its schema lives beside the guest's). */
export { createStaffBookingSchema, type CreateStaffBookingRequest } from './booking.ts';

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
    safaris: z.array(z.looseObject({ name: z.string(), date: z.string(), time_slot: z.string(), guests: z.number(), amount: z.number() })),
  }),
  payments: z.array(z.looseObject({ id: z.string(), method: z.string(), amount: z.number(), status: z.string(), created_at: z.string() })),
  refunds: z.array(z.looseObject({ id: z.string(), amount: z.number(), status: z.string(), created_at: z.string() })),
  history: z.array(bookingHistoryEntrySchema),
  cancellation: z.object({ refundAmount: z.number(), policy: z.string() }),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;
