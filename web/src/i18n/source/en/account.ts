import { accountMessages } from '@/features/account/components/account-forms';

/**
 * The guest's account (see ./site.ts for how a message is its own id): sign-in, sign-up, activation,
 * the profile and My Bookings, with the account rules and the API's answers. Its compiled English
 * loads with those pages (web/src/i18n/english/account.ts).
 */
export const messages = [
  // Sign in
  'See your bookings, cancel one, and book faster with your details filled in.',
  'Password',
  'Signing in...',
  'New here? <0>Create an account</0>. Booked without one? <1>Find your booking</1> with its reference.',

  // Sign up
  'Check your e-mail',
  'One more step: open the link we e-mailed you to activate your account.',
  'We sent it to <0>{email}</0>. It can take a few minutes to arrive; if it does not, look in your spam folder.',
  'Wrong address? Change it or send again',
  'Activated already? <0>Sign in</0>',
  'Create an account',
  'Keep your bookings in one place and skip typing your details next time.',
  'Full name',
  '10 digits, for the front desk to reach you',
  'At least {count} characters',
  'Create account',
  'Creating your account...',
  'Already have an account? <0>Sign in</0>',

  // Activation
  'Your account is active, {name}. You are signed in.',
  'Book a stay',
  'Go to my bookings',
  'Get a new link',
  'This activation link is incomplete. Open the link from the e-mail again, or register again with the same e-mail for a new one.',
  'Your account could not be activated. Please check your connection and try again.',
  'Account activated',
  'Activate your account',
  'Activating your account...',

  // The profile
  'Your profile is saved.',
  '(your sign-in; it cannot be changed here)',
  '10 digits',
  'Save profile',
  'Saving...',
  'Your profile',
  'Your name and phone fill in the booking form for you.',
  'Back to my bookings',
  'Loading your profile...',

  // My Bookings
  '{villa}, booking {reference}',
  'Signed in as {name} ({email}).',
  'Edit your profile',
  'Loading your bookings...',
  'No bookings yet. Your stays will appear here once you book while signed in.',
  'Find dates for your stay',
  'Something went wrong. Please check your connection and try again.',

  // The account rules and the API's answers (shared/user-schemas.ts, shared/users.ts, functions/lib/accounts.ts)
  accountMessages.passwordRequired,
  accountMessages.passwordLength,
  'Name is required',
  'Please enter a valid 10-digit phone number',
  'Invalid email or password',
  'Check your e-mail: we have sent you a message about your new account. Open the link in it within 48 hours to activate your account.',
  'Please activate your account from the link we e-mailed you. Registering again with the same e-mail sends a new link.',
  'This activation link has expired. Register again with the same e-mail address and we will send you a new one.',
  'This activation link is not valid or has already been used. If you activated your account, sign in; if not, register again with the same e-mail for a new link.',
  'Too many failed sign-in attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'Too many sign-ups from your network. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
] as const;
