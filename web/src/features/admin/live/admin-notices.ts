import { formatInr } from '@shared/money';
import type { NewNotification } from '@/lib/notification-store';
import type { RealtimeFrame } from '@/lib/realtime';

/** The staff channel's events (functions/streams/change-events.ts), as docs/product.md#staff-notifications lists them. */
export const adminEvents = [
  'new-booking',
  'payment-received',
  'availability-check',
  'cottage-price-updated',
  'package-created',
  'safari-created',
  'payment-failed',
  'payment-attention',
  'block-created',
  'block-removed',
  'channel-conflict',
] as const;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/**
 * What staff see of one frame: the bell's entry and (unless it is routine) its toast, under the
 * frame's id so a frame heard twice (socket and feed) is one notification. Availability checks go
 * to the bell only: live, not noisy.
 */
export function adminNoticeOf(frame: RealtimeFrame): { notice: NewNotification; toast: boolean } | undefined {
  const data = frame.data;
  const base = frame.id ? { id: frame.id } : {};
  const booking = record(data.booking);
  const reference = text(booking.booking_reference);
  switch (frame.event) {
    case 'new-booking': {
      const guest = text(booking.customer_name);
      const villa = text(booking.cottage_name);
      return {
        notice: {
          ...base,
          type: 'success',
          title: 'New Booking',
          message: [`Booking ${reference ?? ''}`.trim(), guest ? `from ${guest}` : '', villa ? `for ${villa}` : ''].filter(Boolean).join(' '),
        },
        toast: true,
      };
    }
    case 'payment-received': {
      const amount = record(data.paymentDetails).amount;
      return {
        notice: {
          ...base,
          type: 'success',
          title: 'Payment Received',
          message: `${typeof amount === 'number' ? formatInr(amount) : 'A payment'} received${reference ? ` for ${reference}` : ''}`,
        },
        toast: true,
      };
    }
    case 'availability-check': {
      const guests = typeof data.guests === 'number' ? `${data.guests} guest${data.guests === 1 ? '' : 's'}` : undefined;
      const villa = text(data.cottageType)?.replace(/-/g, ' ');
      return {
        notice: { ...base, type: 'info', title: 'Availability Check', message: `A guest checked ${villa ?? 'a villa'}${guests ? ` for ${guests}` : ''}` },
        toast: false,
      };
    }
    case 'cottage-price-updated': {
      const price = data.newPrice;
      return {
        notice: {
          ...base,
          type: 'info',
          title: 'Price Updated',
          message: `${text(data.name) ?? 'A villa'} now costs ${typeof price === 'number' ? formatInr(price) : 'a new price'} a night`,
        },
        toast: true,
      };
    }
    case 'package-created':
      return {
        notice: { ...base, type: 'info', title: 'Package Created', message: `${text(record(data.package).name) ?? 'A new package'} was created` },
        toast: true,
      };
    case 'safari-created':
      return {
        notice: { ...base, type: 'info', title: 'Safari Created', message: `${text(record(data.safari).name) ?? 'A new safari'} was created` },
        toast: true,
      };
    case 'payment-failed':
      return {
        notice: { ...base, type: 'error', title: 'Payment Failed', message: `${text(data.error) ?? 'A payment failed'}${reference ? ` (${reference})` : ''}` },
        toast: true,
      };
    case 'payment-attention':
      return {
        notice: {
          ...base,
          type: 'warning',
          title: 'Needs Attention',
          message: `${text(data.message) ?? 'A payment needs a look'}${reference ? ` (${reference})` : ''}`,
        },
        toast: true,
      };
    case 'block-created':
    case 'block-removed': {
      // Bell only: the manager who made it knows, and the inventory calendar shows it.
      const block = record(data.block);
      const unit = text(block.cottageName) ?? 'A unit';
      const nights = `${text(block.checkIn) ?? '?'} to ${text(block.checkOut) ?? '?'}`;
      return frame.event === 'block-created'
        ? {
            notice: { ...base, type: 'info', title: 'Nights Blocked', message: `${unit}: ${nights}${text(block.reason) ? ` (${text(block.reason)})` : ''}` },
            toast: false,
          }
        : { notice: { ...base, type: 'info', title: 'Block Removed', message: `${unit}: ${nights} are on sale again` }, toast: false };
    }
    case 'channel-conflict': {
      // An overbooking to sort out by hand: a channel sold nights a direct booking or a block holds.
      const channel = text(record(data.channel).name) ?? 'A channel';
      const conflicts = Array.isArray(data.conflicts) ? data.conflicts.map(record) : [];
      const first = conflicts[0] ?? {};
      const met = record(first.with);
      const what = text(met.bookingReference) ? `booking ${text(met.bookingReference) ?? ''}` : met.kind === 'block' ? 'a block' : 'another channel';
      const nights = Array.isArray(first.nights) ? first.nights.filter((night): night is string => typeof night === 'string') : [];
      const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more)` : '';
      return {
        notice: {
          ...base,
          type: 'warning',
          title: 'Channel Conflict',
          message: `${channel} sold ${nights.join(', ') || 'nights'} that ${what} holds${more}`,
        },
        toast: true,
      };
    }
    default:
      return undefined;
  }
}
