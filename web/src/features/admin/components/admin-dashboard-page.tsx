import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { clearAdminSession, readAdminUser } from '../../../lib/admin-session';

/** The portal's frame: greeting and sign-out. The eight management tabs arrive with their issues. */
export default function AdminDashboardPage() {
  const navigate = useNavigate();
  const user = readAdminUser();

  const signOut = () => {
    clearAdminSession();
    navigate(paths.adminLogin, { replace: true });
  };

  return (
    <div className="admin">
      <header className="admin__header">
        <div>
          <h1>Welcome, {user?.name || 'Admin'}</h1>
          <p className="muted">Administrator</p>
        </div>
        <button type="button" onClick={signOut}>
          Sign Out
        </button>
      </header>
    </div>
  );
}
