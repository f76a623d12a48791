import type { messages as english } from '../en/calendar';

/** The price calendar in Hindi: a translation of each English message (../en/calendar.ts), keyed by it. */
export const messages = {
  'Select check-in date': 'चेक-इन की तारीख चुनें',
  'Select check-out date': 'चेक-आउट की तारीख चुनें',
  'Dates of your stay': 'आपके ठहराव की तारीखें',
  'Add date': 'तारीख चुनें',
  '{rule}.': '{rule}।',
  'Choose your check-in date': 'अपनी चेक-इन की तारीख चुनें',
  'Choose your check-out date (at least {date})': 'अपनी चेक-आउट की तारीख चुनें (कम से कम {date})',
  ' · choose a villa to see nightly prices': ' · हर रात की कीमत देखने के लिए विला चुनें',
  Sold: 'बुक',
  '{date}, {price} per night': '{date}, {price} प्रति रात',
  '{date}, sold out': '{date}, पूरा बुक',
  '{label}, selected': '{label}, चुना गया',
  'Nightly prices could not be loaded; you can still choose dates.': 'हर रात की कीमत लोड नहीं हो सकी; आप फिर भी तारीखें चुन सकते हैं।',
  'Lowest nightly price shown': 'सबसे कम रात की कीमत',
  'Clear dates': 'तारीखें हटाएँ',
  Done: 'हो गया',
} satisfies Record<(typeof english)[number], string>;
