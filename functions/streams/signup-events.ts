import type { AccountMailOrder } from '../lib/account-mail.ts';
import type { Change } from './change-events.ts';

type SignupItem = { id?: unknown; kind?: unknown; email?: unknown; name?: unknown; language?: unknown; activation_expires_at?: unknown };

const text = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || !value) throw new Error(`the sign-up has no ${what}`);
  return value;
};

/**
 * The e-mail a new sign-up item asks for (functions/lib/db/signups.ts): its activation link, or the
 * note to the owner of a taken address. Pure; only the insert mails (the item's later deletion,
 * used or expired, does nothing). Throws on a damaged item.
 */
export function signupMail(change: Change<SignupItem>): AccountMailOrder | undefined {
  const { after } = change;
  if (change.eventName !== 'INSERT' || !after) return undefined;
  const to = text(after.email, 'e-mail');
  const name = text(after.name, 'name');
  // The language it was made in (an older item has none: English).
  const language = typeof after.language === 'string' ? { language: after.language } : {};
  if (after.kind === 'taken') return { kind: 'signup-taken', to, name, ...language };
  if (after.kind === 'activate')
    return { kind: 'activate', to, name, signupId: text(after.id, 'id'), expiresAt: text(after.activation_expires_at, 'expiry'), ...language };
  throw new Error('the sign-up is of no known kind');
}
