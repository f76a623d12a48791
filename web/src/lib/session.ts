/**
 * Who is signed in, per audience: the admin portal's session (localStorage adminToken /
 * adminUser) today, a guest's account with the guest-site issue. The API client reads the bearer
 * token here and signs the audience out here when the server answers 401.
 */
export type SessionKind = 'admin' | 'guest';
type Session = { token: () => string | undefined; signOut: () => void };

const sessions = new Map<SessionKind, Session>();
const listeners = new Set<(audience: SessionKind) => void>();

export function registerSession(audience: SessionKind, session: Session): void {
  sessions.set(audience, session);
}

export const tokenFor = (audience: SessionKind): string | undefined => sessions.get(audience)?.token();

/** Ends a session and tells whoever listens (a guard re-renders to the sign-in page). */
export function signOut(audience: SessionKind): void {
  sessions.get(audience)?.signOut();
  for (const listener of listeners) listener(audience);
}

export function onSignOut(listener: (audience: SessionKind) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
