import { holdingStatuses, type BookingRecord } from '../../shared/booking-rules.ts';
import { formatInr } from '../../shared/money.ts';
import { addDaysIso } from '../../shared/stay.ts';
import { toDateBlock, type StoredBlock } from '../lib/db/blocks.ts';
import type { StoredChannel } from '../lib/db/channels.ts';
import { toPublicBooking, type StoredBooking } from '../lib/db/bookings.ts';
import type { Audience } from '../lib/db/keys.ts';
import type { MailOrder } from '../lib/bookings/booking-mail.ts';
import type { StaffMailOrder } from '../lib/staff-mail.ts';

/** One item's change as the stream gives it: what it was and what it is (either may be absent). */
export type Change<T> = { eventName: 'INSERT' | 'MODIFY' | 'REMOVE'; before?: T; after?: T };

/** A message for one audience: pushed on its sockets and kept in its notification feed. */
export type Notice = { audience: Audience; event: string; data: Record<string, unknown> };

export type { MailOrder };

/** Money to send back through the provider: a paid booking was cancelled with a refund due. */
export type RefundOrder = { booking: StoredBooking; amount: number };

export type Effects = { notices: Notice[]; mail?: MailOrder; refund?: RefundOrder; staffMail?: StaffMailOrder };

const none: Effects = { notices: [] };

const summary = (booking: StoredBooking) => ({
  id: booking.id,
  booking_reference: booking.booking_reference,
  cottage_name: booking.cottage_name,
  cottage_type: booking.cottage_type,
  customer_name: booking.customer_name,
  total_amount: booking.total_amount,
  check_in_date: booking.check_in_date,
  check_out_date: booking.check_out_date,
  status: booking.status,
  payment_status: booking.payment_status,
});

/** Open wizards re-read the calendar of this villa type for these nights (no guest data in it). */
const availabilityChanged = (booking: StoredBooking, reason: string): Notice => ({
  audience: 'customer',
  event: 'availability-changed',
  data: { cottageType: booking.cottage_type, checkIn: booking.check_in_date, checkOut: booking.check_out_date, reason },
});

const forGuest = (booking: StoredBooking, event: string, data: Record<string, unknown>): Notice[] =>
  booking.user_id
    ? [{ audience: `user:${booking.user_id}`, event, data: { ...data, booking_reference: booking.booking_reference, status: booking.status } }]
    : [];

/**
 * What a booking's change causes beyond the write itself. Pure: the stream consumer turns the
 * result into frames, feed items and e-mail, each done at most once where it matters.
 */
