import { registerSession } from './session';

/** The admin portal's sign-in, kept where the spec keeps it: localStorage adminToken / adminUser. */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_USER_KEY = 'adminUser';

export type AdminUser = { id: string; name: string; email: string; role: string };

/** Seconds since the epoch at which a JWT expires, or undefined if it is not a readable JWT. */
function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client-side guard only decides what to render: a stored token that is present and not yet
 * expired. The server verifies the signature and role on every admin call.
 */
export function readAdminToken(now = Date.now()): string | undefined {
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  if (!token) return undefined;
  const expiry = tokenExpiry(token);
  if (expiry === undefined || expiry * 1000 <= now) {
    clearAdminSession();
    return undefined;
  }
  return token;
}

export function readAdminUser(): AdminUser | undefined {
  const raw = localStorage.getItem(ADMIN_USER_KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as AdminUser;
  } catch {
    return undefined;
  }
}

export function saveAdminSession(token: string, user: AdminUser): void {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
  localStorage.setItem(ADMIN_USER_KEY, JSON.stringify(user));
}

export function clearAdminSession(): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(ADMIN_USER_KEY);
}

registerSession('admin', { token: () => readAdminToken(), signOut: clearAdminSession });
