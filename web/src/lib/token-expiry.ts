/** Seconds since the epoch at which a JWT expires, or undefined if it is not a readable JWT. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/** A stored token worth sending: present, readable and not yet expired (the server still checks it). */
export const isLiveToken = (token: string, now = Date.now()): boolean => {
  const expiry = tokenExpiry(token);
  return expiry !== undefined && expiry * 1000 > now;
};
