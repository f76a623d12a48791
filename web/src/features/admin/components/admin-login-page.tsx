import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { portalRoles, type UserRole } from '@shared/users';
import { adminPaths } from '@/config/admin-paths';
import { paths } from '@/config/paths';
import { readAdminToken, saveAdminSession } from '@/lib/admin-session';
import { ApiError } from '@/lib/api-client';
import { isNetworkFailure } from '@/lib/connectivity';
import { signIn } from '../api/sign-in';
import './admin-login.css';

const RESORT_NAME = 'Forest Resort';

/** What a failed sign-in says: the server's own words, that it cannot be reached, or the spec's fallback. */
function loginFailure(caught: unknown): string {
  if (isNetworkFailure(caught)) return 'The server cannot be reached. Check your connection and try again.';
  if (caught instanceof ApiError && caught.saidWhy) return caught.message;
  return 'Login failed. Please check your credentials.';
}

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  if (readAdminToken()) return <Navigate to={adminPaths.dashboard.getHref()} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await signIn(email, password);
      if (!result) {
        setError('Login response is invalid. Please try again.');
        return;
      }
      if (!portalRoles.includes(result.user.role as UserRole)) {
        setError('This account cannot use the admin portal.');
        return;
      }
      saveAdminSession(result.token, result.user);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from ?? adminPaths.dashboard.getHref(), { replace: true });
    } catch (caught) {
      setError(loginFailure(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="admin-login">
      <form className="admin-login__card" onSubmit={(event) => void submit(event)} noValidate={false}>
        <h1>Admin Portal</h1>
        <p className="muted">Sign in to manage {RESORT_NAME}</p>
        <label>
          Email
          <input
            type="email"
            required
            autoComplete="username"
            placeholder="Enter your email address"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            required
            autoComplete="current-password"
            placeholder="Enter your password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="alert alert--error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> Signing in...
            </>
          ) : (
            'Sign In'
          )}
        </button>
        <Link to={paths.home.getHref()}>Back to main website</Link>
      </form>
    </main>
  );
}
