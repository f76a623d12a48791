import { registerSession } from './session';
import { isLiveToken } from './token-expiry';

/** The admin portal's sign-in, kept in localStorage adminToken / adminUser (docs/product.md#admin-sign-in). */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_USER_KEY = 'adminUser';

export type AdminUser = { id: string; name: string; email: string; role: string };

/**
 * The client-side guard only decides what to render: a stored token that is present and not yet
 * expired. The server verifies the signature and role on every admin call.
 */
export function readAdminToken(now = Date.now()): string | undefined {
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  if (!token) return undefined;
  if (!isLiveToken(token, now)) {
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
