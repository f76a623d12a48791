import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { readAdminUser } from '@/lib/admin-session';
import { signOut } from '@/lib/session';

const roleLabels: Record<string, string> = { admin: 'Administrator', manager: 'Manager', staff: 'Staff' };

/**
 * The portal's frame around every admin tab: who is signed in, in which role, and Sign Out. Each
 * tab is a lazy route of its own under /admin, so a reload or a shared link keeps the tab.
 */
export default function AdminLayout() {
  const navigate = useNavigate();
  const user = readAdminUser();

  const leave = () => {
    signOut('admin');
    navigate(paths.adminLogin.getHref(), { replace: true });
  };

  return (
    <div className="admin">
      <header className="admin__header">
        <div>
          <h1>Welcome, {user?.name || 'Admin'}</h1>
          <p className="muted">{roleLabels[user?.role ?? 'admin'] ?? 'Administrator'}</p>
        </div>
        <button type="button" onClick={leave}>
          Sign Out
        </button>
      </header>
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
    </div>
  );
}
