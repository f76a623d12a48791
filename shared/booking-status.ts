import * as z from 'zod/mini';
import type { BookingRecord, BookingStatus } from './booking-rules.ts';
import { cleanText } from './text.ts';
import { inRoleGroup, type RoleGroup, type UserRole } from './users.ts';
import { maxLength } from './validation.ts';

/**
 * What staff may do to a booking's status, the one table of it (the server enforces it, the portal
 * shows only the actions it allows): pending -> confirmed -> checked-in -> completed, and a pending
 * or confirmed booking may be cancelled. Checking guests in and out is front-desk work (staff and
 * up); confirming and cancelling decide about money and rooms, so they take a manager.
 */
export const statusActions = [
  { action: 'confirm', label: 'Confirm', done: 'confirmed', to: 'confirmed', stamp: 'confirmed_at', from: ['pending'], group: 'manager' },
  { action: 'cancel', label: 'Cancel', done: 'cancelled', to: 'cancelled', stamp: 'cancelled_at', from: ['pending', 'confirmed'], group: 'manager' },
  { action: 'check-in', label: 'Check in', done: 'checked in', to: 'checked-in', stamp: 'checked_in_at', from: ['confirmed'], group: 'staff' },
  { action: 'check-out', label: 'Check out', done: 'checked out', to: 'completed', stamp: 'completed_at', from: ['checked-in'], group: 'staff' },
] as const satisfies ReadonlyArray<{
  action: string;
  label: string;
  /** The label in the past tense, for messages. */
  done: string;
  to: BookingStatus;
  /** The booking's field that records when it happened. */
  stamp: keyof BookingRecord;
  from: readonly BookingStatus[];
  group: RoleGroup;
}>;

export type StatusAction = (typeof statusActions)[number];
export const targetStatuses = ['confirmed', 'cancelled', 'checked-in', 'completed'] as const;
export type TargetStatus = (typeof targetStatuses)[number];

export const actionTo = (status: TargetStatus): StatusAction => statusActions.find((entry) => entry.to === status) as StatusAction;

/** The actions a role may take on a booking in this status, in the order the row shows them. */
export const actionsFor = (status: string, role: UserRole | string | undefined): StatusAction[] =>
  statusActions.filter((entry) => (entry.from as readonly string[]).includes(status) && inRoleGroup((role ?? 'customer') as UserRole, entry.group));

/** Guests are checked in from their arrival day on (dates as the resort's calendar: shared/stay.ts resortToday). */
export const checkInOpen = (checkInDate: string, today: string): boolean => today >= checkInDate;

/** What the portal offers on this booking today: its actions, less Check in before the arrival day (the server refuses it). */
export const offeredActions = (booking: { status: string; check_in_date: string }, role: UserRole | string | undefined, today: string): StatusAction[] =>
  actionsFor(booking.status, role).filter((entry) => entry.action !== 'check-in' || checkInOpen(booking.check_in_date, today));

export const statusMessages = {
  forbidden: (label: string) => `Only a manager or an administrator can ${label.toLowerCase()} a booking. Staff can check guests in and out.`,
  wrongFrom: (reference: string, current: string, done: string) => `Booking ${reference} is ${current}: it cannot be ${done} now.`,
  changedMeanwhile: (current: string) => `This booking changed meanwhile: it is now ${current}. Please review it and try again.`,
  tooEarly: (date: string) => `Guests can be checked in from their check-in date (${date}), not before.`,
  nightsLost: 'The hold on this booking ran out and some of its nights are no longer its own: it cannot be confirmed. Please book the guest again.',
} as const;

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
