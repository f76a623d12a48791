/**
 * The booking e-mails' messages (docs/product.md#e-mails), in ICU MessageFormat: each is its own id,
 * and ./hi.ts translates them keyed by it. They are the guest's e-mails and the site's preview of the
 * confirmation (shared/booking-mail.ts), so both sides read this one catalogue (./index.ts). Run
 * `npm run i18n` after editing; test/unit/mail-language.test.ts fails until it is current.
 */
export const messages = [
  // The stay, as every booking e-mail lists it
  'Booking reference',
  'Guest',
  'Villa',
  'Check-in',
  '{date}, from {time}',
  'Check-out',
  '{date}, by {time}',
  'Guests',
  '{adults, plural, one {# adult} other {# adults}}, {children, plural, =0 {no children} one {# child} other {# children}}',
  'Package',
  'Safari',
  '{name}, {date}, {slot}, {guests, plural, one {# guest} other {# guests}}',
  'Total',
  'Special requests',
  'Payment',
  'Paid at the property',
  'Pay at the property',
  'Paid online',
  'Paid online, refunded',
  'Online ({status})',
  '{time} on {date}',
  '{instant} (India time)',

  // The policy and the times
  'Cancellation policy: free cancellation up to {hours} hours before check-in.',
  'Cancel by {deadline} and everything you paid is refunded; after that, nothing is refunded.',
  'Check-in is from {checkIn} and check-out by {checkOut} (India time).',
  'Keep your booking reference {reference}: with your e-mail address it finds your booking.',

  // Confirmed
  'Your stay at {resort}: booking {reference}',
  'Dear {name}, thank you for booking with {resort}. Your stay is confirmed.',
  'Your booking is confirmed',
  'Booking {reference} is confirmed: {villa}, check-in {date}.',
  'Manage your booking',

  // Pay at the property: confirm it
  'Please confirm your booking {reference} at {resort}',
  'Please confirm your booking',
  'Confirm booking {reference} before {deadline}, or the villa is released.',
  'Dear {name}, thank you for booking with {resort}. You chose to pay at the property.',
  'Please confirm your booking from the button below before {deadline}. Until then your villa is held for you; if it is not confirmed by then, the hold lapses and the nights are released.',
  'Confirm by',
  'Confirm your booking',

  // Cancelled
  'Booking {reference} cancelled',
  'Your booking is cancelled',
  'Booking {reference} is cancelled; {amount} will be refunded.',
  'Booking {reference} is cancelled.',
  'Dear {name}, your booking with {resort} is cancelled.',
  'A refund of {amount} has been started to the account or card you paid with. We will e-mail you again when our payment provider has processed it.',
  'The cancellation came less than {hours} hours before check-in, so under the cancellation policy nothing is refunded.',
  'Nothing was paid for this booking, so there is nothing to refund.',
  'Refund',
  '{amount}, initiated',
  'None',
  'We hope to welcome you to the forest another time.',

  // The refund processed
  'Refund of {amount} for booking {reference}',
  'Your refund is on its way',
  '{amount} for booking {reference} is on its way back to you.',
  'Dear {name}, the refund of {amount} for your cancelled booking {reference} has been processed by our payment provider.',
  'The money is on its way back to the account or card you paid with; banks usually take 5 to 7 working days to show it.',
  '{amount}, processed',
  'Refund reference',

  // A late payment refunded
  'Payment refunded: booking {reference} could not be kept',
  'Your payment has been refunded',
  'We refunded {amount} for booking {reference} in full.',
  'Dear {name}, your payment for booking {reference} reached us after the time to pay had run out, and in the meantime the villa was booked by another guest.',
  'We have refunded the full {amount} to the account or card you paid with, and our team has been told: they will be in touch to help you find other dates. We are sorry for the trouble.',
  '{amount}, in full',

  // Around every booking e-mail
  'The attached {file} adds the stay to your calendar. Booking reference {reference}.',
  'The attached {file} adds the stay to your calendar. Sent to {to} about booking {reference} at {resort}.',
  'Or open this link:',
  // The site's preview of the confirmation: who it is from and to, and its subject
  'From',
  'To',
  'Subject',

  // A guest's sign-up (functions/lib/account-mail.ts)
  'Activate your {resort} account',
  'Activate your account',
  'Open the link before {until} to activate your account.',
  'Dear {name}, thank you for creating an account with {resort}.',
  'Please open the link below before {until} to activate your account. You will be signed in straight away.',
  'Link expired? Register again with the same e-mail address and we will send you a new one.',
  'Did not ask for an account? Do not open the link: nothing is activated without it, and you can ignore this e-mail.',
  'Someone tried to sign up with your e-mail at {resort}',
  'You already have an account',
  'Nothing about your account has changed.',
  'Dear {name}, someone (perhaps you) just tried to create a new {resort} account with this e-mail address.',
  'This address already has an account, so no new one was made and nothing about your account has changed.',
  'Sign in',
  'Forgotten your password? Contact the resort: our staff will set a new one for you.',
  'If it was not you, there is nothing to do: your password has not changed.',
  'Sent to {to} by {resort}.',

  // The calendar file's event
  '{villa} at {resort} ({reference})',
  'Booking {reference}: {villa} at {resort}.',
  'Check-in from {checkIn}, check-out by {checkOut} (India time).',
  'Not confirmed yet: confirm it before {deadline} (India time), or the hold lapses.',
  'This booking is cancelled.',
  'Confirmed.',
  'Manage your booking: {url}',
] as const;
