import { formatInr } from '@shared/money';
import type { NewNotification } from '@/lib/notification-store';
import type { RealtimeFrame } from '@/lib/realtime';

/** The events a guest's own channel carries (functions/streams/change-events.ts), with their wire names (docs/product.md#guest-notifications). */
export const guestEvents = ['booking-update', 'booking-confirmed', 'payment-update', 'payment-failed', 'payment-success'] as const;

/** A live connection that drops says so once, as a warning toast. */
export const disconnectedNotice: NewNotification = { type: 'warning', title: 'Disconnected', message: 'Real-time updates are temporarily unavailable' };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * What the guest sees of one of their booking's frames: the bell's entry and its toast, under the
 * frame's id (so a repeated frame is one notification). Undefined for anything else.
 */
export function guestNoticeOf(frame: RealtimeFrame): NewNotification | undefined {
  const { data } = frame;
  // Timed on arrival, by this device's clock: the labels ('Just now', '5m ago') are read against it.
  const base = frame.id ? { id: frame.id } : {};
  const reference = text(data.booking_reference);
  switch (frame.event) {
    case 'booking-update':
      return {
        ...base,
        // The frame carries the booking's status: a new booking is good news, a cancellation a warning.
        type: data.status === 'pending' ? 'success' : data.status === 'cancelled' || data.status === 'expired' ? 'warning' : 'info',
        title: 'Booking Update',
        message: text(data.message) ?? (reference ? `Booking ${reference} was updated` : 'Your booking was updated'),
      };
    case 'booking-confirmed':
      return { ...base, type: 'success', title: 'Booking Confirmed', message: text(data.message) ?? 'Your booking is confirmed' };
    case 'payment-update':
      return { ...base, type: 'info', title: 'Payment Update', message: text(data.message) ?? 'Your payment was updated' };
    case 'payment-failed':
      return { ...base, type: 'error', title: 'Payment Failed', message: text(data.error) ?? 'Payment could not be processed' };
    case 'payment-success': {
      const amount = typeof data.amount === 'number' ? formatInr(data.amount) : undefined;
      const what = reference ? ` for ${reference}` : '';
      return { ...base, type: 'success', title: 'Payment Successful', message: amount ? `Payment of ${amount} received${what}` : `Payment received${what}` };
    }
    default:
      return undefined;
  }
}