export function bookingEffects(change: Change<StoredBooking>): Effects {
  const { before, after } = change;
  if (change.eventName === 'INSERT' && after) {
    return {
      notices: [
        { audience: 'admin', event: 'new-booking', data: { booking: summary(after) } },
        ...forGuest(after, 'booking-update', { message: `Booking ${after.booking_reference} is reserved` }),
        availabilityChanged(after, 'booked'),
      ],
      // Online: nothing to confirm until the payment arrives. Pay at property: the guest confirms from this e-mail.
      ...(after.payment_method === 'offline' && after.status === 'pending' && after.hold_expires_at
        ? { mail: { kind: 'confirm-request', booking: toPublicBooking(after), confirmBy: after.hold_expires_at } satisfies MailOrder }
        : after.status === 'confirmed'
          ? { mail: { kind: 'confirmation', booking: toPublicBooking(after) } satisfies MailOrder }
          : {}),
    };
  }
  if (change.eventName === 'REMOVE' || !before || !after) return none;

  const notices: Notice[] = [];
  let mail: MailOrder | undefined;
  let refund: RefundOrder | undefined;
  if (before.status !== after.status) {
    notices.push({
      audience: 'admin',
      event: 'booking-update',
      data: { message: `Booking ${after.booking_reference} is ${after.status}`, booking: summary(after) },
    });
    switch (after.status) {
      case 'cancelled': {
        const refundAmount = after.refund_amount ?? 0;
        notices.push(
          ...forGuest(after, 'booking-update', {
            message: `Booking ${after.booking_reference} is cancelled${refundAmount > 0 ? `; ${formatInr(refundAmount)} will be refunded` : ''}`,
          }),
        );
        mail = { kind: 'cancellation', booking: toPublicBooking(after), refundAmount };
        if (refundAmount > 0 && after.payment_status === 'paid' && after.payment_id && !after.refund_id) refund = { booking: after, amount: refundAmount };
        break;
      }
      case 'expired':
        notices.push(
          ...forGuest(after, 'payment-failed', { error: `Payment for ${after.booking_reference} was not completed in time; the hold was released` }),
        );
        break;
      case 'confirmed':
        notices.push(...forGuest(after, 'booking-confirmed', { message: `Booking ${after.booking_reference} is confirmed` }));
        mail = { kind: 'confirmation', booking: toPublicBooking(after) };
        break;
      default:
        notices.push(...forGuest(after, 'booking-update', { message: `Booking ${after.booking_reference} is ${after.status}` }));
    }
    const held = (status: BookingRecord['status']) => holdingStatuses.includes(status);
    if (held(before.status) !== held(after.status)) notices.push(availabilityChanged(after, held(after.status) ? 'booked' : 'released'));
  }
  if (before.payment_status !== after.payment_status && after.payment_status === 'paid') {
    notices.push({ audience: 'admin', event: 'payment-received', data: { paymentDetails: { amount: after.total_amount }, booking: summary(after) } });
    notices.push(...forGuest(after, 'payment-success', { amount: after.total_amount }));
  }
  // Pay at property: the guest confirmed it from the e-mail; staff see it is now a real booking.
  if (!before.guest_confirmed_at && after.guest_confirmed_at && after.status === 'pending') {
    notices.push({
      audience: 'admin',
      event: 'booking-update',
      data: { message: `Booking ${after.booking_reference} was confirmed by the guest (pay at property)`, booking: summary(after) },
    });
    notices.push(...forGuest(after, 'booking-update', { message: `Booking ${after.booking_reference} is reserved: pay at the property on arrival` }));
  }
  // Money that arrived too late for its hold went back in full: the guest and staff are told.
  if (before.payment_status !== 'refunded' && after.payment_status === 'refunded' && after.late_payment_refunded !== undefined && !before.payment_id) {
    mail = { kind: 'late-payment-refunded', booking: toPublicBooking(after), refundAmount: after.refund_amount ?? 0 };
    notices.push(
      ...forGuest(after, 'payment-failed', { error: `Your payment for ${after.booking_reference} arrived after the hold ran out and was refunded in full` }),
    );
  }
  if (after.needs_attention && after.needs_attention !== before.needs_attention)
    notices.push({ audience: 'admin', event: 'payment-attention', data: { message: after.needs_attention, booking: summary(after) } });
  // The provider processed a refund (at once in test mode, later by webhook in live mode).
  if (after.refund_id && after.refund_status === 'processed' && before.refund_status !== 'processed' && after.late_payment_refunded === undefined && !mail)
    mail = { kind: 'refund', booking: toPublicBooking(after), refundAmount: after.refund_amount ?? 0, refundId: after.refund_id };
  return { notices, ...(mail ? { mail } : {}), ...(refund ? { refund } : {}) };
}

type CatalogueItem = { id: string; name?: string; base_price?: number; price?: number; status?: string };

/** Catalogue changes reach staff (docs/product.md#staff-notifications) and open guest pages (refresh what they show). */
export function catalogueEffects(entity: 'cottage' | 'package' | 'safari' | 'pricing-rule', change: Change<CatalogueItem>): Effects {
  const { before, after } = change;
  const item = after ?? before;
  if (!item) return none;
  const refresh: Notice = { audience: 'customer', event: 'catalogue-changed', data: { entity, id: item.id } };
  const notices: Notice[] = [];
  if (entity === 'cottage' && before && after && before.base_price !== after.base_price) {
    notices.push({
      audience: 'admin',
      event: 'cottage-price-updated',
      data: { cottageId: after.id, name: after.name, oldPrice: before.base_price, newPrice: after.base_price },
    });
    notices.push({ audience: 'customer', event: 'cottage-price-updated', data: { cottageId: after.id, newPrice: after.base_price } });
  }
  if (entity === 'package' && change.eventName === 'INSERT' && after)
    notices.push({ audience: 'admin', event: 'package-created', data: { package: { id: after.id, name: after.name } } });
  if (entity === 'safari' && change.eventName === 'INSERT' && after)
    notices.push({ audience: 'admin', event: 'safari-created', data: { safari: { id: after.id, name: after.name } } });
  return { notices: [...notices, refresh] };
}

