import * as v from 'valibot';
import { bookingStatuses, type BookingStatus } from './booking.ts';
import { cleanText } from './text.ts';
import { inRoleGroup, type RoleGroup, type UserRole } from './users.ts';
import { cursorField, fields } from './validation.ts';

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
export const updateBookingStatusSchema = fields({
  status: v.picklist(targetStatuses, 'status is confirmed, cancelled, checked-in or completed'),
  reason: v.optional(
    v.pipe(
      v.string('The reason is text'),
      v.transform((text: string) => cleanText(text)),
      v.maxLength(500, 'The reason is at most 500 characters'),
    ),
  ),
});
export type UpdateBookingStatusRequest = v.InferOutput<typeof updateBookingStatusSchema>;

/** Statuses the admin list filters by (every status a booking can have). */
export const listStatuses = bookingStatuses;

export const BOOKING_PAGE_DEFAULT = 25;
export const BOOKING_PAGE_MAX = 100;
/** How far back the admin list and the dashboard counts walk the month partitions. */
export const BOOKING_MONTHS_BACK = 24;

const limitMessage = `limit is a number from 1 to ${BOOKING_PAGE_MAX}`;

/** GET /api/bookings: the list's filters (`admin` and `stats` are flags; with `stats` the answer is the dashboard). */
export const listBookingsQuerySchema = fields({
  admin: v.optional(v.string()),
  stats: v.optional(v.string()),
  status: v.optional(v.picklist(listStatuses, `status is one of ${listStatuses.join(', ')}`)),
  q: v.optional(
    v.pipe(
      v.string(),
      v.transform((text: string) => text.trim().toLowerCase()),
      v.maxLength(100, 'The search is at most 100 characters'),
    ),
  ),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, limitMessage), v.transform(Number), v.minValue(1, limitMessage), v.maxValue(BOOKING_PAGE_MAX, limitMessage)),
    String(BOOKING_PAGE_DEFAULT),
  ),
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

export const adminBookingSchema = v.looseObject({
  id: v.string(),
  booking_reference: v.string(),
  status: v.string(),
  payment_method: v.string(),
  payment_status: v.string(),
  customer_name: v.string(),
  customer_email: v.string(),
  customer_phone: v.string(),
  check_in_date: v.string(),
  check_out_date: v.string(),
  nights: v.number(),
  adults: v.number(),
  children: v.number(),
  rooms: v.optional(v.number(), 1),
  cottage_type: v.string(),
  cottage_name: v.string(),
  package_id: v.optional(v.string()),
  package_name: v.string(),
  total_amount: v.number(),
  created_at: v.string(),
  special_requests: v.optional(v.string()),
  created_by: v.optional(v.string()),
  guest_confirmed_at: v.optional(v.string()),
  /** What cancelling now would refund (the 48-hour policy, from the server). */
  cancel_refund: v.optional(v.number()),
});
export type AdminBooking = v.InferOutput<typeof adminBookingSchema>;

export const bookingCountsSchema = v.object({
  total: v.number(),
  pending: v.number(),
  confirmed: v.number(),
  checkedIn: v.number(),
  completed: v.number(),
  cancelled: v.number(),
});
export type BookingCounts = v.InferOutput<typeof bookingCountsSchema>;

export const bookingListSchema = v.object({
  bookings: v.array(adminBookingSchema),
  cursor: v.optional(v.string()),
  /** The oldest month (yyyy-mm) the list reaches back to. */
  through: v.string(),
});
export type BookingList = v.InferOutput<typeof bookingListSchema>;

export const dashboardSchema = v.object({
  overview: v.object({
    totalBookings: v.number(),
    confirmedBookings: v.number(),
    pendingBookings: v.number(),
    checkedInBookings: v.number(),
    completedBookings: v.number(),
    cancelledBookings: v.number(),
    totalRevenue: v.number(),
  }),
  recentBookings: v.array(adminBookingSchema),
  cottageOccupancy: v.array(v.object({ cottage_type: v.string(), cottage_name: v.string(), confirmed_bookings: v.number(), total_bookings: v.number() })),
  monthlyRevenue: v.array(v.object({ month: v.string(), revenue: v.number() })),
  /** The counts cover bookings made from this month (yyyy-mm) on; revenue the last 30 resort days. */
  since: v.string(),
});
export type Dashboard = v.InferOutput<typeof dashboardSchema>;

export const bookingHistoryEntrySchema = v.object({
  at: v.string(),
  event: v.string(),
  by: v.optional(v.string()),
  note: v.optional(v.string()),
  before: v.optional(v.record(v.string(), v.unknown())),
  after: v.optional(v.record(v.string(), v.unknown())),
});
export type BookingHistoryEntry = v.InferOutput<typeof bookingHistoryEntrySchema>;

export const bookingDetailsSchema = v.object({
  booking: v.looseObject({
    ...adminBookingSchema.entries,
    safaris: v.array(v.looseObject({ name: v.string(), date: v.string(), time_slot: v.string(), guests: v.number(), amount: v.number() })),
  }),
  payments: v.array(v.looseObject({ id: v.string(), method: v.string(), amount: v.number(), status: v.string(), created_at: v.string() })),
  refunds: v.array(v.looseObject({ id: v.string(), amount: v.number(), status: v.string(), created_at: v.string() })),
  history: v.array(bookingHistoryEntrySchema),
  cancellation: v.object({ refundAmount: v.number(), policy: v.string() }),
});
export type BookingDetails = v.InferOutput<typeof bookingDetailsSchema>;
