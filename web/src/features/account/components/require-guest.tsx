import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { forgetSignOutOnPurpose, guestSignedOutOnPurpose, useGuestUser, type GuestUser } from '@/lib/guest-session';

function LeaveHome() {
  useEffect(() => forgetSignOutOnPurpose(), []);
  return <Navigate to={paths.home.getHref()} replace />;
}

/**
 * Account pages need a signed-in guest: without one (or once the token is refused, or signed out in
 * another tab) the visitor goes to Sign in, and comes back here after. A guest who just chose Sign
 * out goes home.
 */
export function RequireGuest({ children }: { children: (user: GuestUser) => ReactNode }) {
  const user = useGuestUser();
  const location = useLocation();
  if (!user && guestSignedOutOnPurpose()) return <LeaveHome />;
  if (!user) return <Navigate to={paths.accountSignIn.getHref()} replace state={{ from: location.pathname }} />;
  return <>{children(user)}</>;
}
