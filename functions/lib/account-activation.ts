import { emailLinkMac, emailLinkMacMatches } from './bookings/manage-link.ts';

const PURPOSE = 'account-activation';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The link e-mailed to a new account: `<sign-up id>.<HMAC(e-mail link key, 'account-activation:' + id)>`.
 * The stream consumer, which writes the e-mail, derives it (it holds the link key); the sign-up's
 * item says what the link activates and until when, and is deleted when it is used. See
 * docs/architecture.md (Security).
 */
export async function activationToken(signupId: string): Promise<string> {
  return `${signupId}.${await emailLinkMac(PURPOSE, signupId)}`;
}

/** The sign-up id a token names, when its MAC is right (constant time); undefined for anything else. */
export async function activationSignupId(token: string): Promise<string | undefined> {
  const [id, mac, ...rest] = token.split('.');
  if (!id || !mac || rest.length || !UUID.test(id)) return undefined;
  return (await emailLinkMacMatches(PURPOSE, id, mac)) ? id : undefined;
}

/** The site's activation page for a token. */
export const activationUrl = (siteUrl: string, token: string): string => `${siteUrl.replace(/\/$/, '')}/account/activate?token=${encodeURIComponent(token)}`;
