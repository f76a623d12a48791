import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { readAdminToken } from '../lib/admin-session';
import { paths } from './paths';

/** Without a live admin token the visitor is sent to the sign-in page (and back after signing in). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!readAdminToken()) return <Navigate to={paths.adminLogin} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
