import { lookupMessages } from '@/features/manage/components/lookup-form';

/**
 * A booking after it is made (see ./site.ts for how a message is its own id): the manage page and
 * the lookup by e-mail, the booking's details and its cancellation (also shown in My Bookings), the
 * pay-at-property confirmation and the payment history. Its compiled English loads with those
 * pages (web/src/i18n/english/manage.ts).
 */
export const messages = [
  // The frame of the guest pages
  'Skip to the content',

  // The booking's details
  'Pending',
  'Reserved',
  'Confirmed',
  'Checked in',
  'Cancelled',
  'Completed',
  'Expired',
  'Refunded',
  'Paid online',
  'Nothing was charged',
  'To pay at the property',
  'Payment pending',
  '{adults, plural, one {# adult} other {# adults}}{children, plural, =0 {} one {, # child} other {, # children}}, {rooms, plural, one {# room} other {# rooms}}',
  '{date}, from {time}',
  '{date}, by {time}',
  'Safaris',
  'Payment',
  'Refund',
  'Price breakdown',

  // Cancelling
  'Nothing has been charged for this booking (you chose to pay at the property), so there is nothing to refund and nothing to pay.',
  'Nothing has been charged for this booking (the online payment was not completed), so there is nothing to refund and nothing to pay.',
  'Everything you paid comes back: you are cancelling before the free-cancellation deadline, {deadline}.',
  'No refund: free cancellation ended on {deadline}.',
  '{refund} of the {total} you paid comes back.',
  'You can cancel for a full refund until {deadline}, 48 hours before check-in. After that, nothing is refunded.',
  'Free cancellation until {deadline}.',
  'Free cancellation ended on {deadline}.',
  'Nothing has been charged, so cancelling costs nothing.',
  'Cancelling now refunds {amount}.',
  'Booking {reference} is cancelled.',
  'Refund: <0>{amount}</0>, to the card you paid with, within 5-7 working days.',
  'Refund: <0>{amount}</0>.',
  'Refund: <0>{amount}</0> (nothing was charged).',
  'A confirmation is on its way to {email}.',
  'Find other dates for your stay',
  'This booking can no longer be cancelled online.',
  'Cancel booking',
  'Cancel booking {reference}?',
  '{villa}, {from} to {to}, {guests, plural, one {# guest} other {# guests}}, for {name}.',
  'Refund if you cancel now',
  '(try again in {seconds, plural, one {# second} other {# seconds}})',
  'Cancelling...',
  'Yes, cancel booking',
  'Keep my booking',

  // The manage page
  'You can try again in {seconds, plural, one {# second} other {# seconds}}.',
  'Your booking could not be loaded. Please check your connection and try again.',
  'Find it with your e-mail',
  'Booking {reference}',
  'Your booking',
  'Loading your booking...',
  'Questions about your stay? Call the front desk on <0>{phone}</0>.',

  // Finding a booking
  'The booking could not be loaded. Please check your connection and try again.',
  '(you can try again in {seconds, plural, one {# second} other {# seconds}})',
  'Find your booking',
  'See your stay, and cancel it if your plans change.',
  'As in your confirmation e-mail, for example VMLX2K9QF3A1B2C3',
  'The address you booked with',
  'Find my booking',
  'Finding your booking...',
  'Have an account? <0>Sign in</0> to see all your bookings.',
  lookupMessages.referenceRequired,
  lookupMessages.reference,
  // The API's own English (functions/lib/bookings)
  'No booking matches this reference and e-mail',
  'No booking matches this reference and link',
  'This booking can no longer be cancelled: check-in time has passed',

  // Confirming a stay paid at the property
  'Your stay is reserved',
  '{villa} is reserved for you from {date}. Pay <0>{amount}</0> at the property when you arrive; check-in is from {time}.',
  'You confirmed it on {when}.',
  'The time to confirm has run out',
  'This booking was not confirmed within 24 hours, so its villa is no longer held. Nothing was charged.',
  'Book again',
  'Confirm your booking',
  'We are holding {villa} for you until <0>{deadline}</0>. Confirm now to keep it; otherwise the hold is released and the villa goes back on sale.',
  'We are holding {villa} for you. Confirm now to keep it; otherwise the hold is released and the villa goes back on sale.',
  'Nothing to pay now: you pay <0>{amount}</0> at the property when you arrive.',
  'Confirming...',
  'Confirm my booking',
  'To confirm it, use the Confirm your booking button in the e-mail we sent to {email}.',
  "We couldn't reach the resort, so your booking is not confirmed yet. Please check your connection and try again.",

  // What was paid and refunded
  'Online (card, UPI or net banking)',
  'At the property',
  'On its way: 5-7 working days to reach your account',
  'Sent back to the account you paid from (your bank may take 5-7 working days to show it)',
  'Could not be sent: our front desk will contact you',
  'Paid',
  'Paid on',
  'Method',
  'Payment ID',
  'Refunded on',
  'Status',
  'Refund ID',
  'The payment details could not be loaded.',
  'Try again',
  'Payment and refund',
] as const;
