import { useEffect, useReducer, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { adminPaths } from '@/config/admin-paths';
import { readAdminToken } from '@/lib/admin-session';
import { onSignOut } from '@/lib/session';

/**
 * Without a live admin token the visitor is sent to the sign-in page (and back after signing in).
 * A sign-out from anywhere (the server answered 401) re-renders the guard at once.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => onSignOut((audience) => audience === 'admin' && rerender()), []);
  if (!readAdminToken()) return <Navigate to={adminPaths.login.getHref()} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