type PaymentItem = {
  booking_id?: string;
  booking_reference?: string;
  amount?: number;
  status?: string;
  method?: string;
  user_id?: string;
  error_description?: string;
};

/**
 * A failed payment attempt tells the guest's own sockets (`payment-failed`) and staff.
 * Captures are announced from the booking's change (payment-received), so not twice from here.
 */
export function paymentEffects(change: Change<PaymentItem>): Effects {
  const { before, after } = change;
  if (!after || after.status !== 'failed' || before?.status === 'failed') return none;
  const error = after.error_description ?? 'Payment could not be processed';
  return {
    notices: [
      { audience: 'admin', event: 'payment-failed', data: { error, booking: { booking_reference: after.booking_reference }, amount: after.amount } },
      ...(after.user_id
        ? [{ audience: `user:${after.user_id}` as Audience, event: 'payment-failed', data: { error, booking_reference: after.booking_reference } }]
        : []),
    ],
  };
}

type ActivityItem = { kind?: string; checks?: number; latest?: Record<string, unknown> };

/** Sampled availability checks (see functions/lib/activity.ts): one admin event per recorded sample. */
export function activityEffects(change: Change<ActivityItem>): Effects {
  const { before, after } = change;
  if (!after?.latest || change.eventName === 'REMOVE') return none;
  const checks = (after.checks ?? 0) - (before?.checks ?? 0);
  if (checks <= 0) return none;
  return { notices: [{ audience: 'admin', event: after.kind ?? 'availability-check', data: { ...after.latest, checks } }] };
}

/**
 * A date block made or removed: staff hear it (the inventory calendar redraws), and open wizards
 * re-read that villa type's calendar for the nights (no reason or names in it).
 */
export function blockEffects(change: Change<StoredBlock>): Effects {
  const made = change.eventName === 'INSERT' ? change.after : undefined;
  const removed = change.eventName === 'REMOVE' ? change.before : undefined;
  const block = made ?? removed;
  if (!block) return none;
  return {
    notices: [
      { audience: 'admin', event: made ? 'block-created' : 'block-removed', data: { block: toDateBlock(block) } },
      {
        audience: 'customer',
        event: 'availability-changed',
        data: { cottageType: block.cottage_type, checkIn: block.check_in, checkOut: block.check_out, reason: made ? 'blocked' : 'released' },
      },
    ],
  };
}

const conflictKey = (conflict: NonNullable<StoredChannel['conflicts']>[number]) =>
  `${conflict.uid}\n${JSON.stringify(conflict.with)}\n${conflict.nights.join()}`;

/**
 * A channel's sync changed its row: staff hear of each conflict it found for the first time
 * (`channel-conflict`: an event of the channel overlaps a direct booking, a block or another
 * channel's stay); open wizards re-read the nights its stays took or freed.
 */
export function channelEffects(change: Change<StoredChannel>): Effects {
  const { before, after } = change;
  if (change.eventName !== 'MODIFY' || !before || !after) return none;
  const notices: Notice[] = [];
  const known = new Set((before.conflicts ?? []).map(conflictKey));
  const fresh = (after.conflicts ?? []).filter((conflict) => !known.has(conflictKey(conflict)));
  if (fresh.length)
    notices.push({
      audience: 'admin',
      event: 'channel-conflict',
      data: { channel: { id: after.id, name: after.name, cottageId: after.cottage_id }, conflicts: fresh },
    });
  const nightsOf = (channel: StoredChannel) => new Set(Object.values(channel.events ?? {}).flat());
  const was = nightsOf(before);
  const now = nightsOf(after);
  const changed = [...[...was].filter((night) => !now.has(night)), ...[...now].filter((night) => !was.has(night))].sort();
  const first = changed[0];
  const last = changed.at(-1);
  if (first && last) {
    notices.push({
      audience: 'customer',
      event: 'availability-changed',
      data: { cottageType: after.cottage_type, checkIn: first, checkOut: addDaysIso(last, 1), reason: 'channel' },
    });
  }
  return {
    notices,
    ...(fresh.length
      ? { staffMail: { kind: 'channel-conflict', channel: { name: after.name, cottageId: after.cottage_id }, conflicts: fresh } satisfies StaffMailOrder }
      : {}),
  };
}
