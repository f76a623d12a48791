/**
 * The price calendar of step 1 (see ./site.ts for how a message is its own id). Its compiled English
 * loads with the calendar's chunk (web/src/i18n/english/calendar.ts).
 */
export const messages = [
  'Select check-in date',
  'Select check-out date',
  'Dates of your stay',
  'Add date',
  // A rule of the stay ended as a sentence (Hindi ends it with '।')
  '{rule}.',
  'Choose your check-in date',
  'Choose your check-out date (at least {date})',
  ' · choose a villa to see nightly prices',
  'Sold',
  '{date}, {price} per night',
  '{date}, sold out',
  '{label}, selected',
  'Nightly prices could not be loaded; you can still choose dates.',
  'Lowest nightly price shown',
  'Clear dates',
  'Done',
] as const;
