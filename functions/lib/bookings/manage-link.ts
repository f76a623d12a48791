import { createHmac, timingSafeEqual } from 'node:crypto';
import { getSecretVersion } from '../secrets.ts';
import { BOOKING_ID } from '../db/bookings.ts';
import { manageTokenMatches } from './manage-token.ts';

/**
 * The manage-booking link in e-mails: `<booking id>.<32 characters of HMAC-SHA256(link key, id)>`.
 * The creation answer's own token is random and only its hash is stored (manage-token.ts), so the
 * stream consumer, which writes the e-mails, cannot know it; it derives this one instead. The link
 * key never rotates (a guest's e-mail must open their booking for its whole life); a copy of the
 * table still opens nothing. MANAGE_LINK_KEY locally, MANAGE_LINK_KEY_ARN (Secrets Manager) on AWS.
 */
let key: Promise<string> | undefined;

async function loadKey(): Promise<string> {
  const arn = process.env.MANAGE_LINK_KEY_ARN;
  const value = arn ? (await getSecretVersion(arn, 'AWSCURRENT')).secretString : (process.env.MANAGE_LINK_KEY ?? '');
  if (value.length < 32) throw new Error('The manage-link key is missing or shorter than 32 characters');
  return value;
}

function linkKey(): Promise<string> {
  key ??= loadKey().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}

const mac = (secret: string, bookingId: string, purpose: 'manage-link' | 'confirm-stay' = 'manage-link') =>
  createHmac('sha256', secret).update(`${purpose}:${bookingId}`).digest('base64url').slice(0, 32);

/**
 * The same key's MAC for another kind of e-mailed link (an account's activation): `purpose` is part
 * of what is signed, so no kind of link can stand for another.
 */
export async function emailLinkMac(purpose: string, id: string): Promise<string> {
  if (purpose === 'manage-link') throw new Error('manage-link is the booking link itself');
  return createHmac('sha256', await linkKey())
    .update(`${purpose}:${id}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Whether `given` is that MAC (constant time): an activation link's, a calendar feed's. */
export async function emailLinkMacMatches(purpose: string, id: string, given: string): Promise<boolean> {
  const expected = Buffer.from(await emailLinkMac(purpose, id));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

export async function manageLinkToken(bookingId: string): Promise<string> {
  return `${bookingId}.${mac(await linkKey(), bookingId)}`;
}

/** Whether `secret` is the link secret of this booking (constant time). */
export async function manageLinkMatches(bookingId: string, secret: string): Promise<boolean> {
  const expected = Buffer.from(mac(await linkKey(), bookingId));
  const given = Buffer.from(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Whether a manage token opens this booking: the creation answer's (only its hash is stored:
 * manage-token.ts) or an e-mail's link (derived here). The one check for every route that takes one.
 */
export async function manageTokenOpens(
  booking: { id: string; manageTokenHash?: string | undefined },
  token: { bookingId: string; secret: string },
): Promise<boolean> {
  if (token.bookingId !== booking.id) return false;
  return manageTokenMatches(booking.manageTokenHash, token.secret) || (await manageLinkMatches(booking.id, token.secret));
}

/**
 * The proof that confirms a pay-at-property stay: `<booking id>.<32 characters of HMAC-SHA256(link
 * key, "confirm-stay:" + id)>`, carried only by the e-mail's Confirm link (never in an API answer),
 * so confirming shows the guest read that mailbox. The manage token opens and cancels; it never confirms.
 */
export async function confirmStayToken(bookingId: string): Promise<string> {
  return `${bookingId}.${mac(await linkKey(), bookingId, 'confirm-stay')}`;
}

/** Whether `token` is the confirm proof of a booking (constant time); the booking it names, if so. */
export async function confirmStayTokenOpens(token: string): Promise<string | undefined> {
  const [bookingId = '', secret = '', ...rest] = token.split('.');
  if (rest.length || !BOOKING_ID.test(bookingId) || !/^[\w-]{32}$/.test(secret)) return undefined;
  const expected = Buffer.from(mac(await linkKey(), bookingId, 'confirm-stay'));
  const given = Buffer.from(secret);
  return expected.length === given.length && timingSafeEqual(expected, given) ? bookingId : undefined;
}

/** The manage-booking page for a booking, opened with its link token. */
export const manageUrl = (siteUrl: string, reference: string, token: string): string =>
  `${siteUrl.replace(/\/$/, '')}/booking/${encodeURIComponent(reference)}?token=${encodeURIComponent(token)}`;

/** The same page with the confirm proof: the e-mail's Confirm your booking button. */
export const confirmUrl = (manage: string, confirmToken: string): string => `${manage}&confirm=${encodeURIComponent(confirmToken)}`;
