import type { MessagePattern } from './i18n';

/**
 * The English messages with values in them that a translation shows in its language
 * (localizeMessage in ./i18n.ts): the stay's, the packages', the guest form's and the safaris' rules,
 * and the API's answers that name a villa or a total. Loaded with a language other than English.
 */
export const patterns: readonly MessagePattern[] = [
  // Step 1: the stay's rules and the availability check's answers
  [/^This villa can accommodate maximum (\d+) guests$/, 'This villa can accommodate maximum {max} guests', ['max']],
  [/^Sorry, (.+) is not available for these dates\.$/, 'Sorry, {name} is not available for these dates.', ['name']],
  [
    /^Sorry, (.+) is not available for these dates any more\. Please choose other dates or another villa\.$/,
    'Sorry, {name} is not available for these dates any more. Please choose other dates or another villa.',
    ['name'],
  ],
  [
    /^(.+) has one villa, so it cannot take (\d+) rooms\. Book 1 room here, or choose another villa\.$/,
    '{name} has one villa, so it cannot take {rooms} rooms. Book 1 room here, or choose another villa.',
    ['name', 'rooms'],
  ],
  [
    /^(.+) has (\d+) villas, so it cannot take (\d+) rooms\. Book \d+ rooms here, or choose another villa\.$/,
    '{name} has {count} villas, so it cannot take {rooms} rooms. Book {count} rooms here, or choose another villa.',
    ['name', 'count', 'rooms'],
  ],
  [
    /^(.+) has one villa, so it cannot take (\d+) rooms\. Please choose another villa\.$/,
    '{name} has one villa, so it cannot take {rooms} rooms. Please choose another villa.',
    ['name', 'rooms'],
  ],
  [
    /^(.+) has (\d+) villas, so it cannot take (\d+) rooms\. Please choose another villa\.$/,
    '{name} has {count} villas, so it cannot take {rooms} rooms. Please choose another villa.',
    ['name', 'count', 'rooms'],
  ],
  [
    /^Another guest has just booked (.+) for some of your nights\. Step 1 shows what is still free\.$/,
    'Another guest has just booked {name} for some of your nights. Step 1 shows what is still free.',
    ['name'],
  ],
  // Steps 2-4: the packages', the guest form's and the safaris' rules, and the price's answer
  [/^(.+) requires minimum (\d+) guests$/, '{name} requires minimum {min} guests', ['name', 'min']],
  [/^(.+) supports maximum (\d+) guests$/, '{name} supports maximum {max} guests', ['name', 'max']],
  [/^(First name|Last name|Email|Address) must be at most (\d+) characters$/, '{field} must be at most {max} characters', ['field', 'max']],
  [/^Maximum (\d+) guests allowed for this safari$/, 'Maximum {max} guests allowed for this safari', ['max']],
  [/^Cannot exceed total booking guests \((\d+)\)$/, 'Cannot exceed total booking guests ({total})', ['total']],
  [/^This safari does not run at (.+)$/, 'This safari does not run at {slot}', ['slot']],
  [
    /^The price has changed since it was shown: the total is now (₹[\d,]+)\. Please review it and confirm again\.$/,
    'The price has changed since it was shown: the total is now {total}. Please review it and confirm again.',
    ['total'],
  ],
  // The day and the slot come written in English (shared/stay-format.ts): shown as they came.
  [/^(.+) on (.+) at (.+) does not have enough seats left$/, '{name} on {date} at {slot} does not have enough seats left', ['name', 'date', 'slot']],
  // What the server and the site say of a guest's booking in their live notifications (functions/streams/change-events.ts)
  [/^Booking (\S+) is reserved$/, 'Booking {reference} is reserved', ['reference']],
  [/^Booking (\S+) is reserved: pay at the property on arrival$/, 'Booking {reference} is reserved: pay at the property on arrival', ['reference']],
  [/^Booking (\S+) is confirmed$/, 'Booking {reference} is confirmed', ['reference']],
  [/^Booking (\S+) is cancelled$/, 'Booking {reference} is cancelled', ['reference']],
  [/^Booking (\S+) is cancelled; (₹[\d,.]+) will be refunded$/, 'Booking {reference} is cancelled; {amount} will be refunded', ['reference', 'amount']],
  [/^Booking (\S+) is pending$/, 'Booking {reference} is pending', ['reference']],
  [/^Booking (\S+) is checked-in$/, 'Booking {reference} is checked-in', ['reference']],
  [/^Booking (\S+) is completed$/, 'Booking {reference} is completed', ['reference']],
  [/^Booking (\S+) was updated$/, 'Booking {reference} was updated', ['reference']],
  [
    /^Payment for (\S+) was not completed in time; the hold was released$/,
    'Payment for {reference} was not completed in time; the hold was released',
    ['reference'],
  ],
  [
    /^Your payment for (\S+) arrived after the hold ran out and was refunded in full$/,
    'Your payment for {reference} arrived after the hold ran out and was refunded in full',
    ['reference'],
  ],
  [/^Payment of (₹[\d,.]+) received for (\S+)$/, 'Payment of {amount} received for {reference}', ['amount', 'reference']],
  [/^Payment of (₹[\d,.]+) received$/, 'Payment of {amount} received', ['amount']],
  [/^Payment received for (\S+)$/, 'Payment received for {reference}', ['reference']],
  // The account's waits (functions/lib/accounts.ts): whole minutes
  [
    /^Too many failed sign-in attempts\. Please try again in (\d+) minutes?\.$/,
    'Too many failed sign-in attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    ['minutes'],
  ],
  [
    /^Too many sign-ups from your network\. Please try again in (\d+) minutes?\.$/,
    'Too many sign-ups from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    ['minutes'],
  ],
];
