import type { AdminUser } from '@shared/admin-users';
import type { Column } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { roleOptions } from './user-form';
import type { UserActions } from './use-user-actions';

const roleLabel = (role: string) => roleOptions.find((option) => option.value === role)?.label ?? role;
const when = (iso: string | undefined) =>
  iso ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso)) : undefined;

const clock = (iso: string) => new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** What a sign-in lockout means for the account, in a line: locked addresses, or unknown ones slowed, and until when. */
function lockText(lock: NonNullable<AdminUser['sign_in_lock']>): string {
  const from = lock.addresses ? `${lock.addresses} address${lock.addresses === 1 ? '' : 'es'} locked out` : '';
  const slowed = lock.slowed ? 'new addresses slowed to a try a minute' : '';
  return `${[from, slowed].filter(Boolean).join('; ')} until ${clock(lock.until)}`;
}

/** The users table's columns, the last one each user's actions (never suspending or deleting oneself). */
export function userColumns(actions: UserActions, me: { id: string } | undefined): Array<Column<AdminUser>> {
  const { openForm, setStatusOf, setResetting, unlock, setDeleting } = actions;
  return [
    {
      id: 'user',
      header: 'User',
      sortValue: (user) => user.name.toLowerCase(),
      cell: (user) => (
        <div className="users__name">
          <strong>{user.name}</strong>
          <span className="muted users__id">ID: {user.id.slice(0, 8)}</span>
        </div>
      ),
    },
    {
      id: 'contact',
      header: 'Contact',
      sortValue: (user) => user.email,
      cell: (user) => (
        <div className="users__contact">
          <a href={`mailto:${user.email}`}>{user.email}</a>
          {user.phone ? <span className="muted">{user.phone}</span> : null}
        </div>
      ),
    },
    { id: 'role', header: 'Role', sortValue: (user) => user.role, cell: (user) => roleLabel(user.role) },
    { id: 'department', header: 'Department', sortValue: (user) => user.department ?? '', cell: (user) => user.department ?? <span className="muted">—</span> },
    {
      id: 'status',
      header: 'Status',
      sortValue: (user) => `${user.status}${user.sign_in_lock ? ' locked' : ''}`,
      cell: (user) => (
        <div className="users__status">
          {/* A guest's sign-up waits as pending until its e-mailed link is opened: it cannot sign in yet. */}
          <StatusBadge status={user.status} {...(user.status === 'pending' ? { label: 'Not activated' } : {})} />
          {user.sign_in_lock ? (
            <>
              <StatusBadge status="locked" label="Sign-in locked" />
              <span className="muted users__lock">{lockText(user.sign_in_lock)}</span>
            </>
          ) : null}
        </div>
      ),
    },
    {
      id: 'last-login',
      header: 'Last Login',
      sortValue: (user) => user.last_login ?? '',
      cell: (user) => when(user.last_login) ?? <span className="muted">Never</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (user) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary" onClick={() => openForm({ mode: 'edit', user })} aria-label={`Edit ${user.email}`}>
            Edit
          </button>
          {user.status === 'active' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStatusOf.mutate({ user, next: 'suspended' })}
              disabled={user.id === me?.id}
              aria-label={`Suspend ${user.email}`}
            >
              Suspend
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStatusOf.mutate({ user, next: 'active' })}
              aria-label={`Activate ${user.email}`}
            >
              Activate
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => setResetting(user)} aria-label={`Reset password of ${user.email}`}>
            Reset password
          </button>
          {user.sign_in_lock ? (
            <button type="button" className="button button--secondary" onClick={() => unlock.mutate(user)} aria-label={`Unlock sign-in of ${user.email}`}>
              Unlock
            </button>
          ) : null}
          <button
            type="button"
            className="button button--danger"
            onClick={() => setDeleting(user)}
            disabled={user.id === me?.id}
            aria-label={`Delete ${user.email}`}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];
}
