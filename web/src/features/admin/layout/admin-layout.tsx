import { inRoleGroup, type UserRole } from '@shared/users';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { adminPaths } from '@/config/admin-paths';
import { readAdminUser } from '@/lib/admin-session';
import { signOut } from '@/lib/session';
import { useSiteConfig } from '@/lib/use-site-config';
import { roleLabels, tabsFor } from './admin-tabs';
import '../admin.css';

// The admin side of the live notifications (socket, then the feed when the socket fails): its own chunk.
const AdminNotifications = lazy(() => import('../live/admin-notifications'));
// The debug panel exists on the local and dev stages only (docs/product.md#portal-shell).
const DebugPanel = lazy(() => import('../debug/debug-panel'));

/**
 * The portal's frame around every tab: who is signed in, in which role, the tabs that role may open
 * (each a route of its own under /admin, so a reload or a shared link keeps the tab), the bell, and
 * Sign Out.
 */
export default function AdminLayout() {
  const navigate = useNavigate();
  const user = readAdminUser();
  const stage = useSiteConfig().data?.stage;
  const { pathname } = useLocation();
  const tabs = useRef<HTMLElement>(null);
  // On a phone the tab bar scrolls sideways: keep the open tab in view (after a reload or a shared link too).
  useEffect(() => {
    tabs.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const leave = () => {
    signOut('admin');
    navigate(adminPaths.login.getHref(), { replace: true });
  };

  return (
    <div className="admin">
      <header className="admin__header">
        <div>
          <h1>Welcome, {user?.name || 'Admin'}</h1>
          <p className="muted">{roleLabels[user?.role ?? 'admin'] ?? 'Administrator'}</p>
        </div>
        <div className="admin__header-actions">
          <Suspense fallback={null}>
            <AdminNotifications />
          </Suspense>
          {inRoleGroup((user?.role ?? 'customer') as UserRole, 'manager') ? (
            <Link to={adminPaths.audit.getHref()} className="admin__header-link">
              Audit log
            </Link>
          ) : null}
          <button type="button" onClick={leave}>
            Sign Out
          </button>
        </div>
      </header>
      <nav className="admin__tabs" aria-label="Portal sections" ref={tabs}>
        {tabsFor(user?.role).map((tab) => (
          <NavLink key={tab.id} to={tab.href} className={({ isActive }) => `admin__tab-link${isActive ? ' admin__tab-link--active' : ''}`}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <main className="admin__main">
        <Suspense
          fallback={
            <div className="page-loading" role="status" aria-live="polite">
              Loading...
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {stage === 'local' || stage === 'dev' ? (
        <Suspense fallback={null}>
          <DebugPanel />
        </Suspense>
      ) : null}
    </div>
  );
}
