/**
 * The guest's live notifications (see ./site.ts for how a message is its own id): the toasts and
 * the bell's panel, the titles and messages the site gives a booking's events, and the English the
 * stream consumer sends a guest about their booking (functions/streams/change-events.ts), which a
 * translation finds by its pattern (../../message-patterns.ts). Its compiled English loads with the
 * toasts and the panel (web/src/i18n/english/notices.ts).
 */
export const messages = [
  // The toasts and the bell's panel
  'Success',
  'Error',
  'Warning',
  'Information',
  'Dismiss: {title}',
  'Close notifications',
  'Real-time updates disconnected. Reconnecting...',
  'No notifications yet. News about your bookings will appear here.',
  'Just now',
  '{minutes}m ago',
  '{hours}h ago',

  // The titles, and the messages the site writes when a frame brings none
  'Booking Update',
  'Booking Confirmed',
  'Payment Update',
  'Payment Failed',
  'Payment Successful',
  'Disconnected',
  'Real-time updates are temporarily unavailable',
  'Dates just taken',
  'Booking {reference} was updated',
  'Your booking was updated',
  'Your booking is confirmed',
  'Your payment was updated',
  'Payment could not be processed',
  'Payment of {amount} received for {reference}',
  'Payment of {amount} received',
  'Payment received for {reference}',
  'Payment received',

  // What the server says of a guest's booking
  'Booking {reference} is reserved',
  'Booking {reference} is reserved: pay at the property on arrival',
  'Booking {reference} is confirmed',
  'Booking {reference} is cancelled',
  'Booking {reference} is cancelled; {amount} will be refunded',
  'Booking {reference} is pending',
  'Booking {reference} is checked-in',
  'Booking {reference} is completed',
  'Payment for {reference} was not completed in time; the hold was released',
  'Your payment for {reference} arrived after the hold ran out and was refunded in full',
] as const;
