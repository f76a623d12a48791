import { useSyncExternalStore } from 'react';
import { registerSession, signOut } from './session';
import { isLiveToken } from './token-expiry';

/** A guest's account sign-in, (docs/product.md#account): localStorage, a user-token key. */
export const GUEST_TOKEN_KEY = 'userToken';
export const GUEST_USER_KEY = 'user';

export type GuestUser = { id: string; name: string; email: string; role: string };

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The stored token while it is readable and unexpired; the server checks its signature on every call. */
export function readGuestToken(now = Date.now()): string | undefined {
  const token = localStorage.getItem(GUEST_TOKEN_KEY);
  return token && isLiveToken(token, now) ? token : undefined;
}

// The parsed user is kept per stored text, so React sees the same object until it changes.
let cached: { raw: string; user: GuestUser | undefined } | undefined;

/** Who is signed in, or undefined when nobody is (or the token has run out). */
export function readGuestUser(): GuestUser | undefined {
  if (!readGuestToken()) return undefined;
  const raw = localStorage.getItem(GUEST_USER_KEY) ?? '';
  if (cached?.raw !== raw) {
    let user: GuestUser | undefined;
    try {
      const parsed = JSON.parse(raw) as Partial<GuestUser> | null;
      user = parsed && typeof parsed.id === 'string' && typeof parsed.name === 'string' ? (parsed as GuestUser) : undefined;
    } catch {
      user = undefined;
    }
    cached = { raw, user };
  }
  return cached.user;
}

// Set when the guest signs out themselves (not when a token runs out), until the next sign-in.
let leftOnPurpose = false;

/** True after the guest chose Sign out: the account page they were on sends them home rather than to Sign in. */
export const guestSignedOutOnPurpose = (): boolean => leftOnPurpose;

/** Once they are home, a later visit to an account page asks them to sign in as usual. */
export function forgetSignOutOnPurpose(): void {
  leftOnPurpose = false;
}

export function saveGuestSession(token: string, user: GuestUser): void {
  leftOnPurpose = false;
  localStorage.setItem(GUEST_TOKEN_KEY, token);
  localStorage.setItem(GUEST_USER_KEY, JSON.stringify(user));
  notify();
}

/** After a profile change: the header shows the new name at once. */
export function updateGuestUser(change: Partial<Pick<GuestUser, 'name'>>): void {
  const user = readGuestUser();
  if (!user) return;
  localStorage.setItem(GUEST_USER_KEY, JSON.stringify({ ...user, ...change }));
  notify();
}

/** Sign out, chosen by the guest (the header's button). */
export function signOutGuest(): void {
  leftOnPurpose = true;
  signOut('guest');
}

export function clearGuestSession(): void {
  localStorage.removeItem(GUEST_TOKEN_KEY);
  localStorage.removeItem(GUEST_USER_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in guest, re-rendering on sign-in, sign-out (here, in another tab, or a 401) and profile changes. */
export const useGuestUser = (): GuestUser | undefined => useSyncExternalStore(subscribe, readGuestUser, () => undefined);

registerSession('guest', { token: () => readGuestToken(), signOut: clearGuestSession });
